/**
 * The remaining financing-need submissions of a user today (FinancingNeedsLmt). A
 * submission is a saved search of kind 'financing_need' (written by the investor-matching
 * flow, AiOrgSearchCreate); the day starts at midnight, Beijing time.
 */
import { FINANCING_NEEDS_DAILY_LIMIT } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';

export const FINANCING_NEED_KIND = 'financing_need';
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** Midnight in Beijing that starts the day of `now`, and the next one. */
export function beijingDay(now = new Date()) {
  const local = now.getTime() + BEIJING_OFFSET_MS;
  const start = new Date(local - (local % 86_400_000) - BEIJING_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

export async function getFinancingNeedsLimit(db: Db, userId: number, now = new Date()) {
  const { start, end } = beijingDay(now);
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from saved_searches
      where user_id = ${userId} and kind = ${FINANCING_NEED_KIND} and created_at >= ${start.toISOString()}`,
  );
  const used = Number(row?.count ?? 0);
  return {
    limit: FINANCING_NEEDS_DAILY_LIMIT,
    used,
    remaining: Math.max(0, FINANCING_NEEDS_DAILY_LIMIT - used),
    resetAt: end.toISOString(),
  };
}
