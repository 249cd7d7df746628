/** Rows: SendVCode, PhoneLogin, UpdatePhoneV2, GetLoginQrcode, ConfirmQrLogin, CheckLoginQrcode, logout, dev outbox. */
import {
  Code,
  ConfirmQrBodySchema,
  DevOutboxQuerySchema,
  DevOutboxSchema,
  envelope,
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
import { AppError } from '../../errors.js';
import { clearSessionCookie } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { readOutbox } from '../../platform/sms/outbox.js';
import type { AccountContext } from './context.js';
import { phoneLogin, updatePhone } from './phone-login.js';
import { checkLoginQrcode, confirmQrLogin, getLoginQrcode } from './qr-login.js';
import type { AccountApp } from './routes.js';
import { sendVcode } from './send-vcode.js';
import { revokeSession } from './sessions.js';
import { callerOf } from './sign-in.js';
import { getMpLoginQrcode } from './wechat-mp.js';

const tags = ['account'];

export function registerSignInRoutes(app: AccountApp, ctx: AccountContext) {
  app.post(
    '/auth/SendVCode',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '发送短信验证码',
        body: SendVcodeBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await sendVcode(ctx, request.body.Phone, callerOf(request), request.log);
      return ok(null, messages.smsSent);
    },
  );

  app.post(
    '/auth/PhoneLogin',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '手机号验证码登录（未注册自动注册）',
        body: PhoneLoginBodySchema,
        response: { 200: envelope(SignInResultSchema) },
      },
    },
    async (request, reply) => ok(await phoneLogin(ctx, request.body, request, reply), '登录成功'),
  );

  app.post(
    '/auth/UpdatePhoneV2',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '为微信或扫码登录的临时账号绑定手机号',
        body: UpdatePhoneBodySchema,
        response: { 200: envelope(SignInResultSchema.nullable()) },
      },
    },
    async (request, reply) =>
      ok(await updatePhone(ctx, request.user!, request.body, request, reply), '绑定成功'),
  );

  app.get(
    '/auth/GetLoginQrcode',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '获取扫码登录二维码（kind=mp 为公众号二维码）',
        querystring: z.object({ kind: z.enum(['web', 'mp']).default('web') }),
        response: { 200: envelope(LoginQrcodeSchema) },
      },
    },
    async (request, reply) =>
      ok(
        request.query.kind === 'mp'
          ? await getMpLoginQrcode(ctx, request, reply)
          : await getLoginQrcode(ctx, request, reply),
      ),
  );

  app.post(
    '/auth/ConfirmQrLogin',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '手机端确认扫码登录（action=scan 仅标记已扫码）',
        body: ConfirmQrBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await confirmQrLogin(ctx.db, request.user!, request.body.code, request.body.action);
      return ok(null, request.body.action === 'scan' ? '已扫码' : '已确认登录');
    },
  );

  app.get(
    '/auth/CheckLoginQrcode',
    {
      config: { access: 'P' },
      schema: {
        tags,
        summary: '轮询扫码结果：1000 已登录，-1 等待，-999 已封禁',
        querystring: QrCodeQuerySchema,
        response: { 200: envelope(QrCheckDataSchema.nullable()) },
      },
    },
    async (request, reply) => ok(await checkLoginQrcode(ctx, request.query.code, request, reply), '登录成功'),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'L' }, schema: { tags, summary: '退出登录', response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(ctx.db, token);
      clearSessionCookie(reply, ctx.config.cookie);
      request.log.info({ event: 'account.logout' }, 'signed out');
      return ok(null, '已退出登录');
    },
  );

  if (ctx.config.isProduction) return;

  app.get(
    '/dev/outbox',
    {
      config: { access: 'P' },
      schema: { hide: true, querystring: DevOutboxQuerySchema, response: { 200: envelope(DevOutboxSchema) } },
    },
    async (request) => {
      const latest = await readOutbox(ctx.db, request.query.phone);
      if (!latest) throw new AppError(Code.NOT_FOUND, '没有发往该号码的验证码');
      return ok(latest);
    },
  );
}
