/**
 * The browse feeds and matching both ways. getOnlineTeaserList: published teasers, newest
 * first, with filters (an index on published_at serves it at 10k teasers). GetDescoveryTeaser:
 * the most viewed of the last 7 days. getRecommendTeaser: ranked for the reader — by the
 * matching engine when the reader's investment profile is known, else by completeness and
 * freshness — with the bounded, labelled VIP boost. matchInvestor*: investors for the
 * owner's teaser; matchTeaser: teasers for an investor's thesis.
 */

import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { User } from '../../db/schema.js';
import { teasers } from '../../db/schema.js';
import type { StreamWriter } from '../../http/index.js';
import { tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import {
  type MatchProfileFields,
  matchInvestorsForProfile,
  scoreProfilesForSeeker,
  VIP_BOOST,
  VIP_MIN_BASE,
} from '../matching/index.js';
import { LIST_COLUMNS, publicSummaries, type TeaserListRow, vipOwnersAmong } from './rows.js';
import { findOwn } from './teasers.js';

/** Newest first, in the order of the partial index teasers_online_idx (DESC NULLS LAST). */
export const NEWEST_FIRST = [sql`${teasers.publishedAt} desc nulls last`, sql`${teasers.id} desc nulls last`];

/** Published teasers the in-memory rankings look at: the newest this many. */
export const RANK_CANDIDATES = 1000;

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  industry?: string | undefined;
  stage?: number | undefined;
}

