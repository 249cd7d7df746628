/**
 * A library list's state (keyword, filters, sort, page) and its two mirrors: the address
 * bar's search params, so a shared link reproduces the search, and the request body of
 * the contract's search schemas. Parsing is forgiving (a hand-edited link drops what it
 * cannot read instead of failing); writing is canonical, so equal states give equal URLs.
 */
import {
  KEYWORD_MAX_CHARS,
  type ProjectSearchRequestSchema,
  SEARCH_SORTS,
  type SearchSort,
  STAGE_CODES,
} from '@jq/contract';
import type { z } from 'zod';

export type LibraryKind = 'project' | 'org' | 'investor';

export interface LibraryQuery {
  keyword: string;
  industry: string[];
  stage: number[];
  region: string[];
  /** 万元 */
  amountMin: number | null;
  amountMax: number | null;
  foundedFrom: number | null;
  foundedTo: number | null;
  sort: SearchSort;
  page: number;
}

export const EMPTY_QUERY: LibraryQuery = {
  keyword: '',
  industry: [],
  stage: [],
  region: [],
  amountMin: null,
  amountMax: null,
  foundedFrom: null,
  foundedTo: null,
  sort: 'relevance',
  page: 1,
};

/** The search params a list owns; any other (pid, oid …) belongs to someone else and stays. */
export const LIST_PARAMS = [
  'q',
  'industry',
  'stage',
  'region',
  'amountMin',
  'amountMax',
  'foundedFrom',
  'foundedTo',
  'sort',
  'page',
] as const;

const MAX_LIST_ITEMS = 20;
const ID = /^[\w.-]{1,32}$/;

function readList(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => ID.test(value));
  return [...new Set(values)].slice(0, MAX_LIST_ITEMS);
}

function readInt(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

export function parseQuery(params: URLSearchParams): LibraryQuery {
  const stageCodes = STAGE_CODES as readonly number[];
  const sort = params.get('sort');
  return {
    keyword: Array.from((params.get('q') ?? '').trim())
      .slice(0, KEYWORD_MAX_CHARS)
      .join(''),
    industry: readList(params, 'industry'),
    stage: readList(params, 'stage')
      .map(Number)
      .filter((code) => stageCodes.includes(code)),
    region: readList(params, 'region'),
    amountMin: readInt(params, 'amountMin', 0, 100_000_000),
    amountMax: readInt(params, 'amountMax', 0, 100_000_000),
    foundedFrom: readInt(params, 'foundedFrom', 1900, 2100),
    foundedTo: readInt(params, 'foundedTo', 1900, 2100),
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'relevance',
    page: readInt(params, 'page', 1, 10_000) ?? 1,
  };
}

/** The list's params in a fixed order, defaults left out. */
export function queryToParams(query: LibraryQuery): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') pairs.push([name, String(value)]);
  };
  add('q', query.keyword.trim());
  add('industry', query.industry.join(','));
  add('stage', [...query.stage].sort((a, b) => a - b).join(','));
  add('region', query.region.join(','));
  add('amountMin', query.amountMin);
  add('amountMax', query.amountMax);
  add('foundedFrom', query.foundedFrom);
  add('foundedTo', query.foundedTo);
  if (query.sort !== 'relevance') add('sort', query.sort);
  if (query.page > 1) add('page', query.page);
  return pairs;
}

/** The same state always gives the same string (compares states, keys caches). */
export function serializeQuery(query: LibraryQuery): string {
  return new URLSearchParams(queryToParams(query)).toString();
}

/** `base` with the list's params replaced by the query's; other params kept. */
export function mergeQueryIntoParams(base: URLSearchParams, query: LibraryQuery): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of base) {
    if (!(LIST_PARAMS as readonly string[]).includes(name)) next.append(name, value);
  }
  for (const [name, value] of queryToParams(query)) next.append(name, value);
  return next;
}

export function hasListParams(params: URLSearchParams): boolean {
  return LIST_PARAMS.some((name) => params.has(name));
}

export type SearchRequest = z.input<typeof ProjectSearchRequestSchema>;

/** The request body of ProjectFuzzySearch / OrgFuzzySearch / investorSearch; empty filters left out. */
export function toSearchRequest(query: LibraryQuery, pageSize: number, page = query.page): SearchRequest {
  const request: SearchRequest = { keyword: query.keyword.trim(), sort: query.sort, page, pageSize };
  if (query.industry.length) request.industry = query.industry;
  if (query.stage.length) request.stage = query.stage;
  if (query.region.length) request.region = query.region;
  if (query.amountMin !== null) request.amountMin = query.amountMin;
  if (query.amountMax !== null) request.amountMax = query.amountMax;
  if (query.foundedFrom !== null) request.foundedFrom = query.foundedFrom;
  if (query.foundedTo !== null) request.foundedTo = query.foundedTo;
  return request;
}

/** How many filter groups are set (the phone's 筛选 button shows it). */
export function countFilters(query: LibraryQuery): number {
  return [
    query.industry.length > 0,
    query.stage.length > 0,
    query.region.length > 0,
    query.amountMin !== null || query.amountMax !== null,
    query.foundedFrom !== null || query.foundedTo !== null,
  ].filter(Boolean).length;
}

/** Any change but a page turn starts again at page 1. */
export function withChange(query: LibraryQuery, change: Partial<LibraryQuery>): LibraryQuery {
  return { ...query, page: 1, ...change };
}

/** Founded-year presets (1年内, 1-3年 …) as years, relative to `thisYear`. */
export function foundedRange(
  preset: { years?: number; from?: number },
  thisYear: number,
): Pick<LibraryQuery, 'foundedFrom' | 'foundedTo'> {
  return {
    foundedFrom: preset.years === undefined ? null : thisYear - preset.years,
    foundedTo: preset.from === undefined ? null : thisYear - preset.from,
  };
}
