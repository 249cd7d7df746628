/** Rows: getuinfo, status, shortUrl, ClientCheckV3, webversion, SaveUserBaseInfo, submitConcat, and the /s/ short links. */
import {
  ClientCheckBodySchema,
  ClientCheckSchema,
  RegistrationBodySchema,
  SaveUserBaseInfoBodySchema,
  ShortUrlBodySchema,
  ShortUrlSchema,
  StatusQuerySchema,
  StatusSchema,
  UserInfoSchema,
  WebVersionQuerySchema,
  WebVersionSchema,
} from '@jq/contract';
import { z } from 'zod';
import { Answer, me, type Route, rawRoute, route } from '../../http/index.js';
import type { AccountContext } from './context.js';
import { saveUserBaseInfo, submitRegistration } from './profile.js';
import { callerOf } from './request.js';
import { resolveShortUrl, shortenUrl } from './short-url.js';
import { checkClient, getStatus, makeWebVersion } from './status.js';
import { loadUserInfo } from './users.js';

const PER_MINUTE_30 = { max: 30, windowMs: 60_000 };
/**
 * Every page load checks its client once: a person reloading fast (30 a minute) must pass,
 * an office behind one address too; a client or an address flooding is stopped.
 */
export const CLIENT_CHECK_LIMITS = [
  { max: 60, windowMs: 60_000, by: 'caller' as const },
  { max: 600, windowMs: 60_000, by: 'ip' as const },
];

export function userRoutes(ctx: AccountContext): Route[] {
  const versions = makeWebVersion(ctx.config);
  return [
    route({
      method: 'GET',
      path: '/auth/getuinfo',
      access: 'L',
      summary: '当前用户信息',
      query: StatusQuerySchema,
      data: UserInfoSchema,
      handler: async (request) => loadUserInfo(ctx, me(request)),
    }),
    route({
      method: 'GET',
      path: '/auth/status',
      access: 'A',
      summary: '登录状态、会员与客户端配置',
      query: StatusQuerySchema,
      data: StatusSchema,
      handler: async (request) => getStatus(ctx.config, request.user),
    }),
    route({
      method: 'POST',
      path: '/auth/shortUrl',
      access: 'A',
      summary: '生成本站页面的短链接（/s/{code}）',
      body: ShortUrlBodySchema,
      data: ShortUrlSchema,
      rateLimit: PER_MINUTE_30,
      handler: async (request) => shortenUrl(ctx.db, request.body.url, ctx.config.publicUrl),
    }),
    route({
      method: 'POST',
      path: '/auth/ClientCheckV3',
      access: 'P',
      summary: '登记或校验匿名客户端标识',
      body: ClientCheckBodySchema,
      data: ClientCheckSchema,
      rateLimit: CLIENT_CHECK_LIMITS,
      handler: async (request) => checkClient(ctx.db, request.body.ClientId, callerOf(request)),
    }),
    route({
      method: 'GET',
      path: '/auth/webversion',
      access: 'P',
      summary: '当前前端版本（变化时客户端刷新）',
      query: WebVersionQuerySchema,
      data: WebVersionSchema,
      handler: async (request) => ({ version: versions[request.query.env] }),
    }),
    route({
      method: 'POST',
      path: '/user/SaveUserBaseInfo',
      access: 'L',
      summary: '保存姓名、头像或切换身份',
      body: SaveUserBaseInfoBodySchema,
      data: UserInfoSchema,
      handler: async (request) =>
        new Answer(await saveUserBaseInfo(ctx, me(request), request.body), '保存成功'),
    }),
    route({
      method: 'POST',
      path: '/auth/submitConcat',
      access: 'L',
      summary: '提交注册资料（role 1 企业，2 机构）',
      body: RegistrationBodySchema,
      data: UserInfoSchema.nullable(),
      handler: async (request) =>
        new Answer(await submitRegistration(ctx, me(request), request.body, callerOf(request)), '提交成功'),
    }),
  ];
}

/** Rows outside /api: a short link redirecting to its page. */
export function shortLinkRoutes(ctx: AccountContext): Route[] {
  return [
    rawRoute({
      method: 'GET',
      path: '/s/:code',
      access: 'P',
      summary: '短链接跳转',
      hide: true,
      params: z.object({ code: z.string() }),
      async handler(request, reply) {
        const target = await resolveShortUrl(ctx.db, request.params.code);
        // An unknown code gets the app like any other page path (the SPA fallback), which shows its not-found page.
        if (!target) return reply.callNotFound();
        return reply.redirect(target, 302);
      },
    }),
  ];
}