export function listWhere(query: ListQuery): SQL {
  const parts: SQL[] = [sql`${teasers.status} = 'published'`];
  // `industries` always starts with the main industry (industry_id), so containment covers
  // both, and it is the form the GIN index teasers_industries_idx serves (`= any(…)` is not).
  if (query.industry) parts.push(sql`${teasers.industries} @> array[${query.industry}]::text[]`);
  if (query.stage !== undefined) parts.push(sql`${teasers.stage} = ${query.stage}`);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(${teasers.title} ilike ${like} or array_to_string(${teasers.tags}, ' ') ilike ${like} or ${teasers.sections}->>'intro' ilike ${like})`,
    );
  }
  return and(...parts)!;
}

/**
 * List totals, per filter, kept a few seconds: counting 10,000 rows costs more than the page
 * itself, and a total a few seconds old is fine for a pager. Per process; small and bounded.
 */
const TOTAL_TTL_MS = 5_000;
const totals = new Map<string, { at: number; n: number }>();

async function cachedTotal(db: Db, key: string, where: SQL): Promise<number> {
  const hit = totals.get(key);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.n;
  const [row] = await db.select({ n: count() }).from(teasers).where(where);
  const n = Number(row?.n ?? 0);
  if (totals.size > 500) totals.clear();
  totals.set(key, { at: Date.now(), n });
  return n;
}

const filterKey = (q: ListQuery) => JSON.stringify([q.keyword ?? '', q.industry ?? '', q.stage ?? null]);

export async function onlineList(db: Db, readerId: number | null, query: ListQuery) {
  const where = listWhere(query);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(teasers)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    list: await publicSummaries(db, rows, readerId),
    total: await cachedTotal(db, filterKey(query), where),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function discoveryList(db: Db, readerId: number | null, query: ListQuery) {
  const where = listWhere(query);
  const hot = await selectRows<{ id: number | string }>(
    db,
    sql`select teasers.id from teasers
        left join (select teaser_id, count(*) as n from teaser_views
                   where started_at > now() - interval '7 days' and duration_ms >= 1000
                   group by teaser_id) v on v.teaser_id = teasers.id
        where ${where}
        order by coalesce(v.n, 0) desc, teasers.published_at desc nulls last, teasers.id desc nulls last
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const ids = hot.map((r) => Number(r.id));
  const rows = ids.length
    ? await db
        .select(LIST_COLUMNS)
        .from(teasers)
        .where(
          sql`${teasers.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    list: await publicSummaries(db, ids.map((id) => byId.get(id)!).filter(Boolean), readerId),
    total: await cachedTotal(db, filterKey(query), where),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function profileOf(row: TeaserListRow): MatchProfileFields {
  return {
    industries: row.industries,
    stage: row.stage || null,
    amount: row.amount,
    regions: row.regionCode ? [row.regionCode] : [],
    tags: row.tags,
    tokens: tokenize(
      [
        row.title,
        row.tags.join(' '),
        ...Object.values(row.sections),
        row.facts.description ?? '',
        row.facts.products ?? '',
      ].join(' '),
    ),
  };
}

async function candidates(db: Db): Promise<TeaserListRow[]> {
  return db
    .select(LIST_COLUMNS)
    .from(teasers)
    .where(eq(teasers.status, 'published'))
    .orderBy(...NEWEST_FIRST)
    .limit(RANK_CANDIDATES);
}

const DAY_MS = 86_400_000;

/** Quality without a reader profile: sections written (60 points) and freshness (40, half-life about 3 weeks). */
export function qualityScore(row: TeaserListRow, now = Date.now()): number {
  const filled = Object.values(row.sections).filter((s) => s && !s.startsWith('（资料中暂无')).length;
  const ageDays = Math.max(0, (now - (row.publishedAt ?? row.createdAt).getTime()) / DAY_MS);
  return Math.round((60 * Math.min(7, filled)) / 7 + 40 * Math.exp(-ageDays / 30));
}

export async function recommendList(db: Db, user: User | null, query: { page: number; pageSize: number }) {
  const rows = await candidates(db);
  const vipOwners = await vipOwnersAmong(
    db,
    rows.map((r) => r.ownerId),
  );
  let basis: 'match' | 'quality' = 'quality';
  let ranked: {
    row: TeaserListRow;
    score: number;
    baseScore: number;
    vipBoost: number;
    reasons: string[];
  }[] = [];
  if (user) {
    try {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const { scored } = await scoreProfilesForSeeker(
        db,
        user,
        {},
        rows.map((r) => ({ id: r.id, ownerId: r.ownerId, name: r.title, fields: profileOf(r) })),
        vipOwners,
      );
      ranked = scored.map((s) => ({
        row: byId.get(s.id)!,
        score: s.score,
        baseScore: s.baseScore,
        vipBoost: s.vipBoost,
        reasons: s.reasons.map((r) => r.text),
      }));
      basis = 'match';
    } catch {
      // No investment profile for this reader (no institution on record): rank by quality.
    }
  }
  if (basis === 'quality') {
    const now = Date.now();
    ranked = rows.map((row) => {
      const base = qualityScore(row, now);
      const vip = base >= VIP_MIN_BASE && vipOwners.has(row.ownerId) ? VIP_BOOST : 0;
      const reasons = [`内容完整度与新鲜度 ${base} 分`];
      if (vip) reasons.unshift(`VIP 优先展示（+${vip} 分）`);
      return { row, score: Math.min(100, base + vip), baseScore: base, vipBoost: vip, reasons };
    });
    ranked.sort((a, b) => b.score - a.score || b.baseScore - a.baseScore || b.row.id - a.row.id);
  }
  const from = (query.page - 1) * query.pageSize;
  const page = ranked.slice(from, from + query.pageSize);
  const summaries = await publicSummaries(
    db,
    page.map((p) => p.row),
    user?.id ?? null,
  );
  return {
    list: page.map((p, i) => ({
      ...summaries[i]!,
      isVipPriority: p.vipBoost > 0,
      score: p.score,
      baseScore: p.baseScore,
      vipBoost: p.vipBoost,
      reasons: p.reasons,
    })),
    total: ranked.length,
    page: query.page,
    pageSize: query.pageSize,
    basis,
  };
}

export async function matchInvestorsForTeaser(
  db: Db,
  userId: number,
  query: { id: number; page: number; pageSize: number; target: 'investor' | 'institution' },
) {
  const row = await findOwn(db, userId, query.id);
  const result = await matchInvestorsForProfile(db, profileOf(row), row.title, {
    target: query.target,
    from: (query.page - 1) * query.pageSize,
    count: query.pageSize,
  });
  return { ...result, page: query.page, pageSize: query.pageSize, teaserId: row.id, target: query.target };
}

/** matchInvestorStream (no reasons) and matchInvestorWithReasonStream: one card per investor, then done. */
export async function streamInvestors(
  db: Db,
  row: TeaserListRow,
  query: { limit: number; target: 'investor' | 'institution' },
  withReasons: boolean,
  stream: StreamWriter,
) {
  stream.send({ type: 'status', status: 'matching', teaserId: row.id, isend: false });
  const { list, total } = await matchInvestorsForProfile(db, profileOf(row), row.title, {
    target: query.target,
    from: 0,
    count: query.limit,
    withReasons: false,
  });
  for (const item of list) {
    if (stream.signal.aborted) return;
    stream.send({ type: 'card', card: 'match', item, isend: false });
  }
  if (withReasons) {
    const explained = await matchInvestorsForProfile(db, profileOf(row), row.title, {
      target: query.target,
      from: 0,
      count: query.limit,
      withReasons: true,
    });
    for (const item of explained.list) {
      if (stream.signal.aborted) return;
      stream.send({
        type: 'card',
        card: 'reasons',
        rank: item.rank,
        id: item.id,
        reasons: item.reasons,
        isend: false,
      });
    }
  }
  stream.end({ type: 'status', status: 'done', total, isend: true });
}

export async function matchTeasersForInvestor(
  db: Db,
  user: User,
  query: {
    page: number;
    pageSize: number;
    thesis?: string | null | undefined;
    investorId?: number | null | undefined;
    institutionId?: number | null | undefined;
  },
) {
  const rows = (await candidates(db)).filter((r) => r.ownerId !== user.id);
  const vipOwners = await vipOwnersAmong(
    db,
    rows.map((r) => r.ownerId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { seeker, scored } = await scoreProfilesForSeeker(
    db,
    user,
    {
      thesis: query.thesis ?? null,
      investorId: query.investorId ?? null,
      institutionId: query.institutionId ?? null,
    },
    rows.map((r) => ({ id: r.id, ownerId: r.ownerId, name: r.title, fields: profileOf(r) })),
    vipOwners,
  );
  const from = (query.page - 1) * query.pageSize;
  const page = scored.slice(from, from + query.pageSize);
  const summaries = await publicSummaries(
    db,
    page.map((s) => byId.get(s.id)!),
    user.id,
  );
  return {
    list: page.map((s, i) => ({
      ...summaries[i]!,
      isVipPriority: s.vipBoost > 0,
      rank: from + i + 1,
      score: s.score,
      baseScore: s.baseScore,
      vipBoost: s.vipBoost,
      reasons: s.reasons,
    })),
    total: scored.length,
    page: query.page,
    pageSize: query.pageSize,
    seeker: { kind: seeker.kind, name: seeker.name, industryNames: seeker.industryNames },
  };
}
