/**
 * Matching's server state as TanStack Query hooks: the match page data, my projects, the
 * profile parse and the match itself (mutations), stored results with filters and paging,
 * the history, the investor side's project matches, one match located for its detail page,
 * and the visitors lists. Keys start with 'matching'.
 */
import type { InvestorMatchItem, MatchSearch, MatchTarget, ProjectMatchItem } from '@jq/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import {
  createMatch,
  getMatchPage,
  getMatchResult,
  getProjectProfile,
  listMatchHistory,
  listMyViews,
  listPrivateProjects,
  listViewers,
  type MatchResultRequest,
  matchProjects,
  type Paging,
  type ProjectMatchRequest,
  searchInstitutions,
} from './api';

export const matchingKeys = {
  all: ['matching'] as const,
  page: ['matching', 'page'] as const,
  projects: (page: number) => ['matching', 'own-projects', page] as const,
  result: (request: MatchResultRequest) => ['matching', 'result', request] as const,
  history: (page: number) => ['matching', 'history', page] as const,
  item: (sid: number, kind: MatchTarget, id: number) => ['matching', 'item', sid, kind, id] as const,
  projectMatches: (request: ProjectMatchRequest) => ['matching', 'projects', request] as const,
  projectItem: (seeker: string, pid: number) => ['matching', 'project-item', seeker, pid] as const,
};

/** The server's reason for a refusal (4xx), to show where it happened. */
export function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.msg : null;
}

export function useMatchPage() {
  return useQuery({ queryKey: matchingKeys.page, queryFn: ({ signal }) => getMatchPage(signal) });
}

export function useOwnProjects(page: number, enabled: boolean) {
  return useQuery({
    queryKey: matchingKeys.projects(page),
    queryFn: ({ signal }) => listPrivateProjects({ page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProfileParse() {
  return useMutation({
    mutationFn: (input: { pid?: number; description?: string }) => getProjectProfile(input),
  });
}

export function useCreateMatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMatch,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: matchingKeys.page });
      void client.invalidateQueries({ queryKey: ['matching', 'history'] });
    },
  });
}

export function useMatchResult(request: MatchResultRequest | null) {
  return useQuery({
    queryKey: matchingKeys.result(request ?? ({} as MatchResultRequest)),
    queryFn: ({ signal }) => getMatchResult(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: (count, error) => refusalOf(error) === null && count < 2,
  });
}

export function useMatchHistory(page: number, enabled = true) {
  return useQuery({
    queryKey: matchingKeys.history(page),
    queryFn: ({ signal }) => listMatchHistory({ page, pageSize: 10 }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const SCAN_PAGE_SIZE = 100;
const SCAN_MAX_PAGES = 5;

/** The pages to look through for a record: the one its rank points at first, then from the top. */
export function scanOrder(rank: number | null): number[] {
  const hinted = rank ? Math.ceil(rank / SCAN_PAGE_SIZE) : 1;
  const pages = [hinted];
  for (let page = 1; page <= SCAN_MAX_PAGES; page++) if (page !== hinted) pages.push(page);
  return pages;
}

export interface LocatedMatch {
  item: InvestorMatchItem;
  search: MatchSearch;
}

export class MatchNotFound extends Error {}

/** Reads result pages in `scanOrder` (never past the last one) until `isIt` finds the row. */
async function scanFor<Page extends { list: unknown[]; total: number }>(
  rank: number | null,
  fetchPage: (page: number) => Promise<Page>,
  isIt: (row: Page['list'][number]) => boolean,
): Promise<{ row: Page['list'][number]; page: Page }> {
  let lastPage = Number.POSITIVE_INFINITY;
  for (const n of scanOrder(rank)) {
    if (n > lastPage) continue;
    const page = await fetchPage(n);
    lastPage = Math.min(lastPage, Math.ceil(page.total / SCAN_PAGE_SIZE));
    const row = page.list.find(isIt);
    if (row) return { row, page };
  }
  throw new MatchNotFound();
}

/**
 * One investor or institution of a stored match (the detail page). No call answers a single
 * match, so the result pages are read (unfiltered, 100 at a time) from the page its rank
 * points at; a row opened from the list arrives in the router state and shows at once.
 */
export function useLocatedMatch(
  sid: number | null,
  kind: MatchTarget,
  id: number | null,
  rank: number | null,
  initial: LocatedMatch | undefined,
) {
  return useQuery({
    queryKey: matchingKeys.item(sid ?? 0, kind, id ?? 0),
    enabled: sid !== null && id !== null,
    initialData: initial,
    staleTime: initial ? 60_000 : 0,
    retry: (count, error) => !(error instanceof MatchNotFound) && refusalOf(error) === null && count < 2,
    queryFn: async ({ signal }): Promise<LocatedMatch> => {
      const { row, page } = await scanFor(
        rank,
        (n) => getMatchResult({ id: sid!, target: kind, page: n, pageSize: SCAN_PAGE_SIZE }, signal),
        (candidate) => candidate.kind === kind && candidate.id === id,
      );
      return { item: row, search: page.search };
    },
  });
}

// ---- Investor side ----
export function useProjectMatches(request: ProjectMatchRequest | null) {
  return useQuery({
    queryKey: matchingKeys.projectMatches(request ?? ({} as ProjectMatchRequest)),
    queryFn: ({ signal }) => matchProjects(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: (count, error) => refusalOf(error) === null && count < 2,
  });
}

export interface LocatedProject {
  item: ProjectMatchItem;
  seekerName: string;
}

/** One project of an investor-side match, found the same way as useLocatedMatch. */
export function useLocatedProject(
  seeker: ProjectMatchRequest | null,
  pid: number | null,
  rank: number | null,
  initial: LocatedProject | undefined,
) {
  const seekerKey = JSON.stringify([seeker?.thesis ?? '', seeker?.institutionId ?? null]);
  return useQuery({
    queryKey: matchingKeys.projectItem(seekerKey, pid ?? 0),
    enabled: seeker !== null && pid !== null,
    initialData: initial,
    staleTime: initial ? 60_000 : 0,
    retry: (count, error) => !(error instanceof MatchNotFound) && refusalOf(error) === null && count < 2,
    queryFn: async ({ signal }): Promise<LocatedProject> => {
      const { row, page } = await scanFor(
        rank,
        (n) => matchProjects({ ...seeker!, page: n, pageSize: SCAN_PAGE_SIZE }, signal),
        (candidate) => candidate.project.id === pid,
      );
      return { item: row, seekerName: page.seeker.name };
    },
  });
}

export function useInstitutionSearch(keyword: string) {
  return useQuery({
    queryKey: ['matching', 'org-search', keyword],
    queryFn: ({ signal }) => searchInstitutions(keyword, signal),
    enabled: keyword.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// ---- Visitors ----
export function useViewers(paging: Paging) {
  return useQuery({
    queryKey: ['matching', 'viewers', paging.page],
    queryFn: ({ signal }) => listViewers(paging, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyViews(paging: Paging, enabled: boolean) {
  return useQuery({
    queryKey: ['matching', 'my-views', paging.page],
    queryFn: ({ signal }) => listMyViews(paging, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
