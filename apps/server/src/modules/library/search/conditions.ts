/**
 * What a library search asks, as a small condition tree (`Cond`) shared by the two ways a
 * search is answered: compiled to SQL over the stored vectors `name_vector` and
 * `search_vector` (the `simple` tsvectors of name_grams and search_tokens, GIN-indexed; see
 * the search block of db/tables/library.ts), or evaluated by the in-process search index
 * (index/). tsqueries are built only from letters and digits.
 *
 * Semantics: explicit filters are strict. In the keyword, stage and region words become
 * strict filters (unless the request filters those itself), industry words are topics
 * (a row in the industry, or whose text names it), and the other words must match a name
 * or the text. A row whose name contains the whole keyword always qualifies.
 */
import type { SearchFilters } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../errors.js';
import { type NameGrams, nameQuery, type ParsedKeyword } from './parse-keyword.js';
import { expandIndustries, expandRegions, type Vocabulary } from './vocabulary.js';

export { bigintArray, smallintArray, textArray } from '../../../lib/sql.js';

export type Cond =
  | { kind: 'industry'; ids: string[] }
  | { kind: 'stage'; codes: number[] }
  | { kind: 'region'; codes: string[] }
  /** Projects: the amount sought within; institutions, investors: a ticket range overlapping. */
  | { kind: 'amount'; min: number | null; max: number | null }
  | { kind: 'founded'; from: number | null; to: number | null }
  | { kind: 'type'; value: string }
  | { kind: 'institution'; id: number }
  /** The name vector has every gram (the last one as a prefix when `isPrefix`). */
  | { kind: 'name'; grams: NameGrams }
  /** The text vector has every token of at least one alternative. */
  | { kind: 'text'; any: string[][] }
  /** A name column (lower case) equal to, or starting with, one of the values. */
  | { kind: 'nameEquals'; values: string[] }
  | { kind: 'namePrefix'; values: string[] }
  | { kind: 'and'; parts: Cond[] }
  | { kind: 'or'; parts: Cond[] }
  | { kind: 'false' };

const keys = new WeakMap<Cond, string>();

/**
 * A condition as a string, the same for equal conditions: for memos and kept sets. Made from
 * the parts' keys and remembered per object, so a tree costs its size, not size × depth.
 */
export function condKey(cond: Cond): string {
  let key = keys.get(cond);
  if (key === undefined) {
    key =
      cond.kind === 'and' || cond.kind === 'or'
        ? `${cond.kind}(${cond.parts.map(condKey).join(',')})`
        : JSON.stringify(cond);
    keys.set(cond, key);
  }
  return key;
}

/** Relevance: the weights of the conditions a row meets, plus how much of the keyword its text has. */
export interface Relevance {
  parts: { weight: number; cond: Cond }[];
  /** Tokens of the keyword's words and topics; a row scores TEXT_WEIGHT × (tokens it has / all). */
  rankItems: string[];
}

/** At most this much for the text: below the smallest condition weight, as ts_rank was. */
export const TEXT_WEIGHT = 12;

