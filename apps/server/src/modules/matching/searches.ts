/**
 * Stored investor matches (AiOrgSearchCreate → AiOrgSearchResult → AiOrgSearchHistory). A
 * match is a `saved_searches` row of kind 'financing_need' (the library's FinancingNeedsLmt
 * counts them: 5 a day, Beijing time), holding the confirmed profile; its result is ranked
 * again from the current index, so it reflects today's library. Another user's id is "not
 * found", so ids reveal nothing.
 */
import {
  Code,
  FINANCING_NEEDS_DAILY_LIMIT,
  type MatchFilters,
  type MatchProfile,
  type MatchProfileInput,
  type MatchSearch,
  type MatchTarget,
} from '@jq/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { savedSearches } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { FINANCING_NEED_KIND, getFinancingNeedsLimit } from '../library/index.js';
import { projectFeaturesOf } from './features.js';
import { getMatchIndex } from './index-cache.js';
import { investorItems } from './items.js';
import { confirmProfile, profileFields } from './profile.js';
import { rankEntities } from './rank.js';
import { rankedCached } from './ranked-cache.js';
import type { MatchIndex, ProjectFeatures } from './types.js';

/** Any fixed number: serialises one user's submissions so the daily limit holds under concurrency. */
const LIMIT_LOCK = 7_315_051;

interface Stored {
  profile: MatchProfile;
}

const toSearch = (row: typeof savedSearches.$inferSelect): MatchSearch => ({
  id: row.id,
  profile: (row.filters as unknown as Stored).profile,
  total: row.total,
  createdAt: row.createdAt.toISOString(),
});

/** The features of a stored profile: an own project's stored tokens when it still exists. */
export async function featuresOfProfile(
  db: Db,
  index: MatchIndex,
  profile: MatchProfile,
): Promise<ProjectFeatures> {
  let tokens: string | undefined;
  if (profile.pid != null) {
    const [row] = await selectRows<{ search_tokens: string }>(
      db,
      sql`select search_tokens from projects where id = ${profile.pid}`,
    );
    tokens = row?.search_tokens;
  }
  return projectFeaturesOf(index, profileFields(profile, tokens));
}

export async function createMatchSearch(db: Db, userId: number, input: MatchProfileInput) {
  const profile = await confirmProfile(db, userId, input);
  const index = await getMatchIndex(db);
  const features = await featuresOfProfile(db, index, profile);
  const total = rankedCached(index, `new:${JSON.stringify(profile)}`, () =>
    rankEntities(index, index.investors, features),
  ).total;
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIMIT_LOCK}, ${userId})`);
    const limit = await getFinancingNeedsLimit(tx, userId);
    if (limit.remaining <= 0) {
      throw new AppError(
        Code.RATE_LIMITED,
        `今天的匹配次数已用完（每天 ${FINANCING_NEEDS_DAILY_LIMIT} 次），请明天再试`,
      );
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        kind: FINANCING_NEED_KIND,
        keyword: (profile.name || profile.description).slice(0, 100),
        filters: { profile } satisfies Stored as unknown as Record<string, unknown>,
        total,
      })
      .returning({ id: savedSearches.id });
    return row!.id;
  });
  const after = await getFinancingNeedsLimit(db, userId);
  return { id, total, remaining: after.remaining };
}

async function findOwn(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.id, id),
        eq(savedSearches.userId, userId),
        eq(savedSearches.kind, FINANCING_NEED_KIND),
      ),
    )
    .limit(1);
  if (!row) throw notFound('匹配记录不存在');
  return row;
}

export async function getMatchSearchResult(
  db: Db,
  userId: number,
  query: MatchFilters & { id: number; page: number; pageSize: number; target: MatchTarget },
) {
  const search = toSearch(await findOwn(db, userId, query.id));
  const index = await getMatchIndex(db);
  const bundle = query.target === 'institution' ? index.institutions : index.investors;
  const features = await featuresOfProfile(db, index, search.profile);
  const filters = {
    industry: query.industry,
    stage: query.stage,
    region: query.region,
    ticketMin: query.ticketMin,
    ticketMax: query.ticketMax,
    excludeConflicts: query.excludeConflicts,
  };
  const ranked = rankedCached(index, `search:${search.id}:${query.target}:${JSON.stringify(filters)}`, () =>
    rankEntities(index, bundle, features, filters),
  );
  const from = (query.page - 1) * query.pageSize;
  const name = search.profile.name || '本项目';
  return {
    list: investorItems(index, bundle, features, name, ranked, from, query.pageSize),
    total: ranked.total,
    strongTotal: ranked.strong,
    page: query.page,
    pageSize: query.pageSize,
    search,
    target: query.target,
  };
}

export async function listMatchHistory(db: Db, userId: number, page: number, pageSize: number) {
  const where = and(eq(savedSearches.userId, userId), eq(savedSearches.kind, FINANCING_NEED_KIND));
  const rows = await db
    .select()
    .from(savedSearches)
    .where(where)
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from saved_searches where user_id = ${userId} and kind = ${FINANCING_NEED_KIND}`,
  );
  return { list: rows.map(toSearch), total: Number(count?.n ?? 0), page, pageSize };
}
