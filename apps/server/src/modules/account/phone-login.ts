/**
 * Phone sign-in and phone binding, both proven by an SMS code. PhoneLogin signs in or
 * registers the number. UpdatePhoneV2 gives the temporary account of a WeChat or QR
 * sign-in its phone; when the number already has an account that has no WeChat yet, the
 * WeChat identity moves to that account and the browser is signed in to it, so a user
 * who registered by SMS and later opens the site in WeChat is not locked out.
 */
import { Code, type PhoneLoginBody, type SignInResult, type UpdatePhoneBody } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AccountContext, SignedIn, Visitor } from './context.js';
import { checkVcode, limitSignInAttempts } from './send-vcode.js';
import { revokeUserSessions } from './sessions.js';
import { assertNotBanned, startSession } from './sign-in.js';
import { findInviter, findUserByPhone, insertUser, loadUserInfo, recordUserEvent } from './users.js';
import { attachWechat } from './wechat-login.js';

export async function phoneLogin(
  ctx: AccountContext,
  input: PhoneLoginBody,
  visitor: Visitor,
): Promise<SignedIn<SignInResult>> {
  await limitSignInAttempts(ctx, visitor);
  await checkVcode(ctx, input.phone, input.vcode, visitor);

  let user = await findUserByPhone(ctx.db, input.phone);
  let isNew = false;
  if (!user) {
    const created = await insertUser(ctx.db, {
      phone: input.phone,
      name: `用户${input.phone.slice(-4)}`,
      invitedBy: await findInviter(ctx.db, input.iv),
    });
    user = created.user;
    isNew = created.isNew;
    if (isNew)
      await recordUserEvent(ctx.db, { userId: user.id, event: 'register', source: 'phone', ip: visitor.ip });
  }
  assertNotBanned(user);
  if (input.wxcode && ctx.wechat) user = await bindWechatQuietly(ctx, user, input.wxcode, visitor);
  const session = await startSession(ctx, visitor, user, 'phone');
  return { result: { ...(await loadUserInfo(ctx, user)), isNew }, session };
}

/** A stale or foreign WeChat code must not stop a phone sign-in: log and go on. */
async function bindWechatQuietly(ctx: AccountContext, user: User, code: string, visitor: Visitor) {
  try {
    const token = await ctx.wechat!.exchangeCode(code);
    return await attachWechat(ctx, user, { openid: token.openid, unionid: token.unionid });
  } catch (error) {
    visitor.log.info({ event: 'account.wechat.bind.skipped', err: String(error) }, 'wechat not bound');
    return user;
  }
}

export async function updatePhone(
  ctx: AccountContext,
  user: User,
  input: UpdatePhoneBody,
  visitor: Visitor,
): Promise<SignedIn<SignInResult>> {
  await limitSignInAttempts(ctx, visitor);
  await checkVcode(ctx, input.phone, input.vcode, visitor);
  if (user.phone === input.phone) return { result: { ...(await loadUserInfo(ctx, user)), isNew: false } };

  const holder = await findUserByPhone(ctx.db, input.phone);
  if (holder && holder.id !== user.id) {
    if (!canMergeInto(user, holder)) throw new AppError(Code.PHONE_BOUND_OR_WAITING, '该手机号已被绑定！');
    return mergeWechatInto(ctx, user, holder, visitor);
  }
  const updated = await setPhone(ctx, user, input.phone);
  return { result: { ...(await loadUserInfo(ctx, updated)), isNew: false } };
}

/** Sets the phone; a number taken a moment ago by someone else answers -1. */
export async function setPhone(ctx: AccountContext, user: User, phone: string): Promise<User> {
  try {
    const [updated] = await ctx.db.update(users).set({ phone }).where(eq(users.id, user.id)).returning();
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(Code.PHONE_BOUND_OR_WAITING, '该手机号已被绑定！');
    throw error;
  }
}

/** Only a phone-less WeChat account moves into a phone account that has no WeChat of its own. */
function canMergeInto(temporary: User, holder: User): boolean {
  return !temporary.phone && !!temporary.wechatOpenid && !holder.wechatOpenid && !holder.wechatUnionid;
}

async function mergeWechatInto(
  ctx: AccountContext,
  temporary: User,
  holder: User,
  visitor: Visitor,
): Promise<SignedIn<SignInResult>> {
  assertNotBanned(holder);
  const ids = { wechatOpenid: temporary.wechatOpenid, wechatUnionid: temporary.wechatUnionid };
  const merged = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ wechatOpenid: null, wechatUnionid: null }).where(eq(users.id, temporary.id));
    const [row] = await tx.update(users).set(ids).where(eq(users.id, holder.id)).returning();
    return row!;
  });
  await revokeUserSessions(ctx.db, temporary.id);
  await recordUserEvent(ctx.db, {
    userId: holder.id,
    event: 'merge',
    source: 'wechat',
    ip: visitor.ip,
    detail: `from ${temporary.uguid}`,
  });
  const session = await startSession(ctx, visitor, merged, 'phone');
  return { result: { ...(await loadUserInfo(ctx, merged)), isNew: false }, session };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
