/**
 * Project search (ProjectFuzzySearch, the industry list, saved full searches): keyword,
 * filters, sorting and pages, answered from the cache when the same search ran lately.
 */
import type { ProjectCard, ProjectSearchRequest, ProjectSearchResult } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { trustAnswer, withJson } from '../../../http/index.js';
import type { Db } from '../../../platform/database/index.js';
import { projectRowAt } from '../snapshot/rows.js';
import type { LibrarySnapshot } from '../snapshot/snapshot.js';
import { cached } from './cache.js';
import { type ProjectRow, projectColumns, projectHighlights, toProjectCard } from './cards.js';
import {
  type EntitySpec,
  filterConditions,
  keywordCondition,
  newestFirst,
  relevanceOf,
  resolveFilters,
  smallintArray,
  textArray,
  wholeNameCondition,
} from './conditions.js';
import { highlightTerms } from './highlight.js';
import { type ParsedKeyword, parseKeyword } from './parse-keyword.js';
import { findRows } from './run-search.js';
import { getVocabulary, type Vocabulary } from './vocabulary.js';

export const projectSpec: EntitySpec = {
  alias: 'p',
  names: ['p.name', 'p.brand_name'],
  industry: (ids) => sql`(p.industry_id = any(${textArray(ids)}) or p.industries && ${textArray(ids)})`,
  stage: (codes) => sql`p.stage = any(${smallintArray(codes)})`,
  region: (codes) =>
    sql`(p.province_code = any(${textArray(codes)}) or p.city_code = any(${textArray(codes)}))`,
  amount: (min, max) => sql`p.amount_sought between ${min ?? 0} and ${max ?? 2_147_483_647}`,
  founded: (from, to) => sql`p.founded_year between ${from ?? 0} and ${to ?? 9999}`,
};

export type ProjectQuery = Omit<ProjectSearchRequest, 'uguid' | 'clientid'>;

export async function searchProjects(db: Db, query: ProjectQuery): Promise<ProjectSearchResult> {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(query.keyword, vocabulary);
  const filters = resolveFilters(query, vocabulary);
  const key = JSON.stringify(['projects', parsed.text, filters]);
  return cached(db, `${key}:${query.sort}:${query.page}:${query.pageSize}`, async () => {
    const where = filterConditions(projectSpec, filters);
    const keyword = keywordCondition(parsed, filters, vocabulary);
    if (keyword) where.push(keyword);
    const isRelevance = !!parsed.text && query.sort === 'relevance';
    const recency = newestFirst('p', 'latest_round_at');
    const found = await findRows<ProjectRow>(db, {
      table: 'projects',
      spec: projectSpec,
      columns: projectColumns('p'),
      where,
      relevance: isRelevance ? relevanceOf(parsed, vocabulary) : undefined,
      nameCondition: wholeNameCondition(parsed),
      recency,
      order:
        query.sort === 'amount'
          ? { name: 'amount', sql: newestFirst('p', 'amount_sought') }
          : { name: 'recency', sql: recency },
      page: query.page,
      pageSize: query.pageSize,
      key,
      rowAt: projectRowAt,
    });
    const terms = highlightTerms(parsed);
    // In the schema's key order, every value of its type: written without the check.
    return trustAnswer({
      list: found.snapshot
        ? found.positions.map((position) =>
            keptCard(found.snapshot, position, found.rowAt, vocabulary, terms),
          )
        : found.rows.map((row) => toProjectCard(row, vocabulary, terms)),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      understood: understood(parsed, vocabulary),
      totalIsEstimate: found.isEstimate,
    });
  });
}

/** Cards kept per snapshot (and vocabulary), at most this many: a few MB. */
const CARDS_KEPT = 4096;
const keptCards = new WeakMap<
  LibrarySnapshot,
  { vocabulary: Vocabulary; cards: Map<number, { card: ProjectCard; json: string }> }
>();

/**
 * The card of a snapshot row, made and written once for every search that lists the row
 * (the card and its JSON are shared, never changed): a keyword's card is the kept one with
 * its highlight added, and its JSON the kept text with the highlight's. The row (with its
 * 600-character description) is built only to make the card or a highlight.
 */
function keptCard(
  snapshot: LibrarySnapshot,
  position: number,
  rowAt: (position: number) => ProjectRow,
  vocabulary: Vocabulary,
  terms: readonly string[],
): ProjectCard {
  let kept = keptCards.get(snapshot);
  if (kept?.vocabulary !== vocabulary) {
    kept = { vocabulary, cards: new Map() };
    keptCards.set(snapshot, kept);
  }
  let row: ProjectRow | undefined;
  let entry = kept.cards.get(position);
  if (!entry) {
    row = rowAt(position);
    const card = toProjectCard(row, vocabulary);
    entry = { card, json: JSON.stringify(card) };
    withJson(card, entry.json);
    kept.cards.set(position, entry);
    if (kept.cards.size > CARDS_KEPT) kept.cards.delete(kept.cards.keys().next().value!);
  }
  if (!terms.length) return entry.card;
  const highlight = projectHighlights(entry.card, row ?? rowAt(position), terms);
  return withJson(
    { ...entry.card, highlight },
    `${entry.json.slice(0, -1)},"highlight":${JSON.stringify(highlight)}}`,
  );
}

export function understood(parsed: ParsedKeyword, vocabulary: Vocabulary) {
  return {
    keyword: parsed.text,
    stages: parsed.stages,
    industries: parsed.industryIds.map((id) => ({ id, name: vocabulary.industries.get(id)?.name ?? id })),
    regions: parsed.regionCodes.map((code) => ({
      id: code,
      name: vocabulary.regions.get(code)?.name ?? code,
    })),
  };
}
