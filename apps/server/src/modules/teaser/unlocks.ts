/**
 * The double opt-in contact unlock. An investor asks (UnLockContactInfo): credits are taken
 * at once (free for an active VIP), held while the founder decides. Accepting keeps them and
 * shows the contacts; declining, or no answer within TEASER_UNLOCK_TIMEOUT_DAYS (a scheduled
 * job), returns them exactly once (billing's releaseCredits, in the same transaction as the
 * status change, which is conditional on `pending`). One row per teaser and investor, locked
 * while it changes: 50 concurrent requests charge once.
 */
import { Code, TEASER_UNLOCK_TIMEOUT_DAYS, type TeaserUnlock } from '@jq/contract';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { teaserMessages, teasers, teaserUnlocks, type User, userProfiles, users } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { can, charge, getBalance, getPricing, releaseCredits } from '../billing/index.js';
import { LIST_COLUMNS, redactionOf, redactText, type TeaserRow } from './rows.js';
import { findPublished, type PricingConfig } from './teasers.js';

const DAY_MS = 86_400_000;
export const EXPIRE_UNLOCKS_JOB = 'teaser.expire-unlocks';
type UnlockRow = typeof teaserUnlocks.$inferSelect;

const REQUEST_GONE = '联系请求不存在';

async function toWire(db: Db, rows: UnlockRow[], meId: number): Promise<TeaserUnlock[]> {
  if (!rows.length) return [];
  const teaserIds = [...new Set(rows.map((r) => r.teaserId))];
  const investorIds = [...new Set(rows.map((r) => r.investorId))];
  const teaserRows = await db.select(LIST_COLUMNS).from(teasers).where(inArray(teasers.id, teaserIds));
  const people = await db
    .select({ id: users.id, name: users.name, company: userProfiles.company, title: userProfiles.title })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(inArray(users.id, investorIds));
  const teaserById = new Map(teaserRows.map((t) => [t.id, t]));
  const personById = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => {
    const teaser = teaserById.get(r.teaserId);
    const isOwner = r.ownerId === meId;
    const reveal = !teaser || isOwner || r.status === 'accepted' || !teaser.isAnonymous;
    const { companies, people: hidden } = teaser ? redactionOf(teaser) : { companies: [], people: [] };
    const person = personById.get(r.investorId);
    return {
      id: r.id,
      teaserId: r.teaserId,
      teaserTitle: teaser ? (reveal ? teaser.title : redactText(teaser.title, companies, hidden)) : '',
      status: r.status,
      via: r.via,
      credits: r.credits,
      message: r.message,
      investor: {
        id: r.investorId,
        name: person?.name ?? '',
        company: person?.company ?? '',
        title: person?.title ?? '',
      },
      isOwner,
      expiresAt: r.expiresAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function requestUnlock(
  db: Db,
  user: User,
  input: { id: number; message?: string | undefined },
  config: PricingConfig,
) {
  const teaser: TeaserRow = await findPublished(db, input.id);
  if (teaser.ownerId === user.id) throw badRequest('这是您自己的 Teaser，无需解锁联系方式');
  const isVip = can(user, 'contactUnlock');
  const price = getPricing(config).perUse.DockPerCharge.credits;
  const outcome = await db.transaction(async (tx) => {
    // A placeholder row (rolled back with the rest if the charge fails) to lock on.
    await tx
      .insert(teaserUnlocks)
      .values({
        teaserId: teaser.id,
        investorId: user.id,
        ownerId: teaser.ownerId,
        status: 'expired',
        via: 'credits',
        attempt: 0,
        expiresAt: new Date(),
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(teaserUnlocks)
      .where(and(eq(teaserUnlocks.teaserId, teaser.id), eq(teaserUnlocks.investorId, user.id)))
      .for('update');
    if (!row) throw new AppError(Code.CONFLICT, '请求冲突，请重试');
    if (row.status === 'pending' || row.status === 'accepted') return { row, charged: 0 };
    const attempt = row.attempt + 1;
    const reference = isVip ? '' : `teaser-unlock:${row.id}:${attempt}`;
    if (!isVip) {
      const result = await charge(tx as unknown as Db, {
        userId: user.id,
        credits: price,
        reference,
        idempotent: true,
        what: `Teaser 联系请求：${teaser.title}`,
      });
      if (!result.ok)
        throw new AppError(
          Code.FORBIDDEN,
          `算力不足：需要 ${result.need} 算力，当前余额 ${result.balance}，请先充值或开通 VIP`,
          { data: { need: result.need, power: result.balance } },
        );
      if (result.isDuplicate) return { row, charged: 0 };
    }
    const [updated] = await tx
      .update(teaserUnlocks)
      .set({
        status: 'pending',
        via: isVip ? 'vip' : 'credits',
        credits: isVip ? 0 : price,
        attempt,
        reference,
        message: input.message ?? '',
        expiresAt: new Date(Date.now() + TEASER_UNLOCK_TIMEOUT_DAYS * DAY_MS),
        decidedAt: null,
        createdAt: sql`now()`,
      })
      .where(eq(teaserUnlocks.id, row.id))
      .returning();
    if (input.message)
      await tx.insert(teaserMessages).values({ unlockId: row.id, senderId: user.id, content: input.message });
    return { row: updated!, charged: isVip ? 0 : price };
  });
  const [unlock] = await toWire(db, [outcome.row], user.id);
  return { unlock: unlock!, charged: outcome.charged, power: await getBalance(db, user.id) };
}

/** Returns the held credits of a request leaving `pending` (inside the transaction that moves it). */
async function release(tx: Db, row: UnlockRow, why: string) {
  if (row.via === 'credits' && row.credits > 0 && row.reference)
    await releaseCredits(tx, { userId: row.investorId, credits: row.credits, reference: row.reference, why });
}

export async function decideUnlock(db: Db, ownerId: number, input: { unlockId: number; accept: boolean }) {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(teaserUnlocks)
      .where(and(eq(teaserUnlocks.id, input.unlockId), eq(teaserUnlocks.ownerId, ownerId)))
      .for('update');
    if (!current) throw notFound(REQUEST_GONE);
    const wanted = input.accept ? 'accepted' : 'declined';
    if (current.status === wanted) return current;
    if (current.status !== 'pending')
      throw new AppError(
        Code.CONFLICT,
        `该请求已${current.status === 'accepted' ? '接受' : current.status === 'declined' ? '拒绝' : '过期'}，不能再更改`,
      );
    const [moved] = await tx
      .update(teaserUnlocks)
      .set({ status: wanted, decidedAt: sql`now()` })
      .where(and(eq(teaserUnlocks.id, current.id), eq(teaserUnlocks.status, 'pending')))
      .returning();
    if (!moved) throw new AppError(Code.CONFLICT, '该请求已处理');
    if (!input.accept) await release(tx as unknown as Db, moved, '对方未接受 Teaser 联系请求，算力已退回');
    await tx.insert(teaserMessages).values({
      unlockId: moved.id,
      senderId: null,
      content: input.accept
        ? '创始人已接受联系请求，双方可以查看联系方式'
        : '创始人暂不考虑本次联系请求，所付算力已全额退回',
    });
    return moved;
  });
  const [unlock] = await toWire(db, [row], ownerId);
  return unlock!;
}

/** The timeout: pending requests past their expiry become `expired` and their credits come back. */
export async function expireUnlocks(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: teaserUnlocks.id })
    .from(teaserUnlocks)
    .where(and(eq(teaserUnlocks.status, 'pending'), lte(teaserUnlocks.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(teaserUnlocks)
        .set({ status: 'expired', decidedAt: sql`now()` })
        .where(and(eq(teaserUnlocks.id, id), eq(teaserUnlocks.status, 'pending')))
        .returning();
      if (!moved) return;
      await release(
        tx as unknown as Db,
        moved,
        `创始人 ${TEASER_UNLOCK_TIMEOUT_DAYS} 天内未回复 Teaser 联系请求，算力已退回`,
      );
      await tx.insert(teaserMessages).values({
        unlockId: moved.id,
        senderId: null,
        content: `创始人 ${TEASER_UNLOCK_TIMEOUT_DAYS} 天内未回复，请求已过期，所付算力已全额退回`,
      });
      expired++;
    });
  }
  return expired;
}

async function findParticipant(db: Db, userId: number, unlockId: number) {
  const [row] = await db
    .select()
    .from(teaserUnlocks)
    .where(
      and(
        eq(teaserUnlocks.id, unlockId),
        or(eq(teaserUnlocks.investorId, userId), eq(teaserUnlocks.ownerId, userId)),
      ),
    )
    .limit(1);
  if (!row) throw notFound(REQUEST_GONE);
  return row;
}

export async function conversation(
  db: Db,
  userId: number,
  query: { unlockId?: number | undefined; id?: number | undefined; page: number; pageSize: number },
) {
  if (query.unlockId) {
    const row = await findParticipant(db, userId, query.unlockId);
    const messages = await db
      .select()
      .from(teaserMessages)
      .where(eq(teaserMessages.unlockId, row.id))
      .orderBy(teaserMessages.id)
      .limit(500);
    const [unlock] = await toWire(db, [row], userId);
    return {
      unlock: unlock!,
      messages: messages.map((m) => ({
        id: m.id,
        from:
          m.senderId === null
            ? ('system' as const)
            : m.senderId === userId
              ? ('me' as const)
              : ('other' as const),
        content: m.content,
        createdAt: m.createdAt.toISOString(),
      })),
      list: [],
      total: messages.length,
    };
  }
  const where = and(
    or(eq(teaserUnlocks.investorId, userId), eq(teaserUnlocks.ownerId, userId)),
    query.id ? eq(teaserUnlocks.teaserId, query.id) : undefined,
    sql`${teaserUnlocks.attempt} > 0`,
  );
  const rows = await db
    .select()
    .from(teaserUnlocks)
    .where(where)
    .orderBy(desc(teaserUnlocks.createdAt), desc(teaserUnlocks.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(teaserUnlocks).where(where);
  return { unlock: null, messages: [], list: await toWire(db, rows, userId), total: Number(total?.n ?? 0) };
}

export async function sendMessage(db: Db, userId: number, input: { unlockId: number; content: string }) {
  const row = await findParticipant(db, userId, input.unlockId);
  if (row.status !== 'pending' && row.status !== 'accepted')
    throw new AppError(Code.CONFLICT, '该联系请求已结束，不能再发送消息');
  const [message] = await db
    .insert(teaserMessages)
    .values({ unlockId: row.id, senderId: userId, content: input.content })
    .returning();
  return {
    id: message!.id,
    from: 'me' as const,
    content: message!.content,
    createdAt: message!.createdAt.toISOString(),
  };
}
