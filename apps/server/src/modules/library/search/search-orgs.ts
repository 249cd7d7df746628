/**
 * Institution search (OrgFuzzySearch): by name, short name or keyword, with the library
 * filters (industry, stage, region on what the institution invests in; amounts on its
 * ticket size) and its type. Each card carries the institution's deal count. Without a
 * keyword the largest institutions (by fund size) come first.
 */
import type { OrgCard } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { orgRowAt } from '../snapshot/rows.js';
import { cached } from './cache.js';
import { type OrgRow, orgColumns, toOrgCard } from './cards.js';
import {
  bigintArray,
  type EntitySpec,
  filterConditions,
  keywordCondition,
  relevanceOf,
  resolveFilters,
  smallintArray,
  textArray,
  wholeNameCondition,
} from './conditions.js';
import { highlightTerms } from './highlight.js';
import { parseKeyword } from './parse-keyword.js';
import { findRows } from './run-search.js';
import { type ProjectQuery, understood } from './search-projects.js';
import { getVocabulary, type Vocabulary } from './vocabulary.js';

/** A ticket range overlapping the asked one; institutions without a stated ticket don't qualify. */
export const ticketOverlap = (a: string, min: number | null, max: number | null): SQL =>
  sql`${sql.raw(`${a}.ticket_max`)} >= ${min ?? 0} and ${sql.raw(`${a}.ticket_min`)} <= ${max ?? 2_147_483_647}`;

export const orgSpec: EntitySpec = {
  alias: 'i',
  names: ['i.name', 'i.short_name'],
  industry: (ids) => sql`i.industries && ${textArray(ids)}`,
  stage: (codes) => sql`i.stages && ${smallintArray(codes)}`,
  region: (codes) => sql`i.regions && ${textArray(codes)}`,
  amount: (min, max) => ticketOverlap('i', min, max),
  founded: (from, to) => sql`i.founded_year between ${from ?? 0} and ${to ?? 9999}`,
  type: (value) => sql`i.type = ${value}`,
};

export type OrgQuery = ProjectQuery & { type?: string | null | undefined };

/** The newest deal of each institution, as a sort key: one aggregate, not a subquery per row. */
const latestDealJoin = sql`left join (select ri.institution_id, max(r.date) as last_deal from round_investors ri
  join rounds r on r.id = ri.round_id group by ri.institution_id) ld on ld.institution_id = i.id`;
const latestDeal = sql.raw('ld.last_deal desc nulls last, i.id desc nulls last');
const largest = sql.raw('i.aum_max desc nulls last, i.id desc nulls last');

export async function searchOrgs(db: Db, query: OrgQuery) {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(query.keyword, vocabulary);
  const filters = resolveFilters(query, vocabulary);
  const key = JSON.stringify(['institutions', parsed.text, filters, query.type ?? '']);
  return cached(db, `${key}:${query.sort}:${query.page}:${query.pageSize}`, async () => {
    const where = filterConditions(orgSpec, filters);
    if (query.type) where.push({ kind: 'type', value: query.type });
    const keyword = keywordCondition(parsed, filters, vocabulary);
    if (keyword) where.push(keyword);
    const isRelevance = !!parsed.text && query.sort === 'relevance';
    const found = await findRows<OrgRow>(db, {
      table: 'institutions',
      spec: orgSpec,
      columns: orgColumns('i'),
      where,
      relevance: isRelevance ? relevanceOf(parsed, vocabulary) : undefined,
      nameCondition: wholeNameCondition(parsed),
      recency: largest,
      // A list without a keyword comes 最近出手 first, as the page labels it; 管理规模 on request.
      order:
        query.sort === 'amount'
          ? { name: 'recency', sql: largest }
          : { name: 'latest', sql: latestDeal, join: latestDealJoin },
      page: query.page,
      pageSize: query.pageSize,
      key,
      rowAt: orgRowAt,
    });
    const terms = highlightTerms(parsed);
    // The snapshot counted each institution's deals when it was built.
    const list = found.snapshot
      ? found.positions.map((position) =>
          toOrgCard(found.rowAt(position), vocabulary, found.snapshot.institutionDeals[position]!, terms),
        )
      : await toOrgCards(db, found.rows, vocabulary, terms);
    return {
      list,
      total: found.total,
      totalIsEstimate: found.isEstimate,
      page: query.page,
      pageSize: query.pageSize,
      understood: understood(parsed, vocabulary),
    };
  });
}

/** Cards for institution rows, with each one's number of deals (rounds it took part in). */
export async function toOrgCards(
  db: Db,
  rows: OrgRow[],
  vocabulary: Vocabulary,
  terms: readonly string[] = [],
): Promise<OrgCard[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => Number(row.id));
  const counts = await selectRows<{ institution_id: number | string; deals: number | string }>(
    db,
    sql`select institution_id, count(distinct round_id) as deals from round_investors
      where institution_id = any(${bigintArray(ids)}) group by institution_id`,
  );
  const byId = new Map(counts.map((c) => [Number(c.institution_id), Number(c.deals)]));
  return rows.map((row) => toOrgCard(row, vocabulary, byId.get(Number(row.id)) ?? 0, terms));
}
