/**
 * What happens around a sign-in, shared by the modal, the login page and WeChat: saving
 * the user, reading the status, the redirect after sign-in, and clearing the login on
 * logout or ban. The session cookie is the server's; here only the local copy changes.
 */
import { Code } from '@jq/contract';
import { ApiError } from '../../shared/api/client';
import { useSettingsStore } from '../../shared/stores/settings-store';
import { type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { trackEvent } from '../../shared/tracking/tracker';
import { getUserStatus, logout, type SignInResult, saveUserBaseInfo } from './api';

/** Query names a sign-in consumes and removes from the address afterwards. */
const SIGN_IN_QUERY = ['redirect', 'code', 'state'];

export function toUserInfo(result: SignInResult | UserInfo): UserInfo {
  const { isNew: _isNew, ...info } = result as SignInResult;
  return info;
}

/** Reads the server status (role, VIP, commoncfg) into the store; failures keep what is there. */
export async function refreshStatus(): Promise<void> {
  try {
    useUserStore.getState().setStatus(await getUserStatus());
  } catch {
    // The status is decoration: the profile decides whether the user is signed in.
  }
}

/**
 * Saves a finished sign-in. A returning user's saved identity wins over this browser's
 * choice; a new account takes the identity the visitor was already browsing as.
 */
export async function saveSignIn(result: SignInResult): Promise<void> {
  const info = toUserInfo(result);
  const settings = useSettingsStore.getState();
  if (result.isNew) {
    trackEvent({ action: 'register', type: 'account', param: info.uguid });
    if (info.identity !== settings.identity) {
      await saveUserBaseInfo({ identity: settings.identity }).catch(() => {});
    }
    useUserStore.getState().setInfo({ ...info, identity: settings.identity });
  } else {
    useUserStore.getState().setInfo(info);
    settings.setIdentity(info.identity);
  }
  await refreshStatus();
}

/**
 * A same-site path only: `redirect` comes from the address bar and must not leave the site.
 * The browser's own URL parser decides (it drops tabs and newlines and reads `\\` as `/`,
 * which turned `/\t/evil.example` into an off-site address); the answer is the path
 * resolved against this origin, never the raw text.
 */
export function safeRedirect(
  value: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!value?.startsWith('/')) return null;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Where the page goes after a sign-in: the redirect query, else the same page without sign-in query. */
export function afterSignInHref(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const params = new URLSearchParams(location.search);
  const redirect = safeRedirect(params.get('redirect'));
  if (redirect) return redirect;
  for (const name of SIGN_IN_QUERY) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

const RELOAD_DELAY_MS = 600;

/**
 * Spec section 4: after a sign-in the page reloads, so every page starts as the signed-in
 * user. A moment later, so the success message is read; the target is taken then, so a
 * page opened meanwhile is the one reloaded.
 */
export function reloadAfterSignIn(): void {
  setTimeout(() => {
    const href = afterSignInHref(window.location);
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (href === current) window.location.reload();
    else window.location.replace(href);
  }, RELOAD_DELAY_MS);
}

export function isBannedError(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.ACCOUNT_BANNED;
}

/** Logout: the server ends the session; the local login data goes even if that call fails. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } finally {
    useUserStore.getState().clearLogin();
  }
}
