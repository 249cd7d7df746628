/**
 * Finding and creating accounts, and the user-info shape every sign-in answers with.
 * New accounts get an 8-character invite code; a phone or WeChat id that another
 * request registered a moment earlier is found instead of failing.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { UserInfo } from '@jq/contract';
import { eq, or, sql } from 'drizzle-orm';
import { type User, userEvents, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { findCurrentCardUrl } from '../verification/index.js';
import type { AccountContext } from './context.js';
import { signIm } from './secret.js';

/** No 0/O, 1/I/L: invite codes are read aloud and typed. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function makeInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function findUserByPhone(db: Db, phone: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user ?? null;
}

/** An account by phone number or uguid (the admin command's argument). */
export async function findUserByRef(db: Db, ref: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.phone, ref), eq(users.uguid, ref)));
  return user ?? null;
}

export async function findUserByWechat(db: Db, ids: { openid: string; unionid?: string | undefined }) {
  const byUnion = ids.unionid ? eq(users.wechatUnionid, ids.unionid) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(or(byUnion, eq(users.wechatOpenid, ids.openid)));
  // A unionid match wins: it is the same person across the company's WeChat apps.
  return rows.find((u) => ids.unionid && u.wechatUnionid === ids.unionid) ?? rows[0] ?? null;
}

export async function findInviter(db: Db, inviteCode: string | undefined): Promise<number | null> {
  const code = inviteCode?.trim().toUpperCase();
  if (!code) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
  return row?.id ?? null;
}

type NewUser = Omit<typeof users.$inferInsert, 'id' | 'uguid' | 'inviteCode'>;

/**
 * Inserts an account, or returns the one that already holds the same phone or WeChat id
 * (two sign-ins racing). `isNew` tells the caller to record a register event.
 */
export async function insertUser(db: Db, values: NewUser): Promise<{ user: User; isNew: boolean }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const [user] = await db
      .insert(users)
      .values({ ...values, uguid: randomUUID(), inviteCode: makeInviteCode() })
      .onConflictDoNothing()
      .returning();
    if (user) return { user, isNew: true };
    const existing = values.phone
      ? await findUserByPhone(db, values.phone)
      : values.wechatOpenid
        ? await findUserByWechat(db, {
            openid: values.wechatOpenid,
            unionid: values.wechatUnionid ?? undefined,
          })
        : null;
    if (existing) return { user: existing, isNew: false };
    // Otherwise the invite code collided: draw another.
  }
  throw new Error('could not allocate an invite code');
}

export async function recordUserEvent(
  db: Db,
  event: { userId: number; event: string; source?: string; ip?: string; detail?: string },
): Promise<void> {
  await db.insert(userEvents).values({
    userId: event.userId,
    event: event.event,
    source: event.source ?? '',
    ip: (event.ip ?? '').slice(0, 64),
    detail: (event.detail ?? '').slice(0, 1000),
  });
}

export async function touchLogin(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}

/** The user-info shape with the current business-card URL (kept by the verification module). */
export async function loadUserInfo(ctx: AccountContext, user: User): Promise<UserInfo> {
  return toUserInfo(user, ctx.secret, await findCurrentCardUrl(ctx.db, user.id));
}

export function toUserInfo(user: User, secret: string, bcard = ''): UserInfo {
  return {
    uguid: user.uguid,
    Name: user.name,
    Avatar: user.avatar,
    Phone: user.phone ?? '',
    Bcard: bcard,
    inviteCode: user.inviteCode,
    isVerify: user.isVerified,
    role: user.role,
    identity: user.identity,
    dlreport: user.canDownload,
    imUid: user.uguid,
    imSign: signIm(secret, user.uguid),
    isBindPhone: !!user.phone,
    isBindWechat: !!(user.wechatOpenid || user.wechatUnionid),
  };
}
