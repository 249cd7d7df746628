/**
 * The library's calls of API.md ("Institutions, investors, projects, user relations", plus
 * acchat/reportinfo and operation/reportsample), one function each, through the one API
 * client, typed by the contract's schemas.
 */
import type {
  ArticlePageSchema,
  FollowStateSchema,
  IndustrySearchResultSchema,
  InvestorInfoSchema,
  InvestorSearchResultSchema,
  MemberPageSchema,
  OrgInfoSchema,
  OrgProjectPageSchema,
  OrgSearchResultSchema,
  PatentsSchema,
  ProjectContactsSchema,
  ProjectInfoSchema,
  ProjectInvestorsSchema,
  ProjectPageSchema,
  ProjectSearchResultSchema,
  ReportCardSchema,
  ReportInfoSchema,
  ReportSampleSchema,
  ReportSearchPageSchema,
  ReportSearchRequest,
  Taxonomy,
} from '@jq/contract';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../shared/api/client';
import type { LibraryKind, SearchRequest } from './search-state';

export type ProjectSearchResult = z.infer<typeof ProjectSearchResultSchema>;
export type OrgSearchResult = z.infer<typeof OrgSearchResultSchema>;
export type InvestorSearchResult = z.infer<typeof InvestorSearchResultSchema>;
export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;
export type ProjectInvestors = z.infer<typeof ProjectInvestorsSchema>;
export type Patents = z.infer<typeof PatentsSchema>;
export type ProjectContacts = z.infer<typeof ProjectContactsSchema>;
export type OrgInfo = z.infer<typeof OrgInfoSchema>;
export type OrgProjectPage = z.infer<typeof OrgProjectPageSchema>;
export type ProjectPage = z.infer<typeof ProjectPageSchema>;
export type MemberPage = z.infer<typeof MemberPageSchema>;
export type ArticlePage = z.infer<typeof ArticlePageSchema>;
export type InvestorInfo = z.infer<typeof InvestorInfoSchema>;
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
/** Details show their own error (not found, retry), so their failures raise no global notice. */
const detailOptions = (signal?: AbortSignal) => ({ signal, isSilent: true });

export function getProjectInfo(pid: number, signal?: AbortSignal) {
  return apiPost<ProjectInfo>('/project/ProjectInfo', { pid }, detailOptions(signal));
}

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
export function getOrgInfo(oid: number, signal?: AbortSignal) {
  return apiPost<OrgInfo>('/acorg/OrgCardOrgInfo', { oid }, detailOptions(signal));
}

export interface OidPage {
  oid: number;
  page: number;
  pageSize: number;
}

export function listOrgProjects(input: OidPage, signal?: AbortSignal) {
  return apiPost<OrgProjectPage>('/acorg/OrgCardProjectList', input, { signal });
}

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

// ---- Investors ----
export function getInvestorInfo(id: number, signal?: AbortSignal) {
  return apiPost<InvestorInfo>('/acorg/investorInfo', { id }, detailOptions(signal));
}

// ---- Reports ----
export function getReportInfo(id: number, signal?: AbortSignal) {
  return apiPost<ReportInfo>('/acchat/reportinfo', { id }, detailOptions(signal));
}

export function listSampleReports(signal?: AbortSignal) {
  return apiGet<z.infer<typeof ReportSampleSchema>>('/operation/reportsample', undefined, { signal });
}

export type ReportSearchPage = z.infer<typeof ReportSearchPageSchema>;
export type ReportSearchInput = Pick<ReportSearchRequest, 'keyword' | 'industry' | 'page' | 'pageSize'>;

export function searchReports(request: ReportSearchInput, signal?: AbortSignal) {
  return apiPost<ReportSearchPage>('/acchat/reportSearch', request, { signal });
}

// ---- Filter options ----
export function getTaxonomy(signal?: AbortSignal) {
  return apiGet<Taxonomy>('/library/taxonomy', undefined, { signal });
}
