/**
 * The teaser calls of API.md ("Teasers") and the flow rows beside them, one function each,
 * through the one API client and the one stream reader. Types come from the contract.
 */
import type {
  CollectionPageSchema,
  InvestorViewPageSchema,
  MatchInvestorPageSchema,
  MatchTeaserPageSchema,
  RecommendTeaserPageSchema,
  RecordViewResultSchema,
  RefundResultSchema,
  Teaser,
  TeaserConversationSchema,
  TeaserFields,
  TeaserMessageSchema,
  TeaserOrder,
  TeaserOrderChildPageSchema,
  TeaserOrderPageSchema,
  TeaserPage,
  TeaserSection,
  TeaserShareSchema,
  TeaserUnlock,
  UnlockResultSchema,
  ViewHistoryPageSchema,
} from '@jq/contract';
import type { z } from 'zod';
import { apiPost } from '../../shared/api/client';
import { type StreamOptions, streamEvents } from '../../shared/api/stream';

type Page = { page?: number; pageSize?: number };
export type RecommendPage = z.infer<typeof RecommendTeaserPageSchema>;
export type MatchInvestorPage = z.infer<typeof MatchInvestorPageSchema>;
export type MatchTeaserPage = z.infer<typeof MatchTeaserPageSchema>;
export type InvestorViewPage = z.infer<typeof InvestorViewPageSchema>;
export type ViewHistoryPage = z.infer<typeof ViewHistoryPageSchema>;
export type CollectionPage = z.infer<typeof CollectionPageSchema>;
export type Conversation = z.infer<typeof TeaserConversationSchema>;
export type OrderPage = z.infer<typeof TeaserOrderPageSchema>;
export type OrderChildPage = z.infer<typeof TeaserOrderChildPageSchema>;

export const createTeaser = (body: {
  source: 'form' | 'project' | 'upload';
  pid?: number;
  uploadId?: string;
  fields?: TeaserFields;
}) => apiPost<Teaser>('/teaser/createTeaser', body, { timeoutMs: 60_000 });
export const generateTeaser = (id: number, options: StreamOptions & { sections?: TeaserSection[] } = {}) =>
  streamEvents('/teaser/aiGenerateTeaser', { id, sections: options.sections }, options);
export const getTeaser = (body: { id?: number; shareToken?: string }) =>
  apiPost<Teaser>('/teaser/getTeaser', body, { isSilent: true });
export const editTeaser = (
  body: TeaserFields & { id: number; sections?: Partial<Record<TeaserSection, string>> },
) => apiPost<Teaser>('/teaser/editTeaser', body);
export const teaserHistory = (query: Page & { status?: 'draft' | 'published' }) =>
  apiPost<TeaserPage>('/teaser/getTeaserHistory', query);
export const deleteDraft = (id: number) => apiPost<{ id: number }>('/teaser/delDraftTeaser', { id });
export const finishTeaser = (id: number) => apiPost<Teaser>('/teaser/finishTeaser', { id });
export const onlineList = (query: Page & { keyword?: string; industry?: string; stage?: number }) =>
  apiPost<TeaserPage>('/teaser/getOnlineTeaserList', query);
export const discoveryList = (query: Page) => apiPost<TeaserPage>('/teaser/GetDescoveryTeaser', query);
export const recommendList = (query: Page) => apiPost<RecommendPage>('/teaser/getRecommendTeaser', query);
export const setFocus = (id: number, focus: boolean) =>
  apiPost<{ id: number; isFollowed: boolean }>('/teaser/userTeaserFocusOrNot', { id, focus });
export const focusHistory = (query: Page) => apiPost<TeaserPage>('/teaser/getFocusTeaserHistory', query);
export const matchInvestor = (query: Page & { id: number }) =>
  apiPost<MatchInvestorPage>('/teaser/matchInvestor', query, { timeoutMs: 30_000 });
export const matchInvestorStream = (id: number, limit: number, options: StreamOptions = {}) =>
  streamEvents('/teaser/matchInvestorWithReasonStream', { id, limit }, { timeoutMs: 30_000, ...options });
export const matchTeaser = (query: Page & { thesis?: string }) =>
  apiPost<MatchTeaserPage>('/teaser/matchTeaser', query, { timeoutMs: 30_000 });
export const viewHistory = (query: Page) => apiPost<ViewHistoryPage>('/teaser/getViewTeaserHistory', query);
export const unlockContacts = (id: number, message?: string) =>
  apiPost<z.infer<typeof UnlockResultSchema>>('/teaser/UnLockContactInfo', { id, message });
export const decideUnlock = (unlockId: number, accept: boolean) =>
  apiPost<TeaserUnlock>('/teaser/decideUnlock', { unlockId, accept });
export const collection = (query: Page & { kind?: 'all' | 'focus' | 'unlocked' | 'delivered' }) =>
  apiPost<CollectionPage>('/teaser/getTeaserCollection', query);
export const conversation = (query: Page & { unlockId?: number; id?: number }) =>
  apiPost<Conversation>('/teaser/getTeaserConversation', query);
export const sendMessage = (unlockId: number, content: string) =>
  apiPost<z.infer<typeof TeaserMessageSchema>>('/teaser/sendTeaserMessage', { unlockId, content });
export const investorViews = (query: Page & { id: number; days?: number }) =>
  apiPost<InvestorViewPage>('/teaser/getTeaserInvestorViewHistory', query);
export const recordView = (body: {
  id: number;
  viewId?: number;
  shareToken?: string;
  visibleMs?: number;
  sections: Partial<Record<TeaserSection, number>>;
}) => apiPost<z.infer<typeof RecordViewResultSchema>>('/teaser/recordView', body, { isSilent: true });
export const shareTeaser = (id: number, expiresInDays?: number) =>
  apiPost<z.infer<typeof TeaserShareSchema>>('/teaser/shareTeaser', { id, expiresInDays });
export const createOrder = (id: number, investorIds: number[]) =>
  apiPost<TeaserOrder>('/teaser/createTeaserOrder', { id, investorIds });
export const checkOrder = (orderno: string) => apiPost<TeaserOrder>('/teaser/checkOrder', { orderno });
export const listOrders = (query: Page) => apiPost<OrderPage>('/teaser/getTeaserOrder', query);
export const orderChildren = (query: Page & { orderno: string }) =>
  apiPost<OrderChildPage>('/teaser/getTeaserOrderChild', query);
export const applyRefund = (orderno: string) =>
  apiPost<z.infer<typeof RefundResultSchema>>('/teaser/applyRefund', { orderno });
