/** AI search, the home page and ipoinquiry (API.md "AI chat, research chat, AI search"). */
import {
  AiInteractionSchema,
  AiSearchRequestSchema,
  AiSearchResultRequestSchema,
  AiSearchResultSchema,
  HomeSearchHistoryPageSchema,
  HomeSearchRequestSchema,
  HomeSearchSchema,
  HomeUserActionsSchema,
  IpoInquiryRequestSchema,
  IpoInquirySchema,
  PageOnlyRequestSchema,
  QuickQuestionsRequestSchema,
  QuickQuestionsSchema,
  RecommendRequestSchema,
  RecommendSchema,
  SingleInteractRequestSchema,
  StringListSchema,
} from '@jq/contract';
import { z } from 'zod';
import { type Route, route, streamRoute } from '../../http/index.js';
import { getInteraction, getSearchResult, runAiSearch } from './ai-search.js';
import type { AssistantDeps } from './context.js';
import {
  aiRecommend,
  aiRecommendSearch,
  homeSearch,
  homeSearchHistory,
  homeUserActions,
  quickQuestions,
} from './home.js';
import { ipoInquiryFor } from './ipo-inquiry.js';
import { ownerOf } from './owner.js';

const CompatSchema = z.object({
  uguid: z.string().max(64).optional(),
  clientid: z.string().max(64).optional(),
});

export function searchRoutes(deps: AssistantDeps): Route[] {
  const { db, config } = deps;
  const post = { method: 'POST', access: 'A' } as const;
  return [
    ...(['search', 'fusion'] as const).map((kind) =>
      streamRoute({
        ...post,
        path: kind === 'search' ? '/aisearch/aiSearch' : '/aisearch/aiFusionSearch',
        summary: kind === 'search' ? 'AI 搜索（流式）' : '融合搜索（流式）',
        body: AiSearchRequestSchema,
        handler: (request, open) =>
          runAiSearch(deps, { owner: ownerOf(request), kind, body: request.body, log: request.log }, open),
      }),
    ),
    route({
      ...post,
      path: '/aisearch/aiSearchResult',
      summary: 'AI 搜索结果',
      body: AiSearchResultRequestSchema,
      data: AiSearchResultSchema,
      handler: (request) => getSearchResult(db, request.body.searchId, ownerOf(request)),
    }),
    route({
      ...post,
      path: '/aisearch/singleInteractResult',
      summary: '单次交互结果',
      body: SingleInteractRequestSchema,
      data: AiInteractionSchema,
      handler: (request) => getInteraction(db, request.body.id, ownerOf(request)),
    }),
    route({
      ...post,
      path: '/aisearch/homesearch',
      summary: '首页搜索',
      body: HomeSearchRequestSchema,
      data: HomeSearchSchema,
      handler: (request) => homeSearch(db, ownerOf(request), request.body.keyword, request.body.limit),
    }),
    route({
      ...post,
      path: '/aisearch/homesearch_history',
      summary: '搜索历史',
      body: PageOnlyRequestSchema,
      data: HomeSearchHistoryPageSchema,
      handler: (request) => homeSearchHistory(db, ownerOf(request), request.body.page, request.body.pageSize),
    }),
    route({
      ...post,
      path: '/aisearch/homeuseractions',
      summary: '最近操作',
      body: CompatSchema,
      data: HomeUserActionsSchema,
      handler: (request) => homeUserActions(db, ownerOf(request), config.product),
    }),
    route({
      ...post,
      path: '/aisearch/airecommend',
      summary: '推荐',
      body: RecommendRequestSchema,
      data: RecommendSchema,
      handler: (request) => aiRecommend(db, ownerOf(request), request.body.limit),
    }),
    route({
      ...post,
      path: '/aisearch/aiRecommendSearch',
      summary: '推荐搜索',
      body: CompatSchema,
      data: StringListSchema,
      handler: (request) => aiRecommendSearch(db, ownerOf(request)),
    }),
    route({
      ...post,
      path: '/aisearch/quickQuestions',
      summary: '快捷问题',
      body: QuickQuestionsRequestSchema,
      data: QuickQuestionsSchema,
      handler: (request) => quickQuestions(request.body.scene, request.body.agent),
    }),
    route({
      ...post,
      path: '/acchat/ipoinquiry',
      summary: 'IPO 问询引文',
      body: IpoInquiryRequestSchema,
      data: IpoInquirySchema,
      handler: (request) => ipoInquiryFor(db, ownerOf(request), request.body),
    }),
  ];
}
