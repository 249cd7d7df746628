/**
 * The matching module's rows (API.md "Matching"): handlers validate with the contract's
 * schemas and call one use case. The recommendation stream opens before the project is
 * read, so a missing project ends the stream with an error event (as clients expect).
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
import { me, type Route, route, streamRoute } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { getBrochure } from './brochure.js';
import { matchProjectsForInvestor } from './investor-side.js';
import { getMatchPage } from './page-data.js';
import { getProfileInfo } from './profile.js';
import { investorsInIndustry } from './project-side.js';
import { listOwnProjects } from './projects.js';
import { createMatchSearch, getMatchSearchResult, listMatchHistory } from './searches.js';
import { streamRecommendations } from './stream.js';

export function matchingRoutes(db: Db): Route[] {
  const post = { method: 'POST' } as const;
  return [
    route({
      ...post,
      path: '/acorg/AiOrgSearchPrjSearchInfo',
      access: 'L',
      summary: '撮合的项目画像',
      body: PrjSearchInfoRequestSchema,
      data: PrjSearchInfoSchema,
      handler: (request) => getProfileInfo(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acorg/AiOrgSearchCreate',
      access: 'L',
      summary: '发起投资人匹配',
      body: MatchSearchCreateRequestSchema,
      data: MatchSearchCreatedSchema,
      handler: (request) => createMatchSearch(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acorg/AiOrgSearchResult',
      access: 'L',
      summary: '匹配结果',
      body: MatchSearchResultRequestSchema,
      data: MatchSearchResultSchema,
      handler: (request) => getMatchSearchResult(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acorg/AiOrgSearchHistory',
      access: 'L',
      summary: '匹配记录',
      body: MatchHistoryRequestSchema,
      data: MatchHistoryPageSchema,
      handler: (request) => listMatchHistory(db, me(request).id, request.body.page, request.body.pageSize),
    }),
    route({
      ...post,
      path: '/acorg/matchInvestorWithIndustry',
      access: 'A',
      summary: '行业活跃投资人',
      body: IndustryInvestorsRequestSchema,
      data: IndustryInvestorsSchema,
      handler: (request) => investorsInIndustry(db, request.body),
    }),
    route({
      ...post,
      path: '/chat/aimatchpage',
      access: 'A',
      summary: '匹配页数据',
      body: MatchPageRequestSchema,
      data: MatchPageSchema,
      handler: (request) => getMatchPage(db, request.user),
    }),
    route({
      ...post,
      path: '/chat/aiprojectpage',
      access: 'A',
      summary: '为投资方匹配项目',
      body: ProjectMatchRequestSchema,
      data: ProjectMatchPageSchema,
      handler: (request) => matchProjectsForInvestor(db, request.user, request.body),
    }),
    route({
      ...post,
      path: '/chat/aiprivateprjpage',
      access: 'L',
      summary: '我的项目（用于匹配）',
      body: PrivateProjectsRequestSchema,
      data: PrivateProjectsSchema,
      handler: (request) => listOwnProjects(db, me(request).id, request.body.page, request.body.pageSize),
    }),
    route({
      ...post,
      path: '/brochure/getProjectDisplayData',
      access: 'A',
      summary: '项目展示页',
      body: BrochureRequestSchema,
      data: BrochureSchema,
      handler: (request) => getBrochure(db, request.body.pid),
    }),
    streamRoute({
      ...post,
      path: '/brochure/getRecommendInvestorsStream',
      access: 'A',
      summary: '推荐投资人（流式，附理由）',
      body: RecommendStreamRequestSchema,
      handler: (request, open) => streamRecommendations(db, open(), request.body),
    }),
  ];
}
