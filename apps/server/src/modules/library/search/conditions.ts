/**
 * The SQL of a library search, shared by projects, institutions and investors. Text
 * matching reads the stored vectors `name_vector` and `search_vector` (the `simple`
 * tsvectors of name_grams and search_tokens, GIN-indexed; see the search block of
 * db/tables/library.ts for why stored), with tsqueries built only from letters and digits.
 *
 * Semantics: explicit filters are strict. In the keyword, stage and region words become
 * strict filters (unless the request filters those itself), industry words are topics
 * (a row in the industry, or whose text names it), and the other words must match a name
 * or the text. A row whose name contains the whole keyword always qualifies.
 */
import type { SearchFilters, SearchSort } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../errors.js';
import { allQuery, nameQuery, type ParsedKeyword } from './parse-keyword.js';
import { expandIndustries, expandRegions, type Vocabulary } from './vocabulary.js';

export interface EntitySpec {
  alias: string;
  /** Name columns compared whole and as a prefix. */
  names: string[];
  industry(ids: string[]): SQL;
  stage(codes: number[]): SQL;
  region(codes: string[]): SQL;
  amount(min: number | null, max: number | null): SQL;
  founded?(from: number | null, to: number | null): SQL;
}

export interface ResolvedFilters {
  industries: string[];
  stages: number[];
  regions: string[];
  amountMin: number | null;
  amountMax: number | null;
  foundedFrom: number | null;
  foundedTo: number | null;
}

export const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
export const bigintArray = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::bigint[]`;
export const smallintArray = (values: readonly number[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::smallint[]`;

