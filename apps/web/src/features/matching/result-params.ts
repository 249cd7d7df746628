/**
 * The address bar of the result pages, so a result (tab, filters, page) survives a reload
 * and can be shared: /jq/matchResult?id=12&target=institution&stage=3,4&region=440000&nc=1&page=2
 * and /jq/aiprojectResult?q=<thesis>&oid=5&stage=3&page=2. Anything malformed falls back
 * to the default instead of failing; the server clamps what is left.
 */
import { MATCH_TARGETS, type MatchTarget, STAGE_CODES } from '@jq/contract';
import type { MatchResultRequest, ProjectMatchRequest } from './api';

export const RESULT_PAGE_SIZE = 20;
/** The investor side puts the thesis in the address; this keeps the address short. */
export const THESIS_MAX_CHARS = 500;

export interface ResultFilters {
  stage: number[];
  region: string | null;
  ticketMin: number | null;
  ticketMax: number | null;
  excludeConflicts: boolean;
}

export const EMPTY_FILTERS: ResultFilters = {
  stage: [],
  region: null,
  ticketMin: null,
  ticketMax: null,
  excludeConflicts: false,
};

export interface MatchResultQuery extends ResultFilters {
  id: number | null;
  target: MatchTarget;
  page: number;
}

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

function amount(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}

function readFilters(params: URLSearchParams): ResultFilters {
  const stage = (params.get('stage') ?? '')
    .split(',')
    .filter((s) => /^\d{1,2}$/.test(s))
    .map(Number)
    .filter((code) => (STAGE_CODES as readonly number[]).includes(code));
  const region = params.get('region');
  return {
    stage: [...new Set(stage)],
    region: region && /^[\w.-]{1,32}$/.test(region) ? region : null,
    ticketMin: amount(params.get('tmin')),
    ticketMax: amount(params.get('tmax')),
    excludeConflicts: params.get('nc') === '1',
  };
}

function writeFilters(params: URLSearchParams, filters: ResultFilters): void {
  if (filters.stage.length) params.set('stage', filters.stage.join(','));
  if (filters.region) params.set('region', filters.region);
  if (filters.ticketMin !== null) params.set('tmin', String(filters.ticketMin));
  if (filters.ticketMax !== null) params.set('tmax', String(filters.ticketMax));
  if (filters.excludeConflicts) params.set('nc', '1');
}

export function readMatchQuery(params: URLSearchParams): MatchResultQuery {
  const target = params.get('target');
  return {
    id: positiveInt(params.get('id')),
    target: (MATCH_TARGETS as readonly string[]).includes(target ?? '')
      ? (target as MatchTarget)
      : 'investor',
    page: positiveInt(params.get('page')) ?? 1,
    ...readFilters(params),
  };
}

export function writeMatchQuery(query: MatchResultQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.id !== null) params.set('id', String(query.id));
  if (query.target !== 'investor') params.set('target', query.target);
  writeFilters(params, query);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function toResultRequest(query: MatchResultQuery & { id: number }, pageSize = RESULT_PAGE_SIZE) {
  const request: MatchResultRequest = {
    id: query.id,
    target: query.target,
    page: query.page,
    pageSize,
    stage: query.stage.length ? query.stage : undefined,
    region: query.region ? [query.region] : undefined,
    ticketMin: query.ticketMin ?? undefined,
    ticketMax: query.ticketMax ?? undefined,
    excludeConflicts: query.excludeConflicts || undefined,
  };
  return request;
}

// ---- Investor side ----
export interface ProjectMatchQuery extends ResultFilters {
  thesis: string;
  institutionId: number | null;
  industry: string | null;
  page: number;
}

export function readProjectQuery(params: URLSearchParams): ProjectMatchQuery {
  return {
    thesis: Array.from((params.get('q') ?? '').trim())
      .slice(0, THESIS_MAX_CHARS)
      .join(''),
    institutionId: positiveInt(params.get('oid')),
    industry: params.get('industry')?.match(/^[\w.-]{1,32}$/)?.[0] ?? null,
    page: positiveInt(params.get('page')) ?? 1,
    ...readFilters(params),
  };
}

export function writeProjectQuery(query: ProjectMatchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.thesis) params.set('q', query.thesis);
  if (query.institutionId !== null) params.set('oid', String(query.institutionId));
  if (query.industry) params.set('industry', query.industry);
  writeFilters(params, query);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Who the projects are for: a thesis, an institution, or both. */
export function hasSeeker(query: ProjectMatchQuery): boolean {
  return query.thesis !== '' || query.institutionId !== null;
}

export function toProjectRequest(query: ProjectMatchQuery, pageSize = RESULT_PAGE_SIZE): ProjectMatchRequest {
  return {
    thesis: query.thesis || undefined,
    institutionId: query.institutionId ?? undefined,
    industry: query.industry ? [query.industry] : undefined,
    stage: query.stage.length ? query.stage : undefined,
    region: query.region ? [query.region] : undefined,
    amountMin: query.ticketMin ?? undefined,
    amountMax: query.ticketMax ?? undefined,
    excludeConflicts: query.excludeConflicts || undefined,
    page: query.page,
    pageSize,
  };
}

/** The seeker part of a query (no filters, no page): what a project detail link carries. */
export function seekerParams(query: ProjectMatchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.thesis) params.set('q', query.thesis);
  if (query.institutionId !== null) params.set('oid', String(query.institutionId));
  return params;
}