export interface EntitySpec {
  alias: string;
  /** Name columns compared whole and as a prefix. */
  names: string[];
  industry(ids: string[]): SQL;
  stage(codes: number[]): SQL;
  region(codes: string[]): SQL;
  amount(min: number | null, max: number | null): SQL;
  founded?(from: number | null, to: number | null): SQL;
  type?(value: string): SQL;
  institution?(id: number): SQL;
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

const orAll = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
const andAll = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`);
const and = (parts: Cond[]): Cond => (parts.length === 1 ? parts[0]! : { kind: 'and', parts });

/**
 * Any of the parts, written once: nested alternatives are lifted into this one and a part
 * asked twice (the whole keyword as a name, and the same word as a topic) is kept once.
 */
function or(parts: Cond[]): Cond {
  const seen = new Set<string>();
  const flat: Cond[] = [];
  for (const part of parts.flatMap((p) => (p.kind === 'or' ? p.parts : [p]))) {
    const key = condKey(part);
    if (seen.has(key)) continue;
    seen.add(key);
    flat.push(part);
  }
  return flat.length === 1 ? flat[0]! : { kind: 'or', parts: flat };
}

/**
 * A text condition with the alternatives that add nothing left out: one whose tokens include
 * all of another's matches only rows the other matches already ("机器人 产业" within "机器人").
 */
function textCond(any: string[][]): Cond {
  const kept = any.filter(
    (tokens, i) =>
      !any.some(
        (other, j) =>
          j !== i &&
          other.every((token) => tokens.includes(token)) &&
          // Of two equal alternatives, the first stays.
          (other.length < tokens.length || j < i),
      ),
  );
  return { kind: 'text', any: kept };
}

export const nameHit = (alias: string, query: string) =>
  sql`${sql.raw(alias)}.name_vector @@ to_tsquery('simple', ${query})`;
export const textHit = (alias: string, query: string) =>
  sql`${sql.raw(alias)}.search_vector @@ to_tsquery('simple', ${query})`;

/** `(a & b) | (c)`: any alternative, all of its tokens. */
export const textQuery = (any: string[][]) => any.map((tokens) => `(${tokens.join(' & ')})`).join(' | ');

/** The condition as SQL over the entity's columns. */
export function condSql(spec: EntitySpec, cond: Cond): SQL {
  const { alias } = spec;
  const names = () => spec.names.map((column) => sql.raw(`lower(${column})`));
  switch (cond.kind) {
    case 'industry':
      return spec.industry(cond.ids);
    case 'stage':
      return spec.stage(cond.codes);
    case 'region':
      return spec.region(cond.codes);
    case 'amount':
      return spec.amount(cond.min, cond.max);
    case 'founded':
      return spec.founded ? spec.founded(cond.from, cond.to) : sql`true`;
    case 'type':
      return spec.type ? spec.type(cond.value) : sql`true`;
    case 'institution':
      return spec.institution ? spec.institution(cond.id) : sql`true`;
    case 'name':
      return nameHit(alias, nameQuery(cond.grams));
    case 'text':
      return textHit(alias, textQuery(cond.any));
    case 'nameEquals':
      return orAll(names().map((n) => orAll(cond.values.map((v) => sql`${n} = ${v}`))));
    case 'namePrefix':
      return orAll(names().map((n) => orAll(cond.values.map((v) => sql`starts_with(${n}, ${v})`))));
    case 'and':
      return andAll(cond.parts.map((part) => condSql(spec, part)));
    case 'or':
      return orAll(cond.parts.map((part) => condSql(spec, part)));
    case 'false':
      return sql`false`;
  }
}

/** Rows whose name holds the whole keyword: always among SQL's ranked candidates. */
export function wholeNameCondition(parsed: ParsedKeyword): Cond | undefined {
  return parsed.fullGrams.grams.length ? { kind: 'name', grams: parsed.fullGrams } : undefined;
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

export function filterConditions(spec: EntitySpec, f: ResolvedFilters): Cond[] {
  const conditions: Cond[] = [];
  if (f.industries.length) conditions.push({ kind: 'industry', ids: f.industries });
  if (f.stages.length) conditions.push({ kind: 'stage', codes: f.stages });
  if (f.regions.length) conditions.push({ kind: 'region', codes: f.regions });
  if (f.amountMin !== null || f.amountMax !== null)
    conditions.push({ kind: 'amount', min: f.amountMin, max: f.amountMax });
  if (spec.founded && (f.foundedFrom !== null || f.foundedTo !== null)) {
    conditions.push({ kind: 'founded', from: f.foundedFrom, to: f.foundedTo });
  }
  return conditions;
}

/** The keyword's condition: a name holding the whole keyword, or everything the keyword asks. */
export function keywordCondition(
  parsed: ParsedKeyword,
  filters: ResolvedFilters,
  vocabulary: Vocabulary,
): Cond | undefined {
  if (!parsed.text) return undefined;
  const asks: Cond[] = [];
  if (parsed.stages.length && !filters.stages.length) asks.push({ kind: 'stage', codes: parsed.stages });
  if (parsed.regionCodes.length && !filters.regions.length) {
    asks.push({ kind: 'region', codes: expandRegions(vocabulary, parsed.regionCodes) });
  }
  for (const topic of parsed.topics) {
    const either: Cond[] = [];
    if (topic.industryId)
      either.push({ kind: 'industry', ids: expandIndustries(vocabulary, [topic.industryId]) });
    if (topic.alternatives.length) either.push(textCond(topic.alternatives));
    if (topic.grams.grams.length) either.push({ kind: 'name', grams: topic.grams });
    if (either.length) asks.push(or(either));
  }
  if (parsed.rest) {
    const either: Cond[] = [];
    if (parsed.restWords.length) either.push({ kind: 'text', any: [parsed.restWords] });
    if (parsed.restGrams.grams.length) either.push({ kind: 'name', grams: parsed.restGrams });
    asks.push(either.length ? or(either) : { kind: 'false' });
  }
  const whole: Cond | undefined = parsed.fullGrams.grams.length
    ? { kind: 'name', grams: parsed.fullGrams }
    : undefined;
  if (!asks.length) return whole ?? { kind: 'false' };
  return whole ? or([whole, and(asks)]) : and(asks);
}

/**
 * Relevance: the exact name, then a name starting with the keyword, then names holding
 * it, then the recognised industry, then how many of the keyword's tokens the text has.
 * Ties go to the entity's recency order.
 */
export function relevanceOf(parsed: ParsedKeyword, vocabulary: Vocabulary): Relevance {
  const parts: Relevance['parts'] = [];
  const exact = [...new Set([parsed.text, parsed.rest].filter(Boolean))];
  parts.push({ weight: 300, cond: { kind: 'nameEquals', values: exact } });
  parts.push({ weight: 120, cond: { kind: 'namePrefix', values: exact } });
  if (parsed.fullGrams.grams.length)
    parts.push({ weight: 100, cond: { kind: 'name', grams: parsed.fullGrams } });
  if (parsed.rest && parsed.rest !== parsed.text && parsed.restGrams.grams.length) {
    parts.push({ weight: 50, cond: { kind: 'name', grams: parsed.restGrams } });
  }
  const industries = parsed.topics.flatMap((t) => (t.industryId ? [t.industryId] : []));
  if (industries.length) {
    parts.push({ weight: 40, cond: { kind: 'industry', ids: expandIndustries(vocabulary, industries) } });
  }
  for (const topic of parsed.topics) {
    if (topic.grams.grams.length) parts.push({ weight: 30, cond: { kind: 'name', grams: topic.grams } });
  }
  // A condition asked twice (a one-word keyword is its own topic) is checked once, with both weights.
  const merged = new Map<string, Relevance['parts'][number]>();
  for (const part of parts) {
    const key = condKey(part.cond);
    const same = merged.get(key);
    if (same) same.weight += part.weight;
    else merged.set(key, { ...part });
  }
  return { parts: [...merged.values()], rankItems: parsed.rankItems };
}

/** The relevance as a SQL expression: integer weights, then the text share as float8. */
export function scoreSql(spec: EntitySpec, relevance: Relevance): SQL {
  const parts = relevance.parts.map(
    ({ weight, cond }) => sql`case when ${condSql(spec, cond)} then ${sql.raw(String(weight))} else 0 end`,
  );
  const items = relevance.rankItems;
  if (items.length) {
    const hits = sql.join(
      items.map((item) => sql`(${textHit(spec.alias, item)})::int`),
      sql` + `,
    );
    parts.push(sql`(${sql.raw(String(TEXT_WEIGHT))} * (${hits}))::float8 / ${sql.raw(String(items.length))}`);
  }
  return sql.join(parts, sql` + `);
}

/** `column desc nulls last, id desc nulls last`: the shape of the sort indexes. */
export const newestFirst = (alias: string, column: string) =>
  sql.raw(`${alias}.${column} desc nulls last, ${alias}.id desc nulls last`);

export const whereOf = (conditions: SQL[]) => (conditions.length ? sql`where ${andAll(conditions)}` : sql``);
