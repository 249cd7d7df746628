/**
 * The library's server state as TanStack Query hooks: list searches (paged on desktop,
 * load-more on phones), the detail views' lists (one record's own detail is in
 * shared/records), contacts with their unlock, and follows. Keys start with 'library' so a
 * sign-in or an unlock can refresh the whole area at once.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import type { OidPage, OrgInfo } from '../../shared/records/record-api';
import { recordKeys, useOrgPage } from '../../shared/records/record-queries';
import {
  followOrg,
  getIpoInquiry,
  getProjectContacts,
  getProjectInvestors,
  getProjectPatents,
  getReportInfo,
  listOrgArticles,
  listOrgLinkedProjects,
  listOrgMembers,
  type ProjectContacts,
  type ReportSearchInput,
  type SearchResultByKind,
  searchIndustryProjects,
  searchLibrary,
  searchReports,
  unfollowOrg,
  unlockProjectContacts,
} from './api';
import { type LibraryKind, type LibraryQuery, serializeQuery, toSearchRequest } from './search-state';

export const PAGE_SIZE = 20;

export const libraryKeys = {
  all: ['library'] as const,
  search: (kind: LibraryKind, key: string) => ['library', kind, 'search', key] as const,
  more: (kind: LibraryKind, key: string) => ['library', kind, 'more', key] as const,
  project: recordKeys.project,
  contacts: (pid: number) => [...recordKeys.project(pid), 'contacts'] as const,
  org: recordKeys.org,
};

export type ListItem<K extends LibraryKind> = SearchResultByKind[K]['list'][number];

export interface LibraryResults<K extends LibraryKind> {
  items: ListItem<K>[];
  total: number;
  understood: SearchResultByKind[K]['understood'] | undefined;
  /** Nothing to show yet (first load). */
  isLoading: boolean;
  /** A new search is on its way while the previous results stay shown. */
  isRefreshing: boolean;
  isError: boolean;
  /** The server's reason when it refused the search (a bad filter in a hand-edited link). */
  errorMessage: string | undefined;
  retry(): void;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore(): void;
}

/** A list's page `query.page` (desktop), as the page reads it and the prefetch asks for it. */
export function libraryPageQuery<K extends LibraryKind>(kind: K, query: LibraryQuery) {
  return queryOptions({
    queryKey: libraryKeys.search(kind, serializeQuery(query)),
    queryFn: ({ signal }) => searchLibrary(kind, toSearchRequest(query, PAGE_SIZE), signal),
  });
}

