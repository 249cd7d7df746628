/**
 * Official-account QR sign-in (when WECHAT_MP_TOKEN is set): the desktop gets a temporary
 * scene QR of the official account whose scene is a `login_` code; WeChat pushes the
 * scan (or follow) event to `/api/auth/wechat/mp`, signed with the token per WeChat's
 * message-push documentation (plaintext mode); the event confirms the code for the
 * scanning openid, and the desktop's poll finishes as for a web QR code.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Code } from '@jq/contract';
import { and, eq, sql } from 'drizzle-orm';
import { qrLogins } from '../../db/schema.js';
import { AppError, notEnabled } from '../../errors.js';
import type { AccountContext } from './context.js';
import { findUserByWechat, insertUser, recordUserEvent } from './users.js';
import { requireWechat, WECHAT_OFF } from './wechat-login.js';

const MP_OFF = '未配置公众号扫码登录';

/** The signature WeChat puts in the push URL's query (and `echostr` on its URL check). */
export interface MpQuery {
  signature?: string | undefined;
  timestamp?: string | undefined;
  nonce?: string | undefined;
  echostr?: string | undefined;
}

function verifyMpSignature(token: string, query: MpQuery) {
  const { signature, timestamp, nonce } = query;
  if (!signature || !timestamp || !nonce) return false;
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  return (
    expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

/** The fields of a pushed message; WeChat sends flat XML with CDATA or plain values. */
function parseMpXml(xml: string): Record<string, string> {
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

/** Refuses an mp QR code where the official account's sign-in is not configured. */
export function requireMpLogin(ctx: AccountContext): void {
  requireWechat(ctx);
  if (!ctx.config.wechat?.mpToken) throw notEnabled(MP_OFF);
}

/** The official account's temporary scene QR for a `login_` code. */
export async function mpSceneQrUrl(ctx: AccountContext, code: string): Promise<string> {
  try {
    return (await requireWechat(ctx).createSceneQr(code, 5 * 60)).url;
  } catch (error) {
    throw new AppError(Code.UNAVAILABLE, '获取公众号二维码失败，请稍后再试', { cause: error });
  }
}

/** A push (or WeChat's URL check) must carry the token's signature. */
function checkPush(ctx: AccountContext, query: MpQuery) {
  const token = ctx.config.wechat?.mpToken;
  if (!token) throw new AppError(Code.NOT_ENABLED, MP_OFF);
  if (!verifyMpSignature(token, query)) throw new AppError(Code.FORBIDDEN, '签名无效');
}

/** WeChat's check of the push URL: a signed request whose `echostr` is answered back. */
export function answerMpUrlCheck(ctx: AccountContext, query: MpQuery): string {
  checkPush(ctx, query);
  return query.echostr ?? '';
}

/** A signed push: answers the XML (or 'success') WeChat expects. */
export async function receiveMpPush(ctx: AccountContext, query: MpQuery, xml: string, ip: string) {
  checkPush(ctx, query);
  return await handleMpPush(ctx, xml, ip);
}

/** Handles one pushed message. */
async function handleMpPush(ctx: AccountContext, xml: string, ip: string): Promise<string> {
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
