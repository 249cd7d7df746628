/** Rows: getuinfo, status, ClientCheckV3, webversion, SaveUserBaseInfo, submitConcat. */
import {
  ClientCheckBodySchema,
  ClientCheckSchema,
  envelope,
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
import { ok } from '../../http/envelope.js';
import type { AccountContext } from './context.js';
import { saveUserBaseInfo, submitRegistration } from './profile.js';
import { registerRateLimit } from './rate-limit.js';
import type { AccountApp } from './routes.js';
import { shortenUrl } from './short-url.js';
import { callerOf } from './sign-in.js';
import { checkClient, getStatus, makeWebVersion } from './status.js';
import { loadUserInfo } from './users.js';

const tags = ['account'];

export async function registerUserRoutes(app: AccountApp, ctx: AccountContext) {
  const versions = makeWebVersion(ctx.config);
  await registerRateLimit(app, ctx.config, 'account');

  app.get(
    '/auth/getuinfo',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '当前用户信息',
        querystring: StatusQuerySchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => ok(await loadUserInfo(ctx, request.user!)),
  );

  app.get(
    '/auth/status',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '登录状态、会员与客户端配置',
        querystring: StatusQuerySchema,
        response: { 200: envelope(StatusSchema) },
      },
    },
    async (request) => ok(getStatus(ctx.config, request.user)),
  );

  app.post(
    '/auth/shortUrl',
    {
      config: { access: 'A', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '生成本站页面的短链接（/s/{code}）',
        body: ShortUrlBodySchema,
        response: { 200: envelope(ShortUrlSchema) },
      },
    },
    async (request) => ok(await shortenUrl(ctx.db, request.body.url, ctx.config.publicUrl)),
  );

  app.post(
    '/auth/ClientCheckV3',
    {
      config: { access: 'P', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '登记或校验匿名客户端标识',
        body: ClientCheckBodySchema,
        response: { 200: envelope(ClientCheckSchema) },
      },
    },
    async (request) => ok(await checkClient(ctx.db, request.body.ClientId, callerOf(request))),
  );

  app.get(
    '/auth/webversion',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '当前前端版本（变化时客户端刷新）',
        querystring: WebVersionQuerySchema,
        response: { 200: envelope(WebVersionSchema) },
      },
    },
    async (request) => ok({ version: versions[request.query.env] }),
  );

  app.post(
    '/user/SaveUserBaseInfo',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '保存姓名、头像或切换身份',
        body: SaveUserBaseInfoBodySchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => ok(await saveUserBaseInfo(ctx, request.user!, request.body), '保存成功'),
  );

  app.post(
    '/auth/submitConcat',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '提交注册资料（role 1 企业，2 机构）',
        body: RegistrationBodySchema,
        response: { 200: envelope(UserInfoSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await submitRegistration(ctx, request.user!, request.body, callerOf(request)), '提交成功'),
  );
}
