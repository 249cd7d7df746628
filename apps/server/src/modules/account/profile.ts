/**
 * The user's own profile: base info (name, avatar, identity switch between investor and
 * enterprise) and the registration form of spec section 2 (submitConcat). A phone that
 * differs from the account's must come with its SMS code, and becomes the account's phone.
 */
import { Code, type RegistrationBody, type SaveUserBaseInfoBody, type UserInfo } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { type User, userProfiles, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findIndustry, industryName } from '../reference/index.js';
import { checkAvatar } from './avatar.js';
import type { AccountContext, Caller } from './context.js';
import { setPhone } from './phone-login.js';
import { checkVcode, limitSignInAttempts } from './send-vcode.js';
import { findUserByPhone, loadUserInfo, recordUserEvent } from './users.js';

export async function saveUserBaseInfo(
  ctx: AccountContext,
  user: User,
  input: SaveUserBaseInfoBody,
): Promise<UserInfo> {
  const [updated] = await ctx.db
    .update(users)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatar !== undefined
        ? { avatar: checkAvatar(input.avatar, ctx.config.client.avatarHosts) }
        : {}),
      ...(input.identity !== undefined ? { identity: input.identity } : {}),
    })
    .where(eq(users.id, user.id))
    .returning();
  return await loadUserInfo(ctx, updated!);
}

export async function submitRegistration(
  ctx: AccountContext,
  user: User,
  input: RegistrationBody,
  caller: Caller,
): Promise<UserInfo> {
  let current = user;
  if (input.phone !== user.phone) {
    if (!input.vcode) throw new AppError(Code.BAD_REQUEST, '参数「验证码」有误：请输入正确的验证码');
    await limitSignInAttempts(ctx, caller);
    await checkVcode(ctx, input.phone, input.vcode, caller);
    const holder = await findUserByPhone(ctx.db, input.phone);
    if (holder && holder.id !== user.id)
      throw new AppError(Code.PHONE_BOUND_OR_WAITING, '该手机号已被绑定！');
    current = await setPhone(ctx, user, input.phone);
  }
  const role = input.role as 1 | 2;
  const profile = {
    role,
    company: input.company,
    title: input.title,
    address: input.address,
    email: input.email,
    brief: input.brief,
    stage: input.stage ?? null,
    industry: canonicalIndustries(input.industry),
    fundSize: input.fundsize ?? null,
    period: input.period,
    currency: input.currency,
    orgId: input.orgid,
    orgName: input.orgname,
  };
  const updated = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ userId: current.id, ...profile })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
    const [row] = await tx
      .update(users)
      .set({ role, name: input.name, identity: role === 2 ? 'investor' : 'enterprise' })
      .where(eq(users.id, current.id))
      .returning();
    return row!;
  });
  const firstTime = user.role !== 1 && user.role !== 2;
  await recordUserEvent(ctx.db, {
    userId: user.id,
    event: firstTime ? 'registration' : 'profile',
    source: String(role),
    ip: caller.ip,
  });
  return await loadUserInfo(ctx, updated);
}

/**
 * The registration's industries, as the taxonomy names them (新能源车 → 新能源汽车): a
 * matching profile needs industries the library knows, not free text. Several may be
 * given, separated by 、 or commas.
 */
export function canonicalIndustries(text: string): string {
  const names: string[] = [];
  for (const part of text.split(/[,，、;；\s]+/).filter(Boolean)) {
    const id = findIndustry(part);
    if (!id) {
      throw new AppError(
        Code.BAD_REQUEST,
        `参数「所属行业」有误：没有「${part.slice(0, 20)}」这个行业，请填写如 人工智能、储能、医疗器械`,
      );
    }
    const name = industryName(id);
    if (!names.includes(name)) names.push(name);
  }
  return names.join('、');
}
