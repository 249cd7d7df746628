/**
 * The account module's routes (API.md "Auth and account", except the business-card rows
 * of the verification module): sign-in by SMS, QR and WeChat, sessions, user info and
 * status, registration. Thin handlers; the use cases are in the files next to this one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../index.js';
import type { AccountContext } from './context.js';
import { loadAuthSecret } from './secret.js';
import { resolveShortUrl } from './short-url.js';
import { registerSignInRoutes } from './sign-in-routes.js';
import { registerUserRoutes } from './user-routes.js';
import { createWechatApi } from './wechat-api.js';
import { registerWechatRoutes } from './wechat-routes.js';

export type AccountApp = Parameters<FastifyPluginAsyncZod>[0];

export const accountRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  const db = platform.database.db;
  const ctx: AccountContext = {
    db,
    bus: platform.bus,
    sms: platform.sms,
    config,
    secret: await loadAuthSecret(db, config.authSecret),
    wechat: config.wechat ? createWechatApi(config.wechat, db) : null,
  };
  // IP bans made by any process (or the admin command) reach this one's cache at once.
  const stopListening = await app.ipBans.listen(platform.bus);
  app.addHook('onClose', async () => stopListening());

  registerSignInRoutes(app, ctx);
  await registerUserRoutes(app, ctx);
  registerWechatRoutes(app, ctx);
};

/**
 * `GET /s/{code}`: a short link, outside /api, redirecting to its page. An unknown code gets
 * the app like any other page path (the SPA fallback), which shows its not-found page.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  app.get('/s/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const target = await resolveShortUrl(platform.database.db, code);
    if (!target) return reply.callNotFound();
    return reply.redirect(target, 302);
  });
};
