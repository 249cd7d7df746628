/**
 * The account's public surface: its pages (lazy), and what the shell mounts on every page:
 * the global overlays, the header's account entry and identity switch, and the route guard.
 */
import { lazyPage } from '../../shared/navigation/lazy-page';

export { AccountOverlays } from './account-overlays';
export { createAccountGuard, needsGuard } from './guard-loader';
export { HeaderAccount } from './header-account';
export { useIdentitySwitch } from './use-identity-switch';

export const LoginPage = lazyPage(() => import('./login-page'));
export const LoginBarePage = lazyPage(() => import('./login-bare-page'));
export const UserPage = lazyPage(() => import('./user-page'));
