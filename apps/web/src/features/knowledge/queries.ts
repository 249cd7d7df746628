/** TanStack Query keys and hooks of the knowledge base's reads. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getCollectionDetail,
  getHotList,
  getIncome,
  getKbConversation,
  getSquare,
  listCollections,
  listKbChats,
  listMyFiles,
  previewKbFile,
} from './api';

export const kbKeys = {
  all: ['kb'] as const,
  mine: (query: object) => ['kb', 'mine', query] as const,
  square: (query: object) => ['kb', 'square', query] as const,
  hot: ['kb', 'hot'] as const,
  income: (days: number) => ['kb', 'income', days] as const,
  collections: (query: object) => ['kb', 'collections', query] as const,
  collection: (id: number) => ['kb', 'collection', id] as const,
  preview: (query: object) => ['kb', 'preview', query] as const,
  chats: (query: object) => ['kb', 'chats', query] as const,
  conversation: (chatuuid: string) => ['kb', 'conversation', chatuuid] as const,
};

/** Polls while a file is still being parsed, so status and progress move on their own. */
export function useMyFiles(query: { page: number; pageSize: number; keyword?: string }) {
  return useQuery({
    queryKey: kbKeys.mine(query),
    queryFn: () => listMyFiles(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((f) => f.status !== 'ready' && f.status !== 'failed') ? 1200 : false,
  });
}

export const useSquare = (query: {
  page: number;
  pageSize: number;
  keyword?: string;
  kind?: string;
  sort: 'new' | 'hot';
}) =>
  useQuery({
    queryKey: kbKeys.square(query),
    queryFn: () => getSquare(query),
    placeholderData: keepPreviousData,
  });

export const useHotList = () => useQuery({ queryKey: kbKeys.hot, queryFn: () => getHotList(8) });

export const useIncome = (days: number, enabled = true) =>
  useQuery({ queryKey: kbKeys.income(days), queryFn: () => getIncome(days), enabled });

export const useCollections = (query: { page: number; pageSize: number; mine?: boolean }, enabled = true) =>
  useQuery({ queryKey: kbKeys.collections(query), queryFn: () => listCollections(query), enabled });

export const useCollection = (id: number | null) =>
  useQuery({
    queryKey: kbKeys.collection(id ?? 0),
    queryFn: () => getCollectionDetail(id!),
    enabled: id !== null,
  });

export const usePreview = (query: { id: number; page?: number; q?: string }) =>
  useQuery({
    queryKey: kbKeys.preview(query),
    queryFn: () => previewKbFile(query),
    enabled: query.id > 0,
    placeholderData: keepPreviousData,
  });

export const useKbChats = (query: { page: number; pageSize: number }) =>
  useQuery({ queryKey: kbKeys.chats(query), queryFn: () => listKbChats(query) });

export const useKbConversation = (chatuuid: string | null) =>
  useQuery({
    queryKey: kbKeys.conversation(chatuuid ?? ''),
    queryFn: () => getKbConversation(chatuuid!),
    enabled: Boolean(chatuuid),
  });
