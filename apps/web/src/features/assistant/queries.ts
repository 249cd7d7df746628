/** TanStack Query keys and hooks of the assistant's non-streamed reads. */
import type { ChatKind } from '@jq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createChatReport,
  getAgents,
  getHomeUserActions,
  getQuickQuestions,
  getRecommendations,
  getRecommendedSearches,
  getReportInfo,
  homeSearch,
  listHistory,
  readSharedChat,
} from './api';

export const assistantKeys = {
  all: ['assistant'] as const,
  agents: ['assistant', 'agents'] as const,
  conversation: (kind: ChatKind, chatuuid: string) => ['assistant', 'conversation', kind, chatuuid] as const,
  quotaRoot: ['assistant', 'quota'] as const,
  quota: (action: string, chatuuid: string) => ['assistant', 'quota', action, chatuuid] as const,
  lists: ['assistant', 'history'] as const,
  history: (query: object) => ['assistant', 'history', query] as const,
  home: ['assistant', 'home'] as const,
  search: (searchId: string) => ['assistant', 'search', searchId] as const,
};

export function useAgents() {
  return useQuery({
    queryKey: assistantKeys.agents,
    queryFn: ({ signal }) => getAgents(signal),
    staleTime: 10 * 60_000,
  });
}

export function useHistory(query: { kind?: ChatKind; keyword?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: assistantKeys.history(query),
    queryFn: ({ signal }) => listHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSharedChat(token: string | null) {
  return useQuery({
    queryKey: ['assistant', 'share', token],
    queryFn: ({ signal }) => readSharedChat(token!, false, signal),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useQuickQuestions(scene: 'home' | 'chat' | 'mixchat', agent?: string) {
  return useQuery({
    queryKey: [...assistantKeys.home, 'quick', scene, agent ?? ''],
    queryFn: ({ signal }) => getQuickQuestions(scene, agent, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRecommendedSearches() {
  return useQuery({
    queryKey: [...assistantKeys.home, 'recommend-search'],
    queryFn: ({ signal }) => getRecommendedSearches(signal),
    staleTime: 5 * 60_000,
  });
}

export function useRecommendations() {
  return useQuery({
    queryKey: [...assistantKeys.home, 'recommend'],
    queryFn: ({ signal }) => getRecommendations(signal),
    staleTime: 5 * 60_000,
  });
}

export function useHomeUserActions() {
  return useQuery({
    queryKey: [...assistantKeys.home, 'actions'],
    queryFn: ({ signal }) => getHomeUserActions(signal),
  });
}

export function useHomeSearch(keyword: string) {
  return useQuery({
    queryKey: [...assistantKeys.home, 'search', keyword],
    queryFn: ({ signal }) => homeSearch(keyword, signal),
    enabled: keyword.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useReportInfo(id: number | null) {
  return useQuery({
    queryKey: ['assistant', 'report', id],
    queryFn: ({ signal }) => getReportInfo(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * The report made from a conversation. Each call stores a new report, so the answer is kept
 * for the conversation as it is (`answers`): opening it again shows the same report.
 */
export function useChatReport(chatuuid: string, answers: number) {
  return useQuery({
    queryKey: ['assistant', 'chat-report', chatuuid, answers],
    queryFn: ({ signal }) => createChatReport(chatuuid, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