/** A list's pages loaded one under another (phones), from the first whatever `query.page` says. */
export function libraryMoreQuery<K extends LibraryKind>(kind: K, query: LibraryQuery) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.more(kind, serializeQuery({ ...query, page: 1 })),
    queryFn: ({ signal, pageParam }) =>
      searchLibrary(kind, toSearchRequest(query, PAGE_SIZE, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/**
 * One list's results. Desktop pages by `query.page`; phones load more pages under the
 * first (`isLoadMore`), and the query's page is ignored there.
 */
export function useLibraryResults<K extends LibraryKind>(
  kind: K,
  query: LibraryQuery,
  isLoadMore: boolean,
): LibraryResults<K> {
  const paged = useQuery({
    ...libraryPageQuery(kind, query),
    placeholderData: keepPreviousData,
    enabled: !isLoadMore,
  });
  const more = useInfiniteQuery({
    ...libraryMoreQuery(kind, query),
    placeholderData: keepPreviousData,
    enabled: isLoadMore,
  });

  if (isLoadMore) {
    const pages = more.data?.pages ?? [];
    return {
      items: pages.flatMap((page) => page.list as ListItem<K>[]),
      total: pages[0]?.total ?? 0,
      understood: pages[0]?.understood,
      isLoading: more.isPending,
      isRefreshing: more.isPlaceholderData,
      isError: more.isError && !more.isFetchNextPageError,
      errorMessage: refusalOf(more.error),
      retry: () => void more.refetch(),
      hasMore: more.hasNextPage,
      isLoadingMore: more.isFetchingNextPage,
      loadMore: () => void more.fetchNextPage(),
    };
  }
  return {
    items: (paged.data?.list ?? []) as ListItem<K>[],
    total: paged.data?.total ?? 0,
    understood: paged.data?.understood,
    isLoading: paged.isPending,
    isRefreshing: paged.isPlaceholderData && paged.isFetching,
    isError: paged.isError,
    errorMessage: refusalOf(paged.error),
    retry: () => void paged.refetch(),
    hasMore: false,
    isLoadingMore: false,
    loadMore: () => {},
  };
}

function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.msg : undefined;
}

export function useReportSearch(request: ReportSearchInput) {
  return useQuery({
    queryKey: ['library', 'report', 'search', request],
    queryFn: ({ signal }) => searchReports(request, signal),
    placeholderData: keepPreviousData,
  });
}

// ---- Project detail ----
export function useProjectInvestors(pid: number) {
  return useQuery({
    queryKey: [...libraryKeys.project(pid), 'investors'],
    queryFn: ({ signal }) => getProjectInvestors(pid, signal),
  });
}

export function useProjectPatents(pid: number) {
  return useQuery({
    queryKey: [...libraryKeys.project(pid), 'patents'],
    queryFn: ({ signal }) => getProjectPatents(pid, signal),
  });
}

export function useProjectContacts(pid: number, isSignedIn: boolean) {
  return useQuery({
    queryKey: libraryKeys.contacts(pid),
    queryFn: ({ signal }) => getProjectContacts(pid, signal),
    enabled: isSignedIn,
  });
}

export function useUnlockContacts(pid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unlockProjectContacts(pid),
    onSuccess: (contacts: ProjectContacts) => {
      client.setQueryData(libraryKeys.contacts(pid), contacts);
      void client.invalidateQueries({ queryKey: libraryKeys.project(pid), exact: true });
    },
  });
}

/** Latest projects of the same sub-industry (else the same industry), this one left out. */
export function useSimilarProjects(pid: number, industry: string | undefined, count: number) {
  return useQuery({
    queryKey: ['library', 'similar', industry, count],
    queryFn: ({ signal }) => searchIndustryProjects(industry!, count + 1, signal),
    enabled: Boolean(industry),
    select: (result) => result.list.filter((project) => project.id !== pid).slice(0, count),
  });
}

// ---- Institution detail ----
export const useOrgLinkedProjects = (input: OidPage, enabled = true) =>
  useOrgPage('linked', input, listOrgLinkedProjects, enabled);
export const useOrgMembers = (input: OidPage) => useOrgPage('members', input, listOrgMembers);
export const useOrgArticles = (input: OidPage) => useOrgPage('articles', input, listOrgArticles);

export function useFollowOrg(oid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followOrg(oid) : unfollowOrg(oid)),
    onSuccess: (state) => {
      client.setQueryData<OrgInfo>(libraryKeys.org(oid), (info) =>
        info && info.isFollowed !== state.isFollowed
          ? {
              ...info,
              isFollowed: state.isFollowed,
              followerCount: Math.max(0, info.followerCount + (state.isFollowed ? 1 : -1)),
            }
          : info,
      );
    },
  });
}

// ---- Report detail ----
export function useReportInfo(id: number | null) {
  return useQuery({
    queryKey: ['library', 'report', id],
    queryFn: ({ signal }) => getReportInfo(id!, signal),
    enabled: id !== null,
  });
}

/** Keyed outside 'library': signing in does not change a report's passages. */
export function useIpoInquiry(pid: number) {
  return useQuery({
    queryKey: ['ipo-inquiry', pid],
    queryFn: ({ signal }) => getIpoInquiry({ pid, limit: 10 }, signal),
    staleTime: 10 * 60_000,
  });
}
