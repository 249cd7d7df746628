/**
 * WeChat sign-in inside WeChat's browser: the OAuth code becomes an openid (and unionid),
 * which finds the account or makes a temporary one without a phone (the client then runs
 * the bind-phone flow). Also binding WeChat to a signed-in account, and JS-SDK signing.
 */

import { randomBytes } from 'node:crypto';
import { Code, type JsSdkCfg, messages, type SignInResult, type UserInfo } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema.js';
import { AppError, notEnabled } from '../../errors.js';
import { providerAvatar } from './avatar.js';
import type { AccountContext, SignedIn, Visitor } from './context.js';
import { startSession } from './sign-in.js';
import { findInviter, findUserByWechat, insertUser, loadUserInfo, recordUserEvent } from './users.js';
import { type OauthToken, signJsapi, type WechatApi, WechatError, type WechatProfile } from './wechat-api.js';

export const WECHAT_OFF = '未配置微信登录';

export function requireWechat(ctx: AccountContext): WechatApi {
  if (!ctx.wechat) throw notEnabled(WECHAT_OFF);
  return ctx.wechat;
}

/** The official account's AppID, for the client's OAuth redirect. */
export function getWechatAppid(ctx: AccountContext) {
  return { appid: requireWechat(ctx).appid };
}

/** The OAuth code's identity, with the profile when the scope allows it. */
async function identify(
  api: WechatApi,
  code: string,
): Promise<{ token: OauthToken; profile: WechatProfile | null }> {
  let token: OauthToken;
  try {
    token = await api.exchangeCode(code);
  } catch (error) {
    if (error instanceof WechatError) {
      throw new AppError(Code.BAD_REQUEST, '微信授权已失效，请重新进入页面', { cause: error });
    }
    throw new AppError(Code.UNAVAILABLE, messages.loginFailed, { cause: error });
  }
  // snsapi_base gives no profile; a failed profile read is not a failed sign-in.
  const profile = token.scope?.includes('snsapi_userinfo')
    ? await api.userInfo(token).catch(() => null)
    : null;
  return { token, profile };
}

export async function wechatLogin(
  ctx: AccountContext,
  input: { code: string; inviteCode?: string | undefined },
  visitor: Visitor,
): Promise<SignedIn<SignInResult>> {
  const api = requireWechat(ctx);
  const { token, profile } = await identify(api, input.code);
  const unionid = token.unionid ?? profile?.unionid;
  let user = await findUserByWechat(ctx.db, { openid: token.openid, unionid });
  let isNew = false;
  if (!user) {
    const created = await insertUser(ctx.db, {
      name: profile?.nickname?.slice(0, 20) || '微信用户',
      avatar: providerAvatar(profile?.headimgurl, ctx.config.client.avatarHosts),
      wechatOpenid: token.openid,
      wechatUnionid: unionid ?? null,
      invitedBy: await findInviter(ctx.db, input.inviteCode),
    });
    user = created.user;
    isNew = created.isNew;
    if (isNew) {
      await recordUserEvent(ctx.db, {
        userId: user.id,
        event: 'register',
        source: 'wechat',
        ip: visitor.ip,
      });
    }
  } else if (unionid && !user.wechatUnionid) {
    const [updated] = await ctx.db
      .update(users)
      .set({ wechatUnionid: unionid })
      .where(eq(users.id, user.id))
      .returning();
    user = updated ?? user;
  }
  const session = await startSession(ctx, visitor, user, 'wechat');
  return { result: { ...(await loadUserInfo(ctx, user)), isNew }, session };
}

/** Attaches a WeChat identity to an account; refuses one that belongs to another account. */
export async function attachWechat(
  ctx: AccountContext,
  user: User,
  ids: { openid: string; unionid?: string | undefined },
) {
  const holder = await findUserByWechat(ctx.db, ids);
  if (holder && holder.id !== user.id) throw new AppError(Code.CONFLICT, '该微信已绑定其他账号');
  if (user.wechatOpenid && user.wechatOpenid !== ids.openid) {
    throw new AppError(Code.CONFLICT, '当前账号已绑定其他微信');
  }
  const [updated] = await ctx.db
    .update(users)
    .set({ wechatOpenid: ids.openid, wechatUnionid: ids.unionid ?? user.wechatUnionid })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

export async function bindWechat(ctx: AccountContext, user: User, code: string): Promise<UserInfo> {
  const api = requireWechat(ctx);
  const { token, profile } = await identify(api, code);
  const updated = await attachWechat(ctx, user, {
    openid: token.openid,
    unionid: token.unionid ?? profile?.unionid,
  });
  return await loadUserInfo(ctx, updated);
}

/** Signs a page URL for wx.config (the part after '#' is not signed, per WeChat's docs). */
export async function signPageUrl(ctx: AccountContext, url: string): Promise<JsSdkCfg> {
  const api = requireWechat(ctx);
  let ticket: string;
  try {
    ticket = await api.jsapiTicket();
  } catch (error) {
    throw new AppError(Code.UNAVAILABLE, '微信签名服务暂不可用，请稍后再试', { cause: error });
  }
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(Date.now() / 1000);
  const page = url.split('#')[0]!;
  return { AppId: api.appid, timestamp, nonceStr, signature: signJsapi(ticket, nonceStr, timestamp, page) };
}
