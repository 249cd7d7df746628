/** AI search, the home page and ipoinquiry (API.md "AI chat, research chat, AI search"): thin handlers. */
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope.js';
import type { ModuleOptions } from '../index.js';
import { getInteraction, getSearchResult, runAiSearch } from './ai-search.js';
import { getOwnedConversation } from './conversations.js';
import {
  aiRecommend,
  aiRecommendSearch,
  homeSearch,
  homeSearchHistory,
  homeUserActions,
  quickQuestions,
} from './home.js';
import { ipoInquiry } from './ipo-inquiry.js';
import { ownerOf } from './owner.js';
import type { AssistantDeps } from './run-turn.js';

const tags = ['assistant'];
const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

export const searchRoutes: FastifyPluginAsyncZod<ModuleOptions & { deps: AssistantDeps }> = async (
  app,
  { config, platform, deps },
) => {
  const db = platform.database.db;

  app.post(
    '/aisearch/aiSearch',
    { config: { access: 'A' }, schema: { tags, summary: 'AI 搜索（流式）', body: AiSearchRequestSchema } },
    async (request, reply) => runAiSearch(deps, request, reply, 'search', request.body),
  );
  app.post(
    '/aisearch/aiFusionSearch',
    { config: { access: 'A' }, schema: { tags, summary: '融合搜索（流式）', body: AiSearchRequestSchema } },
    async (request, reply) => runAiSearch(deps, request, reply, 'fusion', request.body),
  );
  app.post(
    '/aisearch/aiSearchResult',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: 'AI 搜索结果',
        body: AiSearchResultRequestSchema,
        response: okResponse(AiSearchResultSchema),
      },
    },
    async (request) => ok(await getSearchResult(db, request.body.searchId, ownerOf(request))),
  );
  app.post(
    '/aisearch/singleInteractResult',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '单次交互结果',
        body: SingleInteractRequestSchema,
        response: okResponse(AiInteractionSchema),
      },
    },
    async (request) => ok(await getInteraction(db, request.body.id, ownerOf(request))),
  );
  app.post(
    '/aisearch/homesearch',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '首页搜索',
        body: HomeSearchRequestSchema,
        response: okResponse(HomeSearchSchema),
      },
    },
    async (request) => ok(await homeSearch(db, ownerOf(request), request.body.keyword, request.body.limit)),
  );
  app.post(
    '/aisearch/homesearch_history',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '搜索历史',
        body: PageOnlyRequestSchema,
        response: okResponse(HomeSearchHistoryPageSchema),
      },
    },
    async (request) =>
      ok(await homeSearchHistory(db, ownerOf(request), request.body.page, request.body.pageSize)),
  );
  app.post(
    '/aisearch/homeuseractions',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '最近操作',
        body: z.object(compat),
        response: okResponse(HomeUserActionsSchema),
      },
    },
    async (request) => ok(await homeUserActions(db, ownerOf(request), config.product)),
  );
  app.post(
    '/aisearch/airecommend',
    {
      config: { access: 'A' },
      schema: { tags, summary: '推荐', body: RecommendRequestSchema, response: okResponse(RecommendSchema) },
    },
    async (request) => ok(await aiRecommend(db, ownerOf(request), request.body.limit)),
  );
  app.post(
    '/aisearch/aiRecommendSearch',
    {
      config: { access: 'A' },
      schema: { tags, summary: '推荐搜索', body: z.object(compat), response: okResponse(StringListSchema) },
    },
    async (request) => ok(await aiRecommendSearch(db, ownerOf(request))),
  );
  app.post(
    '/aisearch/quickQuestions',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '快捷问题',
        body: QuickQuestionsRequestSchema,
        response: okResponse(QuickQuestionsSchema),
      },
    },
    async (request) => ok(quickQuestions(request.body.scene, request.body.agent)),
  );
  app.post(
    '/acchat/ipoinquiry',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: 'IPO 问询引文',
        body: IpoInquiryRequestSchema,
        response: okResponse(IpoInquirySchema),
      },
    },
    async (request) => {
      const body = request.body;
      let keyword = body.keyword;
      if (!keyword && body.chatuuid) {
        keyword = (await getOwnedConversation(db, body.chatuuid, ownerOf(request))).title;
      }
      return ok({ list: await ipoInquiry(db, { keyword, reportId: body.pid, limit: body.limit }) });
    },
  );
};
