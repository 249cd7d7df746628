/**
 * Runs a library search: from the library snapshot when it is ready (its search index gives
 * exact totals with every match ranked, its columns the page's rows: no query), else with SQL.
 *
 * The SQL path keeps its cost following the page, not the number of matches:
 * - the total is a separate count, cached (cache.ts) and shared by every page of a search;
 *   it is exact up to 2,000 matches and estimated from a sample beyond (`isEstimate`): an
 *   exact count of 37,000 matches reads 37,000 wide rows (over a second on PGlite), while
 *   nobody pages that far and "约 3.7 万个" says all a user needs;
 * - sorted lists read a sort index in order and stop at the page;
 * - relevance ranks every match when there are at most 2,000; beyond, a bounded candidate
 *   set — the newest 200 matches plus the rows whose name holds the whole keyword (up to
 *   100) — and continues past it newest first, so paging stays consistent. A search
 *   matching a third of the library ("人工智能") ranks its newest matches instead of
 *   scoring 37,000 rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import type { LibrarySnapshot } from '../snapshot/snapshot.js';
import { cached } from './cache.js';
import { type Cond, condSql, type EntitySpec, type Relevance, scoreSql, whereOf } from './conditions.js';
import { readySearchSnapshot } from './index/library-index.js';

/** Candidate and count bounds (tests lower them to reach every path on a small library). */
export const SEARCH_LIMITS = { ranked: 200, named: 100, exactUpTo: 2000, samplePercent: 5 };

export interface SearchPlan {
  table: 'projects' | 'institutions' | 'investors';
  alias: string;
  columns: SQL;
  conditions: SQL[];
  /** Relevance of a keyword search; absent, rows come in `order`. */
  score?: SQL | undefined;
  nameCondition?: SQL | undefined;
  /** Newest first: how candidates are picked and rows past them ordered. */
  recency: SQL;
  order: SQL;
  /** Joined for `order` only (a sort key from another table). */
  orderJoin?: SQL | undefined;
  page: number;
  pageSize: number;
  /** Identifies table and conditions, for the cached count. */
  key: string;
}

interface Counted {
  total: number;
  isEstimate: boolean;
}

/**
 * A page of matches: rows from SQL, or places in the snapshot that answered, whose rows are
 * built only where a card needs one (a kept card needs none).
 */
export type SearchRows<Row> = Counted &
  (
    | { rows: Row[]; snapshot?: undefined }
    | { snapshot: LibrarySnapshot; positions: number[]; rowAt(position: number): Row }
  );

/** A search, as both paths understand it. */
export interface EntitySearch {
  table: 'projects' | 'institutions' | 'investors';
  spec: EntitySpec;
  columns: SQL;
  where: Cond[];
  relevance?: Relevance | undefined;
  /** SQL's candidates beyond the newest: rows whose name holds the whole keyword. */
  nameCondition?: Cond | undefined;
  /** Newest first (SQL); the index numbers its rows in this order. */
  recency: SQL;
  /** The list order: 'recency' or one of the index's orders, and its SQL. */
  order: { name: string; sql: SQL; join?: SQL | undefined };
  page: number;
  pageSize: number;
  key: string;
  /** The row at a snapshot row, as `columns` selects it. */
  rowAt(snapshot: LibrarySnapshot, row: number): unknown;
}

export async function findRows<Row extends { id: number | string }>(
  db: Db,
  search: EntitySearch,
): Promise<SearchRows<Row>> {
  const snapshot = readySearchSnapshot(db);
  if (snapshot) {
    const hits = snapshot.search[search.table].search({
      where: search.where,
      relevance: search.relevance,
      order: search.order.name,
      page: search.page,
      pageSize: search.pageSize,
    });
    return {
      total: hits.total,
      isEstimate: false,
      snapshot,
      positions: hits.positions,
      rowAt: (position) => search.rowAt(snapshot, position) as Row,
    };
  }
  const { spec } = search;
  return runSearch<Row>(db, {
    table: search.table,
    alias: spec.alias,
    columns: search.columns,
    conditions: search.where.map((cond) => condSql(spec, cond)),
    score: search.relevance ? scoreSql(spec, search.relevance) : undefined,
    nameCondition: search.nameCondition ? condSql(spec, search.nameCondition) : undefined,
    recency: search.recency,
    order: search.order.sql,
    orderJoin: search.order.join,
    page: search.page,
    pageSize: search.pageSize,
    key: search.key,
  });
}

