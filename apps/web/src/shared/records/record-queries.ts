/**
 * One library record as TanStack Query hooks, for the library's details and matching's
 * evidence alike. Keys start with 'library' so a sign-in or an unlock refreshes them with
 * the rest of the library.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getInvestorInfo, getOrgInfo, getProjectInfo, listOrgProjects, type OidPage } from './record-api';

export const recordKeys = {
  project: (pid: number) => ['library', 'project', pid] as const,
  org: (oid: number) => ['library', 'org', oid] as const,
};

export function useProjectInfo(pid: number | null) {
  return useQuery({
    queryKey: recordKeys.project(pid ?? 0),
    queryFn: ({ signal }) => getProjectInfo(pid!, signal),
    enabled: pid !== null,
  });
}

export function useOrgInfo(oid: number | null) {
  return useQuery({
    queryKey: recordKeys.org(oid ?? 0),
    queryFn: ({ signal }) => getOrgInfo(oid!, signal),
    enabled: oid !== null,
  });
}

/** One page of one of an institution's lists (`name`: portfolio, members, …). */
export function useOrgPage<T>(
  name: string,
  input: OidPage,
  fetchPage: (input: OidPage, signal?: AbortSignal) => Promise<T>,
  enabled = true,
) {
  return useQuery({
    queryKey: [...recordKeys.org(input.oid), name, input.page, input.pageSize],
    queryFn: ({ signal }) => fetchPage(input, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useOrgPortfolio = (input: OidPage, enabled = true) =>
  useOrgPage('portfolio', input, listOrgProjects, enabled);

export function useInvestorInfo(id: number | null) {
  return useQuery({
    queryKey: ['library', 'investor', id],
    queryFn: ({ signal }) => getInvestorInfo(id!, signal),
    enabled: id !== null,
  });
}
