/** Rows: WxAppid, wechatlogin, bindwechat, GetJsSdkCfg, WxSignUrl, and the official account's push endpoint. */
import {
  BindWechatBodySchema,
  JsSdkCfgSchema,
  SignInResultSchema,
  SignUrlBodySchema,
  UserInfoSchema,
  WxAppidSchema,
  WxCodeQuerySchema,
} from '@jq/contract';
import { z } from 'zod';
import { Answer, me, type Route, rawRoute, route } from '../../http/index.js';
import type { AccountContext } from './context.js';
import { callerOf, signedIn, visitorOf } from './request.js';
import { bindWechat, getWechatAppid, signPageUrl, wechatLogin } from './wechat-login.js';
import { answerMpUrlCheck, receiveMpPush } from './wechat-mp.js';

const MP_BODY_LIMIT = 64 * 1024;
const MpQuerySchema = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(200).optional(),
  openid: z.string().max(64).optional(),
});

export function wechatRoutes(ctx: AccountContext): Route[] {
  const signUrl = (path: string) =>
    route({
      method: 'POST',
      path,
      access: 'P',
      summary: '微信 JS-SDK 页面签名',
      body: SignUrlBodySchema,
      data: JsSdkCfgSchema,
      handler: async (request) => signPageUrl(ctx, request.body.url),
    });
  return [
    route({
      method: 'GET',
      path: '/auth/WxAppid',
      access: 'P',
      summary: '微信公众号 AppID',
      data: WxAppidSchema,
      handler: async () => getWechatAppid(ctx),
    }),
    route({
      method: 'GET',
      path: '/auth/wechatlogin',
      access: 'P',
      summary: '微信内网页授权登录',
      query: WxCodeQuerySchema,
      data: SignInResultSchema,
      handler: async (request, reply) =>
        signedIn(
          reply,
          await wechatLogin(ctx, request.query, visitorOf(request)),
          ctx.config.cookie,
          '登录成功',
        ),
    }),
    route({
      method: 'POST',
      path: '/auth/bindwechat',
      access: 'L',
      summary: '为当前账号绑定微信',
      body: BindWechatBodySchema,
      data: UserInfoSchema,
      handler: async (request) =>
        new Answer(await bindWechat(ctx, me(request), request.body.code), '绑定成功'),
    }),
    signUrl('/auth/GetJsSdkCfg'),
    signUrl('/auth/WxSignUrl'),
    // WeChat's URL check and message push: signed by the token, answered in WeChat's own format.
    rawRoute({
      method: 'GET',
      path: '/auth/wechat/mp',
      access: 'P',
      summary: '公众号服务器地址校验',
      hide: true,
      query: MpQuerySchema,
      handler: async (request, reply) =>
        reply.type('text/plain; charset=utf-8').send(answerMpUrlCheck(ctx, request.query)),
    }),
    rawRoute({
      method: 'POST',
      path: '/auth/wechat/mp',
      access: 'P',
      summary: '公众号消息推送（扫码事件）',
      hide: true,
      query: MpQuerySchema,
      body: z.string().max(MP_BODY_LIMIT),
      rawBody: 'string',
      bodyLimit: MP_BODY_LIMIT,
      handler: async (request, reply) => {
        const answer = await receiveMpPush(ctx, request.query, request.body, callerOf(request).ip);
        return reply
          .type(answer === 'success' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8')
          .send(answer);
      },
    }),
  ];
}
