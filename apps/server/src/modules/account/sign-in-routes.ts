/** Rows: SendVCode, PhoneLogin, UpdatePhoneV2, GetLoginQrcode, ConfirmQrLogin, CheckLoginQrcode, logout, dev outbox. */
import {
  ConfirmQrBodySchema,
  DevOutboxQuerySchema,
  DevOutboxSchema,
  LoginQrcodeSchema,
  messages,
  PhoneLoginBodySchema,
  QrCheckDataSchema,
  QrCodeQuerySchema,
  SESSION_COOKIE,
  SendVcodeBodySchema,
  SignInResultSchema,
  UpdatePhoneBodySchema,
} from '@jq/contract';
import { z } from 'zod';
import { Answer, clearSessionCookie, me, type Route, route } from '../../http/index.js';
import type { AccountContext } from './context.js';
import { phoneLogin, updatePhone } from './phone-login.js';
import { checkLoginQrcode, confirmQrLogin, getLoginQrcode } from './qr-login.js';
import { callerOf, qrNonceOf, setQrCookie, signedIn, visitorOf } from './request.js';
import { readDevCode, sendVcode } from './send-vcode.js';
import { signOut } from './sign-in.js';

export function signInRoutes(ctx: AccountContext): Route[] {
  const { cookie } = ctx.config;
  const rows = [
    route({
      method: 'POST',
      path: '/auth/SendVCode',
      access: 'P',
      summary: '发送短信验证码',
      body: SendVcodeBodySchema,
      data: z.null(),
      handler: async (request) => {
        await sendVcode(ctx, request.body.Phone, callerOf(request), request.log);
        return new Answer(null, messages.smsSent);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/PhoneLogin',
      access: 'P',
      summary: '手机号验证码登录（未注册自动注册）',
      body: PhoneLoginBodySchema,
      data: SignInResultSchema,
      handler: async (request, reply) =>
        signedIn(reply, await phoneLogin(ctx, request.body, visitorOf(request)), cookie, '登录成功'),
    }),
    route({
      method: 'POST',
      path: '/auth/UpdatePhoneV2',
      access: 'L',
      summary: '为微信或扫码登录的临时账号绑定手机号',
      body: UpdatePhoneBodySchema,
      data: SignInResultSchema.nullable(),
      handler: async (request, reply) =>
        signedIn(
          reply,
          await updatePhone(ctx, me(request), request.body, visitorOf(request)),
          cookie,
          '绑定成功',
        ),
    }),
    route({
      method: 'GET',
      path: '/auth/GetLoginQrcode',
      access: 'P',
      summary: '获取扫码登录二维码（kind=mp 为公众号二维码）',
      query: z.object({ kind: z.enum(['web', 'mp']).default('web') }),
      data: LoginQrcodeSchema,
      handler: async (request, reply) => {
        const poller = { caller: callerOf(request), nonce: qrNonceOf(request) };
        const site = { protocol: request.protocol, host: request.host };
        const { qrcode, nonce } = await getLoginQrcode(ctx, poller, request.query.kind, site);
        setQrCookie(reply, nonce, cookie.secure);
        return qrcode;
      },
    }),
    route({
      method: 'POST',
      path: '/auth/ConfirmQrLogin',
      access: 'L',
      summary: '手机端确认扫码登录（action=scan 仅标记已扫码）',
      body: ConfirmQrBodySchema,
      data: z.null(),
      handler: async (request) => {
        const { code, action } = request.body;
        await confirmQrLogin(ctx.db, me(request), code, action);
        return new Answer(null, action === 'scan' ? '已扫码' : '已确认登录');
      },
    }),
    route({
      method: 'GET',
      path: '/auth/CheckLoginQrcode',
      access: 'P',
      summary: '轮询扫码结果：1000 已登录，-1 等待，-999 已封禁',
      query: QrCodeQuerySchema,
      data: QrCheckDataSchema.nullable(),
      handler: async (request, reply) => {
        const outcome = await checkLoginQrcode(
          ctx,
          request.query.code,
          visitorOf(request),
          qrNonceOf(request),
        );
        return signedIn(reply, outcome, cookie, '登录成功');
      },
    }),
    route({
      method: 'POST',
      path: '/auth/logout',
      access: 'L',
      summary: '退出登录',
      data: z.null(),
      handler: async (request, reply) => {
        await signOut(ctx, request.cookies[SESSION_COOKIE], request.log);
        clearSessionCookie(reply, cookie);
        return new Answer(null, '已退出登录');
      },
    }),
  ];
  if (ctx.config.isProduction) return rows;
  return [
    ...rows,
    route({
      method: 'GET',
      path: '/dev/outbox',
      access: 'P',
      summary: '开发用：最近发往某号码的验证码',
      hide: true,
      query: DevOutboxQuerySchema,
      data: DevOutboxSchema,
      handler: async (request) => readDevCode(ctx.db, request.query.phone),
    }),
  ];
}
