/**
 * The knowledge base's calls of API.md ("Knowledge base"), one function each, through the one
 * API client and the one stream reader. Types come from the contract.
 */
import type {
  KbCollection,
  KbCollectionDetailSchema,
  KbCollectionPageSchema,
  KbConversation,
  KbConversationDetailSchema,
  KbConversationPageSchema,
  KbCreatedSchema,
  KbFile,
  KbFilePageSchema,
  KbHotListSchema,
  KbIncome,
  KbPreview,
  KbStatusListSchema,
  KbUnlockedSchema,
} from '@jq/contract';
import type { z } from 'zod';
import { apiPost } from '../../shared/api/client';
import { type StreamOptions, streamEvents } from '../../shared/api/stream';

export type KbFilePage = z.infer<typeof KbFilePageSchema>;
export type KbStatusList = z.infer<typeof KbStatusListSchema>;
export type KbHotList = z.infer<typeof KbHotListSchema>;
export type KbCollectionPage = z.infer<typeof KbCollectionPageSchema>;
export type KbCollectionDetail = z.infer<typeof KbCollectionDetailSchema>;
export type KbConversationDetail = z.infer<typeof KbConversationDetailSchema>;
export type KbConversationPage = z.infer<typeof KbConversationPageSchema>;
export type KbCreated = z.infer<typeof KbCreatedSchema>;
export type KbUnlocked = z.infer<typeof KbUnlockedSchema>;

export const createKbFile = (body: { uploadId: string; fileTitle?: string; collectionId?: number }) =>
  apiPost<KbCreated>('/kb/create', body);
export const getKbStatus = (ids: number[]) =>
  apiPost<KbStatusList>('/kb/status', { ids }, { isSilent: true });
export const listMyFiles = (query: { page: number; pageSize: number; keyword?: string; status?: string }) =>
  apiPost<KbFilePage>('/kb/history', query);
export const deleteKbFile = (id: number) => apiPost<{ id: number; isDeleted: boolean }>('/kb/delete', { id });
export const updateKbFile = (body: {
  id: number;
  fileTitle?: string;
  summary?: string;
  visibility?: 'private' | 'public';
  price?: number;
  reindex?: boolean;
}) => apiPost<KbFile>('/kb/update', body);
export const previewKbFile = (body: { id: number; page?: number; q?: string; view?: 'pages' | 'chunks' }) =>
  apiPost<KbPreview>('/kb/kbfile_preview', body);
export const saveOpenFile = (id: number) => apiPost<KbUnlocked>('/kb/saveOpenFile', { id });
export const getSquare = (query: {
  page: number;
  pageSize: number;
  keyword?: string;
  kind?: string;
  sort: 'new' | 'hot';
}) => apiPost<KbFilePage>('/kb/getKbSquare', query);
export const getHotList = (limit = 8) => apiPost<KbHotList>('/kb/getKbHotList', { limit });
export const getIncome = (days = 30) => apiPost<KbIncome>('/kb/getUserKbIncome', { days });
export const listCollections = (query: {
  page: number;
  pageSize: number;
  mine?: boolean;
  keyword?: string;
}) => apiPost<KbCollectionPage>('/kb/getKbCollections', query);
export const getCollectionDetail = (id: number) =>
  apiPost<KbCollectionDetail>('/kb/getCollectionDetail', { id });
export const saveCollection = (body: {
  id?: number;
  collectionName: string;
  summary?: string;
  visibility?: 'private' | 'public';
  fileIds?: number[];
}) => apiPost<KbCollection>('/kb/saveCollection', body);
export const deleteCollection = (id: number) =>
  apiPost<{ id: number; isDeleted: boolean }>('/kb/delCollection', { id });
export const createKbChat = (body: { fileIds?: number[]; collectionId?: number }) =>
  apiPost<KbConversation>('/kb/kbchat_create', body);
export const getKbConversation = (chatuuid: string) =>
  apiPost<KbConversationDetail>('/kb/kbchat_conversation', { chatuuid });
export const listKbChats = (query: { page: number; pageSize: number }) =>
  apiPost<KbConversationPage>('/kb/kbchat_history', query);
export const streamKbTurn = (chatuuid: string, question: string, options: StreamOptions = {}) =>
  streamEvents('/kb/kbchat', { chatuuid, question }, options);
