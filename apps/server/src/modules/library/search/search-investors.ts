/**
 * Investor search (investorSearch): people by name or keyword, with the library filters on
 * what they invest in and, optionally, one institution. Contacts are never part of a card.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { institutionNameOf, investorRowAt } from '../snapshot/rows.js';
import { cached } from './cache.js';
import { type InvestorRow, investorColumns, toInvestorCard } from './cards.js';
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
import { ticketOverlap } from './search-orgs.js';
import { type ProjectQuery, understood } from './search-projects.js';
import { getVocabulary, type Vocabulary } from './vocabulary.js';

export const investorSpec: EntitySpec = {
  alias: 'v',
  names: ['v.name'],
  industry: (ids) => sql`v.industries && ${textArray(ids)}`,
  stage: (codes) => sql`v.stages && ${smallintArray(codes)}`,
  region: (codes) => sql`v.regions && ${textArray(codes)}`,
  amount: (min, max) => ticketOverlap('v', min, max),
  institution: (id) => sql`v.institution_id = ${id}`,
};

export type InvestorQuery = ProjectQuery & { institutionId?: number | null | undefined };

/** The newest deal of each investor, as a sort key: one aggregate, not a subquery per row. */
const latestDealJoin = sql`left join (select ri.investor_id, max(r.date) as last_deal from round_investors ri
  join rounds r on r.id = ri.round_id group by ri.investor_id) ld on ld.investor_id = v.id`;
const latestDeal = sql.raw('ld.last_deal desc nulls last, v.id desc nulls last');
const newest = sql.raw('v.id desc nulls last');

export async function searchInvestors(db: Db, query: InvestorQuery) {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(query.keyword, vocabulary);
  const filters = resolveFilters(query, vocabulary);
  const key = JSON.stringify(['investors', parsed.text, filters, query.institutionId ?? 0]);
  return cached(db, `${key}:${query.sort}:${query.page}:${query.pageSize}`, async () => {
    const where = filterConditions(investorSpec, filters);
    if (query.institutionId) where.push({ kind: 'institution', id: query.institutionId });
    const keyword = keywordCondition(parsed, filters, vocabulary);
    if (keyword) where.push(keyword);
    const isRelevance = !!parsed.text && query.sort === 'relevance';
    const found = await findRows<InvestorRow>(db, {
      table: 'investors',
      spec: investorSpec,
      columns: investorColumns('v'),
      where,
      relevance: isRelevance ? relevanceOf(parsed, vocabulary) : undefined,
      nameCondition: wholeNameCondition(parsed),
      recency: newest,
      // A list without a keyword comes 最近出手 first, as the page labels it; 单笔金额 on request.
      order:
        query.sort === 'amount'
          ? { name: 'amount', sql: sql.raw('v.ticket_max desc nulls last, v.id desc nulls last') }
          : { name: 'latest', sql: latestDeal, join: latestDealJoin },
      page: query.page,
      pageSize: query.pageSize,
      key,
      rowAt: investorRowAt,
    });
    const terms = highlightTerms(parsed);
    const list = found.snapshot
      ? found.positions.map((position) => {
          const row = found.rowAt(position);
          return toInvestorCard(row, institutionNameOf(found.snapshot, row.institutionId), vocabulary, terms);
        })
      : await withInstitutionNames(db, found.rows, vocabulary, terms);
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

export async function withInstitutionNames(
  db: Db,
  rows: InvestorRow[],
  vocabulary: Vocabulary,
  terms: readonly string[] = [],
) {
  const ids = [
    ...new Set(
      rows
        .map((row) => row.institutionId)
        .filter((id) => id !== null)
        .map(Number),
    ),
  ];
  const names = ids.length
    ? await selectRows<{ id: number | string; name: string }>(
        db,
        sql`select id, name from institutions where id = any(${bigintArray(ids)})`,
      )
    : [];
  const byId = new Map(names.map((n) => [Number(n.id), n.name]));
  return rows.map((row) =>
    toInvestorCard(
      row,
      row.institutionId === null ? '' : (byId.get(Number(row.institutionId)) ?? ''),
      vocabulary,
      terms,
    ),
  );
}
