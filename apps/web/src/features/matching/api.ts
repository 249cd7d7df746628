/**
 * The matching calls of API.md ("Matching"), plus the view rows of the library the visitors
 * page reads (recentViewUser, recentView), one function each, through the one
 * API client and the one stream reader, typed by the contract's schemas.
 */
import type {
  InvestorMatchItem,
  MatchFilters,
  MatchHistoryPageSchema,
  MatchPageSchema,
  MatchProfileInput,
  MatchReason,
  MatchSearchCreatedSchema,
  MatchSearchResult,
  MatchTarget,
  OrgSearchResultSchema,
  PrivateProjectsSchema,
  PrjSearchInfo,
  ProjectMatchPage,
  ViewerPageSchema,
  ViewPageSchema,
} from '@jq/contract';
import type { z } from 'zod';
import { apiPost } from '../../shared/api/client';
import { streamEvents } from '../../shared/api/stream';

export type MatchPageData = z.infer<typeof MatchPageSchema>;
export type PrivateProjects = z.infer<typeof PrivateProjectsSchema>;
export type OwnProject = PrivateProjects['list'][number];
export type MatchCreated = z.infer<typeof MatchSearchCreatedSchema>;
export type MatchHistoryPage = z.infer<typeof MatchHistoryPageSchema>;
export type ViewerPage = z.infer<typeof ViewerPageSchema>;
export type Viewer = ViewerPage['list'][number];
export type ViewPage = z.infer<typeof ViewPageSchema>;
export type ViewItem = ViewPage['list'][number];
export type OrgSearchResult = z.infer<typeof OrgSearchResultSchema>;

export interface Paging {
  page: number;
  pageSize: number;
}

// ---- Project → investors ----
export function getMatchPage(signal?: AbortSignal) {
  return apiPost<MatchPageData>('/chat/aimatchpage', {}, { signal });
}

export function listPrivateProjects(paging: Paging, signal?: AbortSignal) {
  return apiPost<PrivateProjects>('/chat/aiprivateprjpage', paging, { signal });
}

/** The profile of one of my projects or of a description. Silent: the form shows a refusal itself. */
export function getProjectProfile(input: { pid?: number; description?: string }, signal?: AbortSignal) {
  return apiPost<PrjSearchInfo>('/acorg/AiOrgSearchPrjSearchInfo', input, { signal, isSilent: true });
}

/** Silent: a refusal (daily limit, bad field) is shown next to the submit button. */
export function createMatch(input: MatchProfileInput) {
  return apiPost<MatchCreated>('/acorg/AiOrgSearchCreate', input, { isSilent: true });
}

export interface MatchResultRequest extends MatchFilters, Paging {
  id: number;
  target: MatchTarget;
}

export function getMatchResult(request: MatchResultRequest, signal?: AbortSignal) {
  return apiPost<MatchSearchResult>('/acorg/AiOrgSearchResult', request, { signal, isSilent: true });
}

export function listMatchHistory(paging: Paging, signal?: AbortSignal) {
  return apiPost<MatchHistoryPage>('/acorg/AiOrgSearchHistory', paging, { signal });
}

/** Investors recommended for a project, streamed: the ranked matches first, then their reasons. */
export function streamRecommendedInvestors(
  input: { pid: number; limit: number; target: MatchTarget },
  signal: AbortSignal,
) {
  return streamEvents('/brochure/getRecommendInvestorsStream', input, { signal });
}

export type StreamedMatch = InvestorMatchItem;
export type StreamedReasons = { rank: number; id: number; reasons: MatchReason[] };

// ---- Investor → projects ----
export interface ProjectMatchRequest extends Paging {
  thesis?: string | undefined;
  institutionId?: number | undefined;
  industry?: string[] | undefined;
  stage?: number[] | undefined;
  region?: string[] | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  excludeConflicts?: boolean | undefined;
}

export function matchProjects(request: ProjectMatchRequest, signal?: AbortSignal) {
  return apiPost<ProjectMatchPage>('/chat/aiprojectpage', request, { signal, isSilent: true });
}

/** Institutions by name, for 选择我的机构 (the library's OrgFuzzySearch). */
export function searchInstitutions(keyword: string, signal?: AbortSignal) {
  return apiPost<OrgSearchResult>('/acorg/OrgFuzzySearch', { keyword, page: 1, pageSize: 10 }, { signal });
}

// ---- Visitors (library rows) ----
export function listViewers(paging: Paging, signal?: AbortSignal) {
  return apiPost<ViewerPage>('/user/recentViewUser', paging, { signal });
}

export function listMyViews(paging: Paging, signal?: AbortSignal) {
  return apiPost<ViewPage>('/user/recentView', paging, { signal });
}
