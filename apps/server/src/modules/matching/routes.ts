/**
 * The matching module's routes (API.md "Matching"): thin handlers that validate with the
 * contract's schemas and call the use cases. The match index is built on first use and
 * dropped whenever the library changes (bus event from search/cache.ts).
 */
import {
  BrochureRequestSchema,
  BrochureSchema,
  IndustryInvestorsRequestSchema,
  IndustryInvestorsSchema,
  MatchHistoryPageSchema,
  MatchHistoryRequestSchema,
  MatchPageRequestSchema,
  MatchPageSchema,
  MatchSearchCreatedSchema,
  MatchSearchCreateRequestSchema,
  MatchSearchResultRequestSchema,
  MatchSearchResultSchema,
  PrivateProjectsRequestSchema,
  PrivateProjectsSchema,
  PrjSearchInfoRequestSchema,
  PrjSearchInfoSchema,
  ProjectMatchPageSchema,
  ProjectMatchRequestSchema,
  RecommendStreamRequestSchema,
} from '@jq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, postSchema } from '../../http/envelope.js';
import { openStream } from '../../http/sse.js';
import type { ModuleOptions } from '../index.js';
import { getBrochure } from './brochure.js';
import { listenForMatchInvalidation } from './index-cache.js';
import { matchProjectsForInvestor } from './investor-side.js';
import { getMatchPage } from './page-data.js';
import { getProfileInfo } from './profile.js';
import { investorsInIndustry } from './project-side.js';
import { listOwnProjects } from './projects.js';
import { createMatchSearch, getMatchSearchResult, listMatchHistory } from './searches.js';
import { streamRecommendations } from './stream.js';

const tags = ['matching'];

export const matchingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const db = platform.database.db;
  const unsubscribe = await listenForMatchInvalidation(platform.bus, db);
  app.addHook('onClose', async () => unsubscribe());
  const A = { access: 'A' as const };
  const L = { access: 'L' as const };
  const doc = <B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, data: R) =>
    postSchema(tags, summary, body, data);

  app.post(
    '/acorg/AiOrgSearchPrjSearchInfo',
    { config: L, schema: doc('撮合的项目画像', PrjSearchInfoRequestSchema, PrjSearchInfoSchema) },
    async (request) => ok(await getProfileInfo(db, request.user!.id, request.body)),
  );
  app.post(
    '/acorg/AiOrgSearchCreate',
    { config: L, schema: doc('发起投资人匹配', MatchSearchCreateRequestSchema, MatchSearchCreatedSchema) },
    async (request) => ok(await createMatchSearch(db, request.user!.id, request.body)),
  );
  app.post(
    '/acorg/AiOrgSearchResult',
    { config: L, schema: doc('匹配结果', MatchSearchResultRequestSchema, MatchSearchResultSchema) },
    async (request) => ok(await getMatchSearchResult(db, request.user!.id, request.body)),
  );
  app.post(
    '/acorg/AiOrgSearchHistory',
    { config: L, schema: doc('匹配记录', MatchHistoryRequestSchema, MatchHistoryPageSchema) },
    async (request) =>
      ok(await listMatchHistory(db, request.user!.id, request.body.page, request.body.pageSize)),
  );
  app.post(
    '/acorg/matchInvestorWithIndustry',
    { config: A, schema: doc('行业活跃投资人', IndustryInvestorsRequestSchema, IndustryInvestorsSchema) },
    async (request) => ok(await investorsInIndustry(db, request.body)),
  );
  app.post(
    '/chat/aimatchpage',
    { config: A, schema: doc('匹配页数据', MatchPageRequestSchema, MatchPageSchema) },
    async (request) => ok(await getMatchPage(db, request.user)),
  );
  app.post(
    '/chat/aiprojectpage',
    { config: A, schema: doc('为投资方匹配项目', ProjectMatchRequestSchema, ProjectMatchPageSchema) },
    async (request) => ok(await matchProjectsForInvestor(db, request.user, request.body)),
  );
  app.post(
    '/chat/aiprivateprjpage',
    { config: L, schema: doc('我的项目（用于匹配）', PrivateProjectsRequestSchema, PrivateProjectsSchema) },
    async (request) =>
      ok(await listOwnProjects(db, request.user!.id, request.body.page, request.body.pageSize)),
  );
  app.post(
    '/brochure/getProjectDisplayData',
    { config: A, schema: doc('项目展示页', BrochureRequestSchema, BrochureSchema) },
    async (request) => ok(await getBrochure(db, request.body.pid)),
  );
  app.post(
    '/brochure/getRecommendInvestorsStream',
    {
      config: A,
      schema: { tags, summary: '推荐投资人（流式，附理由）', body: RecommendStreamRequestSchema },
    },
    async (request, reply) => {
      const stream = openStream(request, reply);
      await streamRecommendations(db, stream, request.body, (error) =>
        request.log.error({ err: error }, 'recommendation stream failed'),
      );
    },
  );
};
