/**
 * The profile refresh of the route guard (spec section 2): a signed-in user's info is read
 * again from the server on the first page of a load and then whenever it is over five
 * minutes old, once at a time, and a failure is turned into what the guard does.
 */
import { Code, codeMessages, messages } from '@jq/contract';
import { account } from '../../locales/zh-CN/account';
import { type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { getUserInfo } from './api';
import { type RefreshFailure, readRefreshFailure } from './guard';
import { emitAccountNotice } from './notices';
import { refreshStatus } from './session';

export const PROFILE_MAX_AGE_MS = 5 * 60 * 1000;

let refreshedAt = 0;
let inFlight: Promise<RefreshFailure | null> | null = null;

/** Resolves null when there is nothing to refresh or the refresh worked. */
export function refreshProfile(
  fetchUserInfo: () => Promise<UserInfo> = getUserInfo,
): Promise<RefreshFailure | null> {
  if (!useUserStore.getState().info || Date.now() - refreshedAt < PROFILE_MAX_AGE_MS)
    return Promise.resolve(null);
  inFlight ??= (async () => {
    try {
      useUserStore.getState().setInfo(await fetchUserInfo());
      refreshedAt = Date.now();
      void refreshStatus();
      return null;
    } catch (error) {
      return readRefreshFailure(error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * Applies a failed refresh: notices, clearing the login where the account is gone. Returns
 * the page to go to instead (null: stay, now as a visitor when the login was cleared).
 */
export function handleRefreshFailure(failure: RefreshFailure, pathname: string): string | null {
  const home = pathname.toLowerCase() === '/home' ? null : '/home';
  if (failure === 'ipBanned') {
    emitAccountNotice({ kind: 'error', title: codeMessages[Code.IP_BANNED] });
    return '/ipBanned';
  }
  if (failure === 'banned') {
    useUserStore.getState().clearLogin();
    emitAccountNotice({ kind: 'error', title: account.bannedContact });
    return home;
  }
  if (failure === 'sessionEnded') {
    useUserStore.getState().clearLogin();
    return null;
  }
  emitAccountNotice({ kind: 'error', title: messages.loadUserFailed });
  return home;
}

/** Tests start a fresh page load. */
export function resetProfileRefresh(): void {
  refreshedAt = 0;
  inFlight = null;
}
