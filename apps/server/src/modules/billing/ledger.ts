/**
 * Compute credits: the balance and the append-only ledger move together, in one
 * transaction, or not at all. A debit is one conditional UPDATE (… WHERE credits >= n),
 * and the CHECK (credits >= 0) on balances backs it, so no race can take a balance below
 * zero. `charge` is the one function other modules call to spend credits.
 */
import { and, eq, sql } from 'drizzle-orm';
import { balances, type LedgerKind, ledgerEntries } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

export interface CreditMove {
  userId: number;
  credits: number;
  kind: LedgerKind;
  reference: string;
  /** In Chinese: what it bought or why. */
  description: string;
  orderId?: number | null;
  idempotencyKey?: string | null;
}

/** Adds credits (inside the caller's transaction); returns the new balance. */
export async function addCredits(tx: Db, move: CreditMove): Promise<number> {
  if (!Number.isInteger(move.credits) || move.credits <= 0)
    throw new Error(`入账算力须为正整数：${move.credits}`);
  const [row] = await tx
    .insert(balances)
    .values({ userId: move.userId, credits: move.credits })
    .onConflictDoUpdate({
      target: balances.userId,
      set: { credits: sql`${balances.credits} + excluded.credits`, updatedAt: sql`now()` },
    })
    .returning({ credits: balances.credits });
  await writeEntry(tx, move, move.credits, row!.credits);
  return row!.credits;
}

/** Takes credits if the balance covers them (inside the caller's transaction); null when it does not. */
export async function takeCredits(tx: Db, move: CreditMove): Promise<number | null> {
  if (!Number.isInteger(move.credits) || move.credits <= 0)
    throw new Error(`扣减算力须为正整数：${move.credits}`);
  const [row] = await tx
    .update(balances)
    .set({ credits: sql`${balances.credits} - ${move.credits}`, updatedAt: sql`now()` })
    .where(and(eq(balances.userId, move.userId), sql`${balances.credits} >= ${move.credits}`))
    .returning({ credits: balances.credits });
  if (!row) return null;
  await writeEntry(tx, move, -move.credits, row.credits);
  return row.credits;
}

async function writeEntry(tx: Db, move: CreditMove, amount: number, balanceAfter: number) {
  await tx.insert(ledgerEntries).values({
    userId: move.userId,
    currency: 'credit',
    amount,
    kind: move.kind,
    reference: move.reference,
    description: move.description,
    orderId: move.orderId ?? null,
    idempotencyKey: move.idempotencyKey ?? null,
    balanceAfter,
  });
}

/** Records money received or returned (fen); balances hold credits only. */
export async function recordMoney(
  tx: Db,
  entry: {
    userId: number;
    fen: number;
    kind: 'recharge' | 'refund';
    reference: string;
    description: string;
    orderId: number;
  },
) {
  await tx.insert(ledgerEntries).values({
    userId: entry.userId,
    currency: 'fen',
    amount: entry.fen,
    kind: entry.kind,
    reference: entry.reference,
    description: entry.description,
    orderId: entry.orderId,
  });
}

export async function getBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ credits: balances.credits })
    .from(balances)
    .where(eq(balances.userId, userId));
  return row?.credits ?? 0;
}

export interface ChargeRequest {
  userId: number;
  /** In Chinese: what the credits buy (解锁项目联系方式：某某科技). */
  what: string;
  credits: number;
  /** What was bought, e.g. `unlock:project:123`. */
  reference: string;
  /** Charge at most once per user and reference: a repeat answers the first charge. */
  idempotent?: boolean;
}

export type ChargeResult =
  | { ok: true; balance: number; isDuplicate: boolean }
  | { ok: false; reason: 'insufficient'; balance: number; need: number };

/**
 * Spends credits atomically: the conditional debit and the ledger entry commit together.
 * `run` (optional) does the thing bought in the same transaction; if it throws, nothing
 * is charged.
 */
export async function charge(
  db: Db,
  request: ChargeRequest,
  run?: (tx: Db) => Promise<void>,
): Promise<ChargeResult> {
  const key = request.idempotent ? `spend:${request.userId}:${request.reference}` : null;
  if (key && (await hasEntry(db, key)))
    return { ok: true, balance: await getBalance(db, request.userId), isDuplicate: true };
  try {
    return await db.transaction(async (tx) => {
      const balance = await takeCredits(tx, {
        userId: request.userId,
        credits: request.credits,
        kind: 'spend',
        reference: request.reference,
        description: request.what,
        idempotencyKey: key,
      });
      if (balance === null) {
        // Nothing was written; the rollback only ends the transaction.
        throw new Insufficient();
      }
      if (run) await run(tx as unknown as Db);
      return { ok: true as const, balance, isDuplicate: false };
    });
  } catch (error) {
    if (error instanceof Insufficient) {
      return {
        ok: false,
        reason: 'insufficient',
        balance: await getBalance(db, request.userId),
        need: request.credits,
      };
    }
    // Two concurrent idempotent charges: the loser's insert hits the unique key and rolls back.
    if (key && isUniqueViolation(error)) {
      return { ok: true, balance: await getBalance(db, request.userId), isDuplicate: true };
    }
    throw error;
  }
}

class Insufficient extends Error {}

async function hasEntry(db: Db, idempotencyKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return rows.length > 0;
}

/** Whether a user has paid (credits spent, not refunded) for a reference. */
export async function hasSpent(db: Db, userId: number, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.currency, 'credit'),
        eq(ledgerEntries.reference, reference),
        sql`${ledgerEntries.kind} in ('spend', 'refund')`,
      ),
    );
  return Number(row?.total ?? 0) < 0;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