/**
 * Matches counted up to `exactUpTo`; beyond, estimated from a 5% block sample (the planner's
 * own estimate for OR-ed text conditions was off threefold on the benchmark set). When the
 * planner already expects far more than that, the capped count is skipped: it would read
 * thousands of wide rows only to reach the cap. Without conditions the count is exact: a
 * plain count of the table is cheap enough once per cache period.
 */
async function countMatches(db: Db, from: SQL, where: SQL, hasConditions: boolean) {
  const count = async (query: SQL) =>
    Number((await selectRows<{ n: number | string }>(db, query))[0]?.n ?? 0);
  if (!hasConditions)
    return { total: await count(sql`select count(*) as n from ${from}`), isEstimate: false };
  const [plan] = await selectRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${from} ${where}`,
  );
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const planned = parsed[0]?.Plan?.['Plan Rows'] ?? 0;
  let counted = SEARCH_LIMITS.exactUpTo + 1;
  if (planned <= SEARCH_LIMITS.exactUpTo * 2.5) {
    counted = await count(
      sql`select count(*) as n from (select 1 from ${from} ${where} limit ${SEARCH_LIMITS.exactUpTo + 1}) c`,
    );
    if (counted <= SEARCH_LIMITS.exactUpTo) return { total: counted, isEstimate: false };
  }
  const sampled = await count(
    sql`select count(*) * ${100 / SEARCH_LIMITS.samplePercent} as n from ${from} tablesample system (${sql.raw(String(SEARCH_LIMITS.samplePercent))}) repeatable (7) ${where}`,
  );
  return { total: Math.max(counted, sampled), isEstimate: true };
}

export async function runSearch<Row>(db: Db, plan: SearchPlan): Promise<Counted & { rows: Row[] }> {
  const from = sql.raw(`${plan.table} ${plan.alias}`);
  const id = sql.raw(`${plan.alias}.id`);
  const where = whereOf(plan.conditions);
  const offset = (plan.page - 1) * plan.pageSize;
  const counting = cached(db, `count:${plan.key}`, () =>
    countMatches(db, from, where, plan.conditions.length > 0),
  );
  if (!plan.score) {
    const [rows, count] = await Promise.all([
      selectRows<Row>(
        db,
        sql`select ${plan.columns} from ${from} ${plan.orderJoin ?? sql``} ${where} order by ${plan.order}
          limit ${plan.pageSize} offset ${offset}`,
      ),
      counting,
    ]);
    return { rows, ...count };
  }
  // Few matches: rank them all (an index-ordered walk would read ~200/density rows to find
  // 200 of them). Many: the newest 200 are near the front of the recency index.
  const count = await counting;
  if (!count.isEstimate && count.total <= SEARCH_LIMITS.exactUpTo) {
    const rows = await selectRows<Row>(
      db,
      sql`select ${plan.columns}, ${plan.score} as score from ${from} ${where}
        order by score desc, ${plan.recency} limit ${plan.pageSize} offset ${offset}`,
    );
    return { rows, ...count };
  }
  const named = plan.nameCondition
    ? sql` union (select ${id} from ${from} ${whereOf([...plan.conditions, plan.nameCondition])}
        order by ${plan.recency} limit ${SEARCH_LIMITS.named})`
    : sql``;
  const candidates = sql`(select ${id} from ${from} ${where} order by ${plan.recency} limit ${SEARCH_LIMITS.ranked})${named}`;
  const ranked = await selectRows<Row & { ranked: number | string }>(
    db,
    sql`with cand as (${candidates})
      select ${plan.columns}, ${plan.score} as score, (select count(*) from cand) as ranked
      from ${from} join cand on cand.id = ${id}
      order by score desc, ${plan.recency} limit ${plan.pageSize} offset ${offset}`,
  );
  if (ranked.length === plan.pageSize) return { rows: ranked, ...count };
  // The page runs past the ranked candidates: the other matches follow, newest first.
  const rankedCount = ranked.length
    ? Number(ranked[0]!.ranked)
    : Number(
        (
          await selectRows<{ n: number | string }>(
            db,
            sql`with cand as (${candidates}) select count(*) as n from cand`,
          )
        )[0]?.n ?? 0,
      );
  const rest = await selectRows<Row>(
    db,
    sql`with cand as (${candidates})
      select ${plan.columns} from ${from} ${whereOf([...plan.conditions, sql`${id} not in (select id from cand)`])}
      order by ${plan.recency} limit ${plan.pageSize - ranked.length} offset ${Math.max(0, offset - rankedCount)}`,
  );
  return { rows: [...ranked, ...rest], ...count };
}
