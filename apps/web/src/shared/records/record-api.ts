/**
 * Reading one library record (API.md "Institutions, investors, projects"): a project's,
 * an institution's or an investor's detail and an institution's portfolio, which the
 * library's details and matching's evidence both show.
 */
import type {
  InvestorInfoSchema,
  OrgInfoSchema,
  OrgProjectPageSchema,
  ProjectInfoSchema,
} from '@jq/contract';
import type { z } from 'zod';
import { apiPost } from '../api/client';

export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;
export type OrgInfo = z.infer<typeof OrgInfoSchema>;
export type OrgProjectPage = z.infer<typeof OrgProjectPageSchema>;
export type InvestorInfo = z.infer<typeof InvestorInfoSchema>;

export interface OidPage {
  oid: number;
  page: number;
  pageSize: number;
}

/** Details show their own error (not found, retry), so their failures raise no global notice. */
export const detailOptions = (signal?: AbortSignal) => ({ signal, isSilent: true });

export function getProjectInfo(pid: number, signal?: AbortSignal) {
  return apiPost<ProjectInfo>('/project/ProjectInfo', { pid }, detailOptions(signal));
}

export function getOrgInfo(oid: number, signal?: AbortSignal) {
  return apiPost<OrgInfo>('/acorg/OrgCardOrgInfo', { oid }, detailOptions(signal));
}

export function listOrgProjects(input: OidPage, signal?: AbortSignal) {
  return apiPost<OrgProjectPage>('/acorg/OrgCardProjectList', input, { signal });
}

export function getInvestorInfo(id: number, signal?: AbortSignal) {
  return apiPost<InvestorInfo>('/acorg/investorInfo', { id }, detailOptions(signal));
}
