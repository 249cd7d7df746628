/**
 * Saved full searches (ProjectFullSearchCreate/Result/History): a keyword with filters,
 * stored per user with the total it found; its result is the search run again, so it
 * reflects today's library. A user can only ever read their own: another's id is "not
 * found", never "forbidden", so ids reveal nothing.
 */
import { SavedSearchSchema, type SearchFilters, type SearchSort } from '@jq/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { savedSearches } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { trustAnswer } from '../../../http/index.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { cached } from '../search/cache.js';
import { type ProjectQuery, searchProjects } from '../search/search-projects.js';

const KIND = 'project';

type StoredFilters = SearchFilters & { sort?: SearchSort };

const FILTER_KEYS = [
  'industry',
  'stage',
  'region',
  'amountMin',
  'amountMax',
  'foundedFrom',
  'foundedTo',
] as const;

function pickFilters(query: Omit<ProjectQuery, 'page' | 'pageSize'>): StoredFilters {
  const filters: Record<string, unknown> = { sort: query.sort };
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0))
      filters[key] = value;
  }
  return filters as StoredFilters;
}

export async function createFullSearch(
  db: Db,
  userId: number,
  query: Omit<ProjectQuery, 'page' | 'pageSize'>,
) {
  // Running it first validates the filters against the taxonomy and gives the total.
  const result = await searchProjects(db, { ...query, page: 1, pageSize: 1 });
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, kind: KIND, keyword: query.keyword, filters: pickFilters(query), total: result.total })
    .returning({ id: savedSearches.id });
  return { id: row!.id, total: result.total };
}

async function findOwn(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId), eq(savedSearches.kind, KIND)))
    .limit(1);
  if (!row) throw notFound('搜索记录不存在');
  return row;
}

const toSaved = (row: typeof savedSearches.$inferSelect) => ({
  id: row.id,
  keyword: row.keyword,
  filters: row.filters as StoredFilters,
  total: row.total,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A saved project search, read once per process: the rows are never changed or deleted
 * (only a user's removal would cascade), so every page after the first needs no query.
 * Kept as its schema parses it, so the answer is written without a second check.
 */
type SavedSearch = ReturnType<typeof SavedSearchSchema.parse>;
const SAVED_CACHE_MAX = 10_000;
const savedCaches = new WeakMap<Db, Map<number, { userId: number; saved: SavedSearch }>>();

async function findOwnSaved(db: Db, userId: number, id: number): Promise<SavedSearch> {
  let entries = savedCaches.get(db);
  if (!entries) {
    entries = new Map();
    savedCaches.set(db, entries);
  }
  const hit = entries.get(id);
  if (hit) {
    if (hit.userId !== userId) throw notFound('搜索记录不存在');
    return hit.saved;
  }
  const row = await findOwn(db, userId, id);
  const saved = SavedSearchSchema.parse(toSaved(row));
  entries.set(id, { userId, saved });
  if (entries.size > SAVED_CACHE_MAX) entries.delete(entries.keys().next().value!);
  return saved;
}

/** Saved searches never change, so a page of one is cached per owner like any search. */
export function getFullSearchResult(
  db: Db,
  userId: number,
  query: { id: number; page: number; pageSize: number; sort?: SearchSort | null | undefined },
) {
  const key = `full:${userId}:${query.id}:${query.page}:${query.pageSize}:${query.sort ?? ''}`;
  return cached(db, key, () => runFullSearch(db, userId, query));
}

async function runFullSearch(
  db: Db,
  userId: number,
  query: { id: number; page: number; pageSize: number; sort?: SearchSort | null | undefined },
) {
  const saved = await findOwnSaved(db, userId, query.id);
  const filters = saved.filters;
  const result = await searchProjects(db, {
    ...filters,
    keyword: saved.keyword,
    sort: query.sort ?? filters.sort ?? 'relevance',
    page: query.page,
    pageSize: query.pageSize,
  });
  // The page and the saved search are both in their schema's form (see trustAnswer).
  return trustAnswer({ ...result, search: saved });
}

export async function listFullSearches(
  db: Db,
  userId: number,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const where = and(eq(savedSearches.userId, userId), eq(savedSearches.kind, KIND));
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(savedSearches)
      .where(where)
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    selectRows<{ count: number | string }>(
      db,
      sql`select count(*) as count from saved_searches where user_id = ${userId} and kind = ${KIND}`,
    ),
  ]);
  return { list: rows.map(toSaved), total: Number(counted[0]?.count ?? 0), page, pageSize };
}

/** The user's latest saved keywords, for guessed questions. */
export async function listRecentKeywords(db: Db, userId: number, count = 3): Promise<string[]> {
  const rows = await selectRows<{ keyword: string }>(
    db,
    sql`select keyword from saved_searches where user_id = ${userId} and kind = ${KIND} and keyword <> ''
      group by keyword order by max(created_at) desc limit ${count}`,
  );
  return rows.map((r) => r.keyword);
}
