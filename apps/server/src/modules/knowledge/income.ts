/**
 * Creator income. The rule (docs/decisions.md): of what a buyer pays — a paid answer that
 * cites other users' public files, or the unlock price of one — `KB_CREATOR_SHARE_PERMILLE`
 * per mille, rounded down to a whole credit, goes to the owners; for an answer it is split
 * equally among the distinct cited files, the remainder credit by credit to the files cited
 * first. Every credit is exact (integers only) and written once per answer and file: the
 * ledger's idempotency key and `kb_income (reference, file_id)` are both unique, and both are
 * written in the buyer's charge transaction.
 */
import type { KbIncome } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbIncome } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { type CreatorShare, chargeWithCreatorShares } from '../billing/index.js';

export interface CitedFile {
  fileId: number;
  ownerId: number;
  title: string;
}

/** The owners' shares of `price`: floor(price × permille / 1000), split equally, remainder to the first cited. */
export function splitShares(price: number, permille: number, files: CitedFile[]): CreatorShare[] {
  const pool = Math.floor((price * permille) / 1000);
  if (!files.length || pool <= 0) return [];
  const base = Math.floor(pool / files.length);
  const extra = pool - base * files.length;
  return files
    .map((f, i) => ({
      ownerId: f.ownerId,
      fileId: f.fileId,
      title: f.title,
      credits: base + (i < extra ? 1 : 0),
    }))
    .filter((s) => s.credits > 0);
}

/** Beijing date (YYYY-MM-DD) of now. */
export const beijingDay = (date = new Date()) =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export interface PaidPurchase {
  buyerId: number;
  price: number;
  kind: 'answer' | 'unlock';
  reference: string;
  what: string;
  files: CitedFile[];
}

/** Charges the buyer and credits the owners in one transaction; income rows written with it. */
export async function payWithIncome(
  db: Db,
  config: KnowledgeConfig,
  purchase: PaidPurchase,
  extra?: (tx: Db) => Promise<void>,
) {
  const shares = splitShares(purchase.price, config.creatorSharePermille, purchase.files);
  const day = beijingDay();
  return chargeWithCreatorShares(
    db,
    {
      buyerId: purchase.buyerId,
      credits: purchase.price,
      reference: purchase.reference,
      what: purchase.what,
      shares,
      reason: purchase.kind === 'answer' ? '被付费回答引用' : '被解锁',
    },
    async (tx) => {
      if (shares.length)
        await tx.insert(kbIncome).values(
          shares.map((s) => ({
            reference: purchase.reference,
            kind: purchase.kind,
            fileId: s.fileId,
            ownerId: s.ownerId,
            payerId: purchase.buyerId,
            credits: s.credits,
            day,
            fileTitle: s.title.slice(0, 200),
          })),
        );
      await extra?.(tx);
    },
  );
}

/** The caller's income: all-time total, and per file and per day within `days`. */
export async function getUserKbIncome(
  db: Db,
  config: KnowledgeConfig,
  userId: number,
  days: number,
): Promise<KbIncome> {
  const since = beijingDay(new Date(Date.now() - (days - 1) * 86_400_000));
  const [totals] = await selectRows<{
    total: string | number;
    recent: string | number;
    answers: string | number;
  }>(
    db,
    sql`select coalesce(sum(credits), 0) as total,
        coalesce(sum(credits) filter (where day >= ${since}::date), 0) as recent,
        count(distinct reference) filter (where day >= ${since}::date) as answers
      from kb_income where owner_id = ${userId}`,
  );
  const byFile = await selectRows<{
    file_id: string | number;
    title: string;
    credits: string | number;
    n: string | number;
  }>(
    db,
    sql`select i.file_id, coalesce(f.title, max(i.file_title)) as title, sum(i.credits) as credits,
        count(distinct i.reference) as n
      from kb_income i left join kb_files f on f.id = i.file_id
      where i.owner_id = ${userId} and i.day >= ${since}::date
      group by i.file_id, f.title order by credits desc, i.file_id limit 100`,
  );
  const byDay = await selectRows<{ day: string; credits: string | number; n: string | number }>(
    db,
    sql`select day::text as day, sum(credits) as credits, count(distinct reference) as n
      from kb_income where owner_id = ${userId} and day >= ${since}::date group by day order by day desc`,
  );
  return {
    total: Number(totals?.total ?? 0),
    recent: Number(totals?.recent ?? 0),
    answers: Number(totals?.answers ?? 0),
    byFile: byFile.map((r) => ({
      fileId: Number(r.file_id),
      title: r.title,
      credits: Number(r.credits),
      answers: Number(r.n),
    })),
    byDay: byDay.map((r) => ({ day: r.day, credits: Number(r.credits), answers: Number(r.n) })),
    sharePermille: config.creatorSharePermille,
    answerPrice: config.answerCredits,
  };
}
