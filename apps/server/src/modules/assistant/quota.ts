/**
 * Free chat turns a day (billing's CHAT_FREE_TURNS: per user signed in, per client id
 * signed out), counted in Beijing days over `chat_turns`, which deleting a conversation
 * does not touch. A conversation unlocked with ChatPerCharge (billing's per-use unlock,
 * paid with credits or by GetChargeCode) is not counted and never locks. A turn is taken
 * by inserting its row first and counting after, so parallel requests cannot overspend.
 */
import { messages as copy, type RemainingChats } from '@jq/contract';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { chatTurns } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { CHAT_FREE_TURNS, getChatTurnPrice, isUnlocked } from '../billing/index.js';
import { type Owner, ownedBy } from './owner.js';

type PricingConfig = Pick<Config, 'billing' | 'pay'>;

/** Midnight today in Beijing, as a timestamp. */
const beijingMidnight = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

export const freeTurnsFor = (owner: Owner) =>
  owner.isSignedIn ? CHAT_FREE_TURNS.signedIn : CHAT_FREE_TURNS.anonymous;

async function usedToday(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatTurns)
    .where(
      and(ownedBy(chatTurns, owner), eq(chatTurns.isFree, true), gte(chatTurns.createdAt, beijingMidnight)),
    );
  return Number(row?.n ?? 0);
}

async function isChatUnlocked(db: Db, owner: Owner, chatuuid: string | undefined): Promise<boolean> {
  if (owner.userId === null || !chatuuid) return false;
  return isUnlocked(db, owner.userId, 'ChatPerCharge', chatuuid);
}

export async function getRemainingChats(
  db: Db,
  owner: Owner,
  config: PricingConfig,
  chatuuid?: string,
): Promise<RemainingChats> {
  const free = freeTurnsFor(owner);
  const [used, unlocked] = await Promise.all([usedToday(db, owner), isChatUnlocked(db, owner, chatuuid)]);
  const remaining = Math.max(0, free - used);
  return {
    remaining,
    freeTurnsPerDay: free,
    used: Math.min(used, free),
    isSignedIn: owner.isSignedIn,
    isUnlocked: unlocked,
    isLocked: remaining === 0 && !unlocked,
    lockText: owner.isSignedIn ? copy.unlockMore : copy.loginToSeeMore,
    price: getChatTurnPrice(config),
  };
}

export type TurnTicket = { ok: true; turnId: number; isFree: boolean } | { ok: false; quota: RemainingChats };

/** Takes one turn for a question in `chatuuid`: free while the day's quota lasts, else only in an unlocked conversation. */
export async function takeTurn(
  db: Db,
  owner: Owner,
  config: PricingConfig,
  chatuuid: string,
): Promise<TurnTicket> {
  if (await isChatUnlocked(db, owner, chatuuid)) {
    const [row] = await db
      .insert(chatTurns)
      .values({
        userId: owner.userId,
        clientId: owner.clientId,
        ip: owner.ip,
        chatUuid: chatuuid,
        isFree: false,
      })
      .returning({ id: chatTurns.id });
    return { ok: true, turnId: row!.id, isFree: false };
  }
  const [row] = await db
    .insert(chatTurns)
    .values({
      userId: owner.userId,
      clientId: owner.clientId,
      ip: owner.ip,
      chatUuid: chatuuid,
      isFree: true,
    })
    .returning({ id: chatTurns.id });
  const used = await usedToday(db, owner);
  if (used <= freeTurnsFor(owner)) return { ok: true, turnId: row!.id, isFree: true };
  await db.delete(chatTurns).where(eq(chatTurns.id, row!.id));
  return { ok: false, quota: await getRemainingChats(db, owner, config, chatuuid) };
}

/** Gives a turn back when nothing was answered (the generation failed before any text). */
export async function returnTurn(db: Db, turnId: number): Promise<void> {
  await db.delete(chatTurns).where(eq(chatTurns.id, turnId));
}
