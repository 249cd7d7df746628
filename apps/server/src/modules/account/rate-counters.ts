/**
 * Fixed-window counters in the database: one atomic upsert per hit, so every server
 * process on the same PostgreSQL sees the same count (SMS limits, sign-in attempts).
 */

import { Code } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { rateCounters } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';

export interface Hit {
  key: string;
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface Limit {
  key: string;
  windowMs: number;
  max: number;
  /** Refusal message; `{s}` is replaced by the seconds left in the window. */
  message: string;
}

export async function hitCounter(db: Db, key: string, windowMs: number, max: number): Promise<Hit> {
  const [row] = await selectRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into rate_counters (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at
                          else rate_counters.reset_at end
        returning count, greatest(1, ceil(extract(epoch from reset_at - now())))::int as retry_after`,
  );
  const count = Number(row!.count);
  return { key, allowed: count <= max, count, retryAfterSeconds: Number(row!.retry_after) };
}

/** Gives a hit back (the action it paid for did not happen). */
async function undoHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_counters set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * Hits every limit in order and refuses (429) at the first one over its maximum, giving
 * back the hits already taken so that a refused request costs nothing. Returns the keys
 * hit, for `undoHits` if the action fails later.
 */
export async function enforceLimits(db: Db, limits: Limit[]): Promise<string[]> {
  const taken: string[] = [];
  for (const limit of limits) {
    const hit = await hitCounter(db, limit.key, limit.windowMs, limit.max);
    if (!hit.allowed) {
      // Over-limit hits are kept for this key (the window stays full) but earlier ones are returned.
      for (const key of taken) await undoHit(db, key);
      throw new AppError(Code.RATE_LIMITED, limit.message.replace('{s}', String(hit.retryAfterSeconds)));
    }
    taken.push(hit.key);
  }
  return taken;
}

export async function undoHits(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await undoHit(db, key);
}

/** Drops windows that ended a day ago; called now and then by the writers. */
export async function pruneCounters(db: Db): Promise<void> {
  await db.delete(rateCounters).where(sql`${rateCounters.resetAt} < now() - interval '1 day'`);
}