const orAll = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
const andAll = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`);

export const nameHit = (alias: string, query: string) =>
  sql`${sql.raw(alias)}.name_vector @@ to_tsquery('simple', ${query})`;
export const textHit = (alias: string, query: string) =>
  sql`${sql.raw(alias)}.search_vector @@ to_tsquery('simple', ${query})`;

/** Rows whose name holds the whole keyword: always among the ranked candidates. */
export function wholeNameCondition(alias: string, parsed: ParsedKeyword): SQL | undefined {
  return parsed.fullGrams.grams.length ? nameHit(alias, nameQuery(parsed.fullGrams)) : undefined;
}

/** Explicit filters, checked against the taxonomy: an unknown industry or region is a 400. */
export function resolveFilters(filters: SearchFilters, vocabulary: Vocabulary): ResolvedFilters {
  const industries = filters.industry ?? [];
  const regions = filters.region ?? [];
  if (vocabulary.industries.size) {
    const unknown = industries.find((id) => !vocabulary.industries.has(id));
    if (unknown) throw badRequest(`参数「行业」有误：未知的行业编号 ${unknown}`);
  }
  if (vocabulary.regions.size) {
    const unknown = regions.find((code) => !vocabulary.regions.has(code));
    if (unknown) throw badRequest(`参数「地区」有误：未知的地区编码 ${unknown}`);
  }
  let amountMin = filters.amountMin ?? null;
  let amountMax = filters.amountMax ?? null;
  if (amountMin !== null && amountMax !== null && amountMin > amountMax)
    [amountMin, amountMax] = [amountMax, amountMin];
  let foundedFrom = filters.foundedFrom ?? null;
  let foundedTo = filters.foundedTo ?? null;
  if (foundedFrom !== null && foundedTo !== null && foundedFrom > foundedTo)
    [foundedFrom, foundedTo] = [foundedTo, foundedFrom];
  return {
    industries: expandIndustries(vocabulary, industries),
    stages: [...new Set(filters.stage ?? [])],
    regions: expandRegions(vocabulary, regions),
    amountMin,
    amountMax,
    foundedFrom,
    foundedTo,
  };
}

export function filterConditions(spec: EntitySpec, f: ResolvedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.industries.length) conditions.push(spec.industry(f.industries));
  if (f.stages.length) conditions.push(spec.stage(f.stages));
  if (f.regions.length) conditions.push(spec.region(f.regions));
  if (f.amountMin !== null || f.amountMax !== null) conditions.push(spec.amount(f.amountMin, f.amountMax));
  if (spec.founded && (f.foundedFrom !== null || f.foundedTo !== null)) {
    conditions.push(spec.founded(f.foundedFrom, f.foundedTo));
  }
  return conditions;
}

/** The keyword's condition: a name holding the whole keyword, or everything the keyword asks. */
export function keywordCondition(
  spec: EntitySpec,
  parsed: ParsedKeyword,
  filters: ResolvedFilters,
  vocabulary: Vocabulary,
): SQL | undefined {
  if (!parsed.text) return undefined;
  const { alias } = spec;
  const asks: SQL[] = [];
  if (parsed.stages.length && !filters.stages.length) asks.push(spec.stage(parsed.stages));
  if (parsed.regionCodes.length && !filters.regions.length) {
    asks.push(spec.region(expandRegions(vocabulary, parsed.regionCodes)));
  }
  for (const topic of parsed.topics) {
    const either: SQL[] = [];
    if (topic.industryId) either.push(spec.industry(expandIndustries(vocabulary, [topic.industryId])));
    if (topic.query) either.push(textHit(alias, topic.query));
    if (topic.grams.grams.length) either.push(nameHit(alias, nameQuery(topic.grams)));
    if (either.length) asks.push(orAll(either));
  }
  if (parsed.rest) {
    const either: SQL[] = [];
    if (parsed.restWords.length) either.push(textHit(alias, allQuery(parsed.restWords)));
    if (parsed.restGrams.grams.length) either.push(nameHit(alias, nameQuery(parsed.restGrams)));
    asks.push(either.length ? orAll(either) : sql`false`);
  }
  const whole = parsed.fullGrams.grams.length ? nameHit(alias, nameQuery(parsed.fullGrams)) : undefined;
  if (!asks.length) return whole ?? sql`false`;
  return whole ? orAll([whole, andAll(asks)]) : andAll(asks);
}

/**
 * Relevance: the exact name, then a name starting with the keyword, then names holding
 * it, then the recognised industry, then text rank. Ties go to the latest round.
 */
export function relevanceScore(spec: EntitySpec, parsed: ParsedKeyword, vocabulary: Vocabulary): SQL {
  const { alias } = spec;
  const parts: SQL[] = [];
  const names = spec.names.map((column) => sql.raw(`lower(${column})`));
  const exact = [parsed.text, parsed.rest].filter(Boolean);
  parts.push(
    sql`case when ${orAll(names.map((n) => orAll(exact.map((e) => sql`${n} = ${e}`))))} then 300 else 0 end`,
  );
  parts.push(
    sql`case when ${orAll(names.map((n) => orAll(exact.map((e) => sql`starts_with(${n}, ${e})`))))} then 120 else 0 end`,
  );
  if (parsed.fullGrams.grams.length) {
    parts.push(sql`case when ${nameHit(alias, nameQuery(parsed.fullGrams))} then 100 else 0 end`);
  }
  if (parsed.rest && parsed.rest !== parsed.text && parsed.restGrams.grams.length) {
    parts.push(sql`case when ${nameHit(alias, nameQuery(parsed.restGrams))} then 50 else 0 end`);
  }
  const industries = parsed.topics.flatMap((t) => (t.industryId ? [t.industryId] : []));
  if (industries.length) {
    parts.push(sql`case when ${spec.industry(expandIndustries(vocabulary, industries))} then 40 else 0 end`);
  }
  for (const topic of parsed.topics) {
    if (topic.grams.grams.length)
      parts.push(sql`case when ${nameHit(alias, nameQuery(topic.grams))} then 30 else 0 end`);
  }
  if (parsed.rankQuery) {
    parts.push(
      sql`least(30, 200 * ts_rank(${sql.raw(alias)}.search_vector, to_tsquery('simple', ${parsed.rankQuery})))`,
    );
  }
  return sql.join(parts, sql` + `);
}

/** `column desc nulls last, id desc nulls last`: the shape of the sort indexes. */
export const newestFirst = (alias: string, column: string) =>
  sql.raw(`${alias}.${column} desc nulls last, ${alias}.id desc nulls last`);

export function orderBy(sort: SearchSort, latest: SQL, amount: SQL): SQL {
  return sort === 'amount' ? amount : latest;
}

export const whereOf = (conditions: SQL[]) => (conditions.length ? sql`where ${andAll(conditions)}` : sql``);
