/** Rows: WxAppid, wechatlogin, bindwechat, GetJsSdkCfg, WxSignUrl, and the official account's push endpoint. */
import {
  BindWechatBodySchema,
  Code,
  envelope,
  JsSdkCfgSchema,
  SignInResultSchema,
  SignUrlBodySchema,
  UserInfoSchema,
  WxAppidSchema,
  WxCodeQuerySchema,
} from '@jq/contract';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import type { AccountContext } from './context.js';
import type { AccountApp } from './routes.js';
import { callerOf } from './sign-in.js';
import { bindWechat, requireWechat, signPageUrl, wechatLogin } from './wechat-login.js';
import { handleMpPush, verifyMpSignature } from './wechat-mp.js';

const tags = ['account'];
const MpQuerySchema = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(200).optional(),
  openid: z.string().max(64).optional(),
});

export function registerWechatRoutes(app: AccountApp, ctx: AccountContext) {
  app.get(
    '/auth/WxAppid',
    {
      config: { access: 'P' },
      schema: { tags, summary: '微信公众号 AppID', response: { 200: envelope(WxAppidSchema) } },
    },
    async () => ok({ appid: requireWechat(ctx).appid }),
  );

  app.get(
    '/auth/wechatlogin',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '微信内网页授权登录',
        querystring: WxCodeQuerySchema,
        response: { 200: envelope(SignInResultSchema) },
      },
    },
    async (request, reply) => ok(await wechatLogin(ctx, request.query, request, reply), '登录成功'),
  );

  app.post(
    '/auth/bindwechat',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '为当前账号绑定微信',
        body: BindWechatBodySchema,
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => ok(await bindWechat(ctx, request.user!, request.body.code), '绑定成功'),
  );

  for (const path of ['/auth/GetJsSdkCfg', '/auth/WxSignUrl']) {
    app.post(
      path,
      {
        config: { access: 'P' },
        schema: {
          tags,
          summary: '微信 JS-SDK 页面签名',
          body: SignUrlBodySchema,
          response: { 200: envelope(JsSdkCfgSchema) },
        },
      },
      async (request) => ok(await signPageUrl(ctx, request.body.url)),
    );
  }

  // WeChat's message push speaks XML; only these routes parse it.
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  const checkPush = (query: z.infer<typeof MpQuerySchema>) => {
    const token = ctx.config.wechat?.mpToken;
    if (!token) throw new AppError(Code.NOT_ENABLED, '未配置公众号扫码登录');
    if (!verifyMpSignature(token, query)) throw new AppError(Code.FORBIDDEN, '签名无效');
  };

  app.get(
    '/auth/wechat/mp',
    { config: { access: 'P' }, schema: { hide: true, querystring: MpQuerySchema } },
    async (request, reply) => {
      checkPush(request.query);
      return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
    },
  );

  app.post(
    '/auth/wechat/mp',
    {
      config: { access: 'P' },
      schema: { hide: true, querystring: MpQuerySchema, body: z.string().max(64 * 1024) },
    },
    async (request, reply) => {
      checkPush(request.query);
      const answer = await handleMpPush(ctx, request.body, callerOf(request).ip);
      return reply
        .type(answer === 'success' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8')
        .send(answer);
    },
  );
}
