/**
 * Official-account QR sign-in (when WECHAT_MP_TOKEN is set): the desktop gets a temporary
 * scene QR of the official account whose scene is a `login_` code; WeChat pushes the
 * scan (or follow) event to `/api/auth/wechat/mp`, signed with the token per WeChat's
 * message-push documentation (plaintext mode); the event confirms the code for the
 * scanning openid, and the desktop's poll finishes as for a web QR code.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Code, LIMITS, type LoginQrcode } from '@jq/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { qrLogins } from '../../db/schema.js';
import { AppError, notEnabled } from '../../errors.js';
import type { AccountContext } from './context.js';
import { createQrCode, QR_TTL_SECONDS } from './qr-login.js';
import { findUserByWechat, insertUser, recordUserEvent } from './users.js';
import { requireWechat, WECHAT_OFF } from './wechat-login.js';

export function verifyMpSignature(
  token: string,
  query: { signature?: string; timestamp?: string; nonce?: string },
) {
  const { signature, timestamp, nonce } = query;
  if (!signature || !timestamp || !nonce) return false;
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  return (
    expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

/** The fields of a pushed message; WeChat sends flat XML with CDATA or plain values. */
export function parseMpXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    fields[match[1]!] = match[2] ?? match[3] ?? '';
  }
  return fields;
}

function textReply(to: string, from: string, content: string): string {
  const now = Math.floor(Date.now() / 1000);
  return `<xml><ToUserName><![CDATA[${to}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName><CreateTime>${now}</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${content}]]></Content></xml>`;
}

export async function getMpLoginQrcode(
  ctx: AccountContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<LoginQrcode> {
  const api = requireWechat(ctx);
  if (!ctx.config.wechat?.mpToken) throw notEnabled('未配置公众号扫码登录');
  const code = await createQrCode(ctx, request, reply, 'mp');
  let url: string;
  try {
    url = (await api.createSceneQr(code, 5 * 60)).url;
  } catch (error) {
    throw new AppError(Code.UNAVAILABLE, '获取公众号二维码失败，请稍后再试', { cause: error });
  }
  return {
    code,
    url,
    expiresIn: QR_TTL_SECONDS,
    pollInterval: LIMITS.qrPollIntervalMs,
    maxPolls: LIMITS.qrPollMax,
  };
}

/** Handles one pushed message; answers the XML (or 'success') WeChat expects. */
export async function handleMpPush(ctx: AccountContext, xml: string, ip: string): Promise<string> {
  if (!ctx.wechat) throw notEnabled(WECHAT_OFF);
  const msg = parseMpXml(xml);
  const openid = msg.FromUserName ?? '';
  const scene = (msg.EventKey ?? '').replace(/^qrscene_/, '');
  const isScan = msg.MsgType === 'event' && (msg.Event === 'SCAN' || msg.Event === 'subscribe');
  if (!isScan || !openid || !scene.startsWith('login_')) return 'success';

  const profile = await ctx.wechat.subscriberInfo(openid).catch(() => null);
  const unionid = profile?.unionid;
  let user = await findUserByWechat(ctx.db, { openid, unionid });
  if (!user) {
    const created = await insertUser(ctx.db, {
      name: '微信用户',
      wechatOpenid: openid,
      wechatUnionid: unionid ?? null,
    });
    user = created.user;
    if (created.isNew)
      await recordUserEvent(ctx.db, { userId: user.id, event: 'register', source: 'mp', ip });
  }
  const confirmed = await ctx.db
    .update(qrLogins)
    .set({ status: 'confirmed', userId: user.id, confirmedAt: new Date() })
    .where(
      and(
        eq(qrLogins.code, scene),
        eq(qrLogins.kind, 'mp'),
        eq(qrLogins.status, 'waiting'),
        sql`${qrLogins.expiresAt} > now()`,
      ),
    )
    .returning({ code: qrLogins.code });
  const text = confirmed.length
    ? '扫码成功，请回到电脑继续使用金桥'
    : '二维码已过期，请在电脑上刷新后重新扫码';
  return textReply(openid, msg.ToUserName ?? '', text);
}
