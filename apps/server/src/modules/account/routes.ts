/**
 * The account module's rows (API.md "Auth and account", except the business-card rows
 * of the verification module): sign-in by SMS, QR and WeChat, sessions, user info and
 * status, registration, and the /s/ short links. Thin handlers; the use cases are in the
 * files next to this one.
 */
import type { Route } from '../../http/index.js';
import type { AccountContext } from './context.js';
import { signInRoutes } from './sign-in-routes.js';
import { shortLinkRoutes, userRoutes } from './user-routes.js';
import { wechatRoutes } from './wechat-routes.js';

export function accountRoutes(ctx: AccountContext): Route[] {
  return [...signInRoutes(ctx), ...userRoutes(ctx), ...wechatRoutes(ctx)];
}

/** Rows outside /api. */
export function accountRootRoutes(ctx: AccountContext): Route[] {
  return shortLinkRoutes(ctx);
}
