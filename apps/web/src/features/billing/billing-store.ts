/**
 * The open state of the global pay and VIP modals (spec section 2, global overlays), so
 * any page opens them without mounting its own: `openPay(request)` for a recharge package
 * or a per-use unlock paid by QR, `openVip()` for the VIP purchase modal. Kept free of
 * React components so a feature can import it without loading the modals.
 */
import { Code } from '@jq/contract';
import { create } from 'zustand';
import { ApiError } from '../../shared/api/client';
import type { VipLength } from './api';

/** Fired on the window when a VIP order is paid; the overlays reload the user's info. */
export const VIP_PAY_SUCCESS_EVENT = 'vipPaySuccess';

export type PerUseAction = 'OptPerCharge' | 'DockPerCharge' | 'ChatPerCharge';

/** Credits needed and held, from a -403 refusal's data when the balance is short. */
export interface Shortfall {
  need: number;
  power: number;
}

export interface RechargeRequest {
  kind: 'recharge';
  packageId: string;
  /** Fen the package costs (the server checks it). */
  price: number;
  power: number;
}

export interface PerUseRequest {
  kind: 'perUse';
  action: PerUseAction;
  pid?: number;
  conversationId?: string;
  /** Set when the modal opens because credits ran short. */
  shortfall?: Shortfall;
}

export type PayRequest = (RechargeRequest | PerUseRequest) & {
  /** Runs once the order is paid (after the billing queries are refreshed). */
  onPaid?(): void;
};

interface BillingOverlayState {
  pay: PayRequest | null;
  isVipOpen: boolean;
  /** The tier already chosen on a page (/vip): the modal confirms it; null: it offers all three. */
  vipLength: VipLength | null;
  openPay(request: PayRequest): void;
  closePay(): void;
  openVip(length?: VipLength): void;
  closeVip(): void;
}

export const useBillingStore = create<BillingOverlayState>()((set) => ({
  pay: null,
  isVipOpen: false,
  vipLength: null,
  openPay: (pay) => set({ pay, isVipOpen: false }),
  closePay: () => set({ pay: null }),
  openVip: (length) => set({ isVipOpen: true, vipLength: length ?? null, pay: null }),
  closeVip: () => set({ isVipOpen: false }),
}));

export const openPay = (request: PayRequest) => useBillingStore.getState().openPay(request);
export const openVip = (length?: VipLength) => useBillingStore.getState().openVip(length);

/** The shortfall a refusal carries (-403 with data {need, power}), else null. */
export function readShortfall(error: unknown): Shortfall | null {
  if (!(error instanceof ApiError) || error.code !== Code.FORBIDDEN) return null;
  const data = error.data as Partial<Shortfall> | null;
  if (typeof data?.need !== 'number' || typeof data.power !== 'number') return null;
  return { need: data.need, power: data.power };
}
