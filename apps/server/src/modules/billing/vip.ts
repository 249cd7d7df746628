/**
 * VIP: the benefits of spec section 1 behind one question other modules ask,
 * `can(user, benefit)`, and the extension of a membership by a paid order (added to an
 * active expiry, else counted from now), recorded as a vip_periods row in the same
 * transaction as the users.vip_expires_at change.
 */
import { eq, sql } from 'drizzle-orm';
import { type User, users, vipPeriods } from '../../db/schema.js';
import { isVipActive } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';

export const VIP_BENEFITS = {
  teaserPriority: 'Teaser 优先展示',
  contactUnlock: '解锁 Teaser 联系方式',
  investorLibraryMatch: '创投机构库匹配',
  priorityMatch: '优先匹配投资人',
  bountyPriority: '悬赏任务优先',
} as const;

export type VipBenefit = keyof typeof VIP_BENEFITS;

/** Whether the user enjoys a VIP benefit now. Every benefit comes with an active membership. */
export function can(
  user: Pick<User, 'vipExpiresAt'> | null | undefined,
  benefit: VipBenefit,
  now = new Date(),
): boolean {
  if (!user || !(benefit in VIP_BENEFITS)) return false;
  return isVipActive(user, now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds `days` to the user's membership for an order (inside the caller's transaction). */
export async function extendVip(tx: Db, input: { userId: number; orderId: number; days: number }) {
  // Row lock: two VIP orders of one user fulfilled at once must both count.
  const [row] = await tx
    .select({ vipExpiresAt: users.vipExpiresAt, now: sql<string>`now()` })
    .from(users)
    .where(eq(users.id, input.userId))
    .for('update');
  if (!row) throw new Error(`用户不存在：${input.userId}`);
  const now = new Date(row.now);
  const startsAt = row.vipExpiresAt && row.vipExpiresAt > now ? row.vipExpiresAt : now;
  const endsAt = new Date(startsAt.getTime() + input.days * DAY_MS);
  await tx.update(users).set({ vipExpiresAt: endsAt }).where(eq(users.id, input.userId));
  await tx
    .insert(vipPeriods)
    .values({ userId: input.userId, orderId: input.orderId, days: input.days, startsAt, endsAt });
  return { startsAt, endsAt };
}

/** Takes a refunded order's days back off the membership (inside the caller's transaction). */
export async function shortenVip(tx: Db, input: { userId: number; orderId: number }) {
  const [period] = await tx
    .update(vipPeriods)
    .set({ refundedAt: sql`now()` })
    .where(sql`${vipPeriods.orderId} = ${input.orderId} and ${vipPeriods.refundedAt} is null`)
    .returning();
  if (!period) return;
  await tx
    .update(users)
    .set({ vipExpiresAt: sql`${users.vipExpiresAt} - make_interval(days => ${period.days})` })
    .where(eq(users.id, input.userId));
}
