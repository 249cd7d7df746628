/**
 * The assistant's calls of API.md ("AI chat, research chat, AI search" and `aiagentlist`),
 * one function each, through the one API client and the one stream reader. Types come from
 * the contract (packages/contract/src/schemas/assistant.ts).
 */
import type {
  AgentListSchema,
  AiInteraction,
  AiSearchResultSchema,
  ChatKind,
  ChatReport,
  Conversation,
  ConversationDetail,
  ConversationPageSchema,
  DeletedChatSchema,
  HomeSearchSchema,
  HomeUserActionsSchema,
  LeaveChatSchema,
  QuickQuestionsSchema,
  RecommendSchema,
  RemainingChats,
  ReportInfoSchema,
  SharedChat,
  StringListSchema,
} from '@jq/contract';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../shared/api/client';
import { type StreamOptions, streamEvents } from '../../shared/api/stream';

export type AgentList = z.infer<typeof AgentListSchema>;
export type ConversationPage = z.infer<typeof ConversationPageSchema>;
export type HomeSearch = z.infer<typeof HomeSearchSchema>;
export type HomeUserActions = z.infer<typeof HomeUserActionsSchema>;
export type Recommend = z.infer<typeof RecommendSchema>;
export type QuickQuestions = z.infer<typeof QuickQuestionsSchema>;
export type ReportInfo = z.infer<typeof ReportInfoSchema>;
export type AiSearchResult = z.infer<typeof AiSearchResultSchema>;

/** A streamed turn may take long to start while the answer is retrieved; the stream itself has no limit. */
const STREAM_START_MS = 30_000;

export function getAgents(signal?: AbortSignal) {
  return apiGet<AgentList>('/auth/aiagentlist', undefined, { signal });
}

export function createChat(kind: ChatKind, input: { action?: string; agent?: string; pids?: number[] }) {
  return apiPost<Conversation>(kind === 'mixchat' ? '/chat/createmixchat' : '/chat/createchat', input);
}

export interface TurnInput {
  chatuuid: string;
  question: string;
  agent?: string;
  regenerate?: boolean;
}

export function streamTurn(kind: ChatKind, input: TurnInput, signal: AbortSignal) {
  const options: StreamOptions = { signal, timeoutMs: STREAM_START_MS };
  return streamEvents(kind === 'mixchat' ? '/chat/smixchat' : '/chat/schat', input, options);
}

export function getConversation(kind: ChatKind, chatuuid: string, signal?: AbortSignal) {
  const path = kind === 'mixchat' ? '/chat/mixchatconversation' : '/chat/chatconversation';
  return apiGet<ConversationDetail>(path, { chatuuid }, { signal });
}

/** Every conversation of the caller, newest first (`kind` narrows to chat or research chat). */
export function listHistory(
  query: { kind?: ChatKind; keyword?: string; page: number; pageSize: number },
  signal?: AbortSignal,
) {
  return apiPost<ConversationPage>('/chat/history', query, { signal });
}

export function deleteChat(chatuuid: string) {
  return apiPost<z.infer<typeof DeletedChatSchema>>('/chat/deletechat', { chatuuid });
}

/** Stops the conversation's generation on the server, wherever it runs. Silent: the abort already stopped ours. */
export function leaveChat(chatuuid: string) {
  return apiGet<z.infer<typeof LeaveChatSchema>>('/chat/leavechat', { chatuuid }, { isSilent: true });
}

export function getRemainingChats(input: { action?: string; chatuuid?: string }, signal?: AbortSignal) {
  return apiPost<RemainingChats>('/chat/getremainingchats', input, { signal });
}

export function shareChat(chatuuid: string) {
  return apiPost<SharedChat>('/chat/GetShareNewChat', { chatuuid }, { isSilent: true });
}

export function readSharedChat(token: string, fork = false, signal?: AbortSignal) {
  return apiPost<SharedChat>('/chat/GetShareNewChat', { token, fork }, { signal });
}

/** Streams a business-plan draft written from the conversation (signed-in users only). */
export function streamBusinessPlan(chatuuid: string, signal: AbortSignal) {
  return streamEvents('/chat/exportbp', { chatuuid }, { signal, timeoutMs: STREAM_START_MS });
}

export function createChatReport(chatuuid: string, signal?: AbortSignal) {
  return apiPost<ChatReport>('/chat/reportcreate', { chatuuid }, { signal });
}

export function getReportInfo(id: number, signal?: AbortSignal) {
  return apiPost<ReportInfo>('/acchat/reportinfo', { id }, { signal });
}

// ---- Home and AI search ----
/** One AI search question, streamed: the hits (`card` event), then the summary. A `searchId` continues that session. */
export function streamAiSearch(
  input: { question: string; searchId?: string; isFusion: boolean },
  signal: AbortSignal,
) {
  const path = input.isFusion ? '/aisearch/aiFusionSearch' : '/aisearch/aiSearch';
  const body = { question: input.question, searchId: input.searchId };
  return streamEvents(path, body, { signal, timeoutMs: STREAM_START_MS });
}

/** A stored search session, every question in it. */
export function getAiSearchResult(searchId: string, signal?: AbortSignal) {
  return apiPost<AiSearchResult>('/aisearch/aiSearchResult', { searchId }, { signal });
}

/** One stored question of a search session, as the server saved it. */
export function getSearchInteraction(id: number, signal?: AbortSignal) {
  return apiPost<AiInteraction>('/aisearch/singleInteractResult', { id }, { signal, isSilent: true });
}

export function homeSearch(keyword: string, signal?: AbortSignal) {
  return apiPost<HomeSearch>('/aisearch/homesearch', { keyword, limit: 5 }, { signal, isSilent: true });
}

export function getQuickQuestions(scene: 'home' | 'chat' | 'mixchat', agent?: string, signal?: AbortSignal) {
  return apiPost<QuickQuestions>('/aisearch/quickQuestions', { scene, agent }, { signal });
}

export function getRecommendedSearches(signal?: AbortSignal) {
  return apiPost<z.infer<typeof StringListSchema>>('/aisearch/aiRecommendSearch', { limit: 8 }, { signal });
}

export function getRecommendations(signal?: AbortSignal) {
  return apiPost<Recommend>('/aisearch/airecommend', { limit: 6 }, { signal });
}

export function getHomeUserActions(signal?: AbortSignal) {
  return apiPost<HomeUserActions>('/aisearch/homeuseractions', {}, { signal });
}
