/**
 * The route guard as a React Router loader on every page that needs an account, so such
 * a page never flashes before the redirect. A signed-in user's profile is refreshed first
 * (see profile-refresh.ts) and its failures handled per spec section 2; a visitor goes to
 * /home with a `redirect` query and the login modal open. Public pages have no loader, so
 * their navigation stays synchronous; the account start refreshes the profile there.
 * Does nothing while the account feature is off.
 */
import { isFeatureEnabled, type PageRoute } from '@jq/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { getUserInfo } from './api';
import { decideAccess } from './guard';
import { handleRefreshFailure, refreshProfile } from './profile-refresh';

export interface AccountGuardDeps<R extends PageRoute> {
  isPageAvailable(route: R): boolean;
  fetchUserInfo?: () => Promise<UserInfo>;
  isEnabled?: () => boolean;
}

export type AccountGuard<R extends PageRoute> = (
  route: R,
  args: LoaderFunctionArgs,
) => Promise<Response | null>;

export function createAccountGuard<R extends PageRoute>({
  isPageAvailable,
  fetchUserInfo = getUserInfo,
  isEnabled = () => isFeatureEnabled('account'),
}: AccountGuardDeps<R>): AccountGuard<R> {
  return async (route, { request }) => {
    if (!isEnabled()) return null;
    const url = new URL(request.url);
    const failure = await refreshProfile(fetchUserInfo);
    const elsewhere = failure ? handleRefreshFailure(failure, url.pathname) : null;
    if (elsewhere) return redirect(elsewhere);

    const decision = decideAccess({
      route,
      isSignedIn: useUserStore.getState().info !== null,
      isPageAvailable: isPageAvailable(route),
      pathname: url.pathname,
      search: url.search,
    });
    if (decision.kind === 'pass') return null;
    if (decision.kind === 'login') useUserStore.getState().openLogin();
    return redirect(decision.to);
  };
}

/** Only pages that need an account carry the guard (public ones pass it anyway). */
export function needsGuard(route: Pick<PageRoute, 'isPublic'>): boolean {
  return !route.isPublic;
}
