/**
 * The library's calls of API.md ("Institutions, investors, projects, user relations", plus
 * acchat/reportinfo and ipoinquiry), one function each, through the one API client, typed by the
 * contract's schemas. Reading one record's detail is in shared/records (matching reads it too).
 */
import type {
  ArticlePageSchema,
  FollowStateSchema,
  IndustrySearchResultSchema,
  InvestorSearchResultSchema,
  IpoInquirySchema,
  MemberPageSchema,
  OrgSearchResultSchema,
  PatentsSchema,
  ProjectContactsSchema,
  ProjectInvestorsSchema,
  ProjectPageSchema,
  ProjectSearchResultSchema,
  ReportCardSchema,
  ReportInfoSchema,
  ReportSearchPageSchema,
  ReportSearchRequest,
} from '@jq/contract';
import type { z } from 'zod';
import { apiPost } from '../../shared/api/client';
import { detailOptions, type OidPage } from '../../shared/records/record-api';
import type { LibraryKind, SearchRequest } from './search-state';

export type ProjectSearchResult = z.infer<typeof ProjectSearchResultSchema>;
export type OrgSearchResult = z.infer<typeof OrgSearchResultSchema>;
export type InvestorSearchResult = z.infer<typeof InvestorSearchResultSchema>;
export type ProjectInvestors = z.infer<typeof ProjectInvestorsSchema>;
export type Patents = z.infer<typeof PatentsSchema>;
export type ProjectContacts = z.infer<typeof ProjectContactsSchema>;
export type ProjectPage = z.infer<typeof ProjectPageSchema>;
export type MemberPage = z.infer<typeof MemberPageSchema>;
export type ArticlePage = z.infer<typeof ArticlePageSchema>;
export type FollowState = z.infer<typeof FollowStateSchema>;
export type ReportInfo = z.infer<typeof ReportInfoSchema>;
export type ReportCard = z.infer<typeof ReportCardSchema>;
export type IndustrySearchResult = z.infer<typeof IndustrySearchResultSchema>;

export interface SearchResultByKind {
  project: ProjectSearchResult;
  org: OrgSearchResult;
  investor: InvestorSearchResult;
}

const SEARCH_PATHS: Record<LibraryKind, string> = {
  project: '/acproject/ProjectFuzzySearch',
  org: '/acorg/OrgFuzzySearch',
  investor: '/acorg/investorSearch',
};

export function searchLibrary<K extends LibraryKind>(kind: K, request: SearchRequest, signal?: AbortSignal) {
  return apiPost<SearchResultByKind[K]>(SEARCH_PATHS[kind], request, { signal });
}

/** Projects of one industry (the similar projects of a detail). */
export function searchIndustryProjects(industry: string, pageSize: number, signal?: AbortSignal) {
  return apiPost<IndustrySearchResult>(
    '/acproject/ProjectIndustrySearchResult',
    { industry: [industry], pageSize, sort: 'latest' },
    { signal },
  );
}

// ---- Projects ----
export function getProjectInvestors(pid: number, signal?: AbortSignal) {
  return apiPost<ProjectInvestors>('/project/ProjectOrgLink', { pid }, { signal });
}

export function getProjectPatents(pid: number, signal?: AbortSignal) {
  return apiPost<Patents>('/project/PatentProjectDetail', { pid }, { signal });
}

export function getProjectContacts(pid: number, signal?: AbortSignal) {
  return apiPost<ProjectContacts>('/acproject/ProjectContactMembers', { pid }, { signal });
}

/** Silent: a refusal (not VIP, 即将上线 until billing lands) is shown by the contact card itself. */
export function unlockProjectContacts(pid: number) {
  return apiPost<ProjectContacts>('/user/UnlockUser2ProjectMap', { pid }, { isSilent: true });
}

// ---- Institutions ----
export function listOrgLinkedProjects(input: OidPage, signal?: AbortSignal) {
  return apiPost<ProjectPage>('/acorg/GetOrgCardLinkProject', input, { signal });
}

export function listOrgMembers(input: OidPage, signal?: AbortSignal) {
  return apiPost<MemberPage>('/user/getOrgMembers', input, { signal });
}

export function listOrgArticles(input: OidPage, signal?: AbortSignal) {
  return apiPost<ArticlePage>('/acorg/GetOrgArticles', input, { signal });
}

export function followOrg(oid: number) {
  return apiPost<FollowState>('/user/addOrgRelationShip', { oid });
}

export function unfollowOrg(oid: number) {
  return apiPost<FollowState>('/user/delOrgRelationShip', { oid });
}

// ---- Reports ----
export function getReportInfo(id: number, signal?: AbortSignal) {
  return apiPost<ReportInfo>('/acchat/reportinfo', { id }, detailOptions(signal));
}

export type ReportSearchPage = z.infer<typeof ReportSearchPageSchema>;
export type ReportSearchInput = Pick<ReportSearchRequest, 'keyword' | 'industry' | 'page' | 'pageSize'>;

export function searchReports(request: ReportSearchInput, signal?: AbortSignal) {
  return apiPost<ReportSearchPage>('/acchat/reportSearch', request, { signal });
}

/** A report's listing and inquiry passages (plain strings), when the assistant is on. */
export function getIpoInquiry(input: { pid: number; limit: number }, signal?: AbortSignal) {
  return apiPost<z.infer<typeof IpoInquirySchema>>('/acchat/ipoinquiry', input, { signal });
}
