/**
 * Billing's public surface: its pages and the chat unlock dialog (both lazy), the global
 * pay and VIP overlays, and the store's actions any page uses to open them.
 */
import { lazy } from 'react';
import { lazyPage } from '../../shared/navigation/lazy-page';

export { BillingOverlays } from './billing-overlays';
export { openPay, openVip, readShortfall, VIP_PAY_SUCCESS_EVENT } from './billing-store';
export { PowerHelp } from './power-help';

export const PowerPage = lazyPage(() => import('./power-page'));
export const VipPage = lazyPage(() => import('./vip-page'));
export const VipAgreementPage = lazyPage(() => import('./vip-agreement-page'));

/** Unlocking an assistant conversation (credits or a QR payment); loads when first rendered. */
export const ChatUnlockModal = lazy(async () => ({
  default: (await import('./chat-unlock-modal')).ChatUnlockModal,
}));
