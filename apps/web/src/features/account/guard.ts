/**
 * The route guard's decisions of spec section 2, as pure functions: who may open a page,
 * where a signed-out visitor is sent, and what a failed profile refresh means. The loader
 * in guard-loader.ts applies them; these are tested without a router.
 */

import type { PageRoute } from '@jq/contract';
import { Code } from '@jq/contract';
import { ApiError } from '../../shared/api/client';
import { safeRedirect } from './session';

/** Pages that always open, whatever the account state. */
const ALWAYS_OPEN = new Set(['serverError', 'ipBanned']);

export interface AccessInput {
  route: Pick<PageRoute, 'name' | 'isPublic'> | undefined;
  isSignedIn: boolean;
  /** False for a page not built yet: its coming-soon notice hides nothing, so it needs no login. */
  isPageAvailable: boolean;
  pathname: string;
  search: string;
}

export type AccessDecision =
  | { kind: 'pass' }
  | { kind: 'login'; to: string }
  | { kind: 'redirect'; to: string };

export function decideAccess({
  route,
  isSignedIn,
  isPageAvailable,
  pathname,
  search,
}: AccessInput): AccessDecision {
  if (!route || ALWAYS_OPEN.has(route.name)) return { kind: 'pass' };
  const params = new URLSearchParams(search);
  if (isSignedIn) {
    // Back from a sign-in prompt: a signed-in visitor of /home?redirect=... goes on there.
    const redirect = route.name === 'home' ? safeRedirect(params.get('redirect')) : null;
    return redirect ? { kind: 'redirect', to: redirect } : { kind: 'pass' };
  }
  if (route.isPublic || !isPageAvailable) return { kind: 'pass' };
  return { kind: 'login', to: loginRedirectHref(pathname, search) };
}

/** /home with the page asked for as `redirect`, keeping a WeChat OAuth `code` if present. */
export function loginRedirectHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const wechatCode = params.get('code');
  params.delete('code');
  params.delete('state');
  const rest = params.toString();
  const target = new URLSearchParams({ redirect: `${pathname}${rest ? `?${rest}` : ''}` });
  if (wechatCode) target.set('code', wechatCode);
  return `/home?${target.toString()}`;
}

export type RefreshFailure = 'ipBanned' | 'banned' | 'sessionEnded' | 'failed';

/** What a failed profile refresh (getuinfo) means for the guard. */
export function readRefreshFailure(error: unknown): RefreshFailure {
  if (error instanceof ApiError) {
    if (error.code === Code.IP_BANNED) return 'ipBanned';
    if (error.code === Code.ACCOUNT_BANNED) return 'banned';
    // The cookie expired or was revoked: the local copy is stale, the visitor is signed out.
    if (error.status === 401) return 'sessionEnded';
  }
  return 'failed';
}

/** iPhones in WeChat sign JS-SDK calls against the landing URL, so each page must be a real load. */
export function needsFullPageLoad(
  userAgent: string,
  isFirstNavigation: boolean,
  toPath: string,
  currentPath: string,
) {
  if (isFirstNavigation) return false;
  const isIos = /iPhone|iPad|iPod/i.test(userAgent);
  const isWechat = /MicroMessenger/i.test(userAgent);
  return isIos && isWechat && toPath !== currentPath;
}
