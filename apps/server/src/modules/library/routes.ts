/**
 * The library module's rows (API.md "Institutions, investors, projects, user relations", plus
 * acchat/reportinfo, operation/reportsample, the taxonomy and the report PDF file): the
 * searches here; details, the user's relations and views, reports and the admin import in
 * their own files. Handlers validate with the contract's schemas and call one use case.
 */
import {
  EmptyRequestSchema,
  FullSearchCreatedSchema,
  FullSearchCreateRequestSchema,
  FullSearchResultRequestSchema,
  FullSearchResultSchema,
  GuessQuestionsSchema,
  IndustrySearchRequestSchema,
  IndustrySearchResultSchema,
  InvestorSearchRequestSchema,
  InvestorSearchResultSchema,
  OrgSearchRequestSchema,
  OrgSearchResultSchema,
  PageRequestSchema,
  ProjectSearchRequestSchema,
  ProjectSearchResultSchema,
  SavedSearchPageSchema,
} from '@jq/contract';
import type { Config } from '../../config.js';
import { me, type Route, route } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { Platform } from '../../platform/index.js';
import { activityRoutes } from './activity-routes.js';
import { detailRoutes } from './detail-routes.js';
import { importRoutes } from './import/routes.js';
import { guessOrgQuestions, guessProjectQuestions } from './queries/guess-questions.js';
import { createFullSearch, getFullSearchResult, listFullSearches } from './queries/saved-searches.js';
import { reportRoutes } from './report-routes.js';
import { searchIndustryProjects } from './search/search-industry.js';
import { searchInvestors } from './search/search-investors.js';
import { searchOrgs } from './search/search-orgs.js';
import { searchProjects } from './search/search-projects.js';

export function libraryRoutes(config: Config, platform: Platform): Route[] {
  const db = platform.database.db;
  return [
    ...searchRoutes(db),
    ...detailRoutes(db, config),
    ...activityRoutes(db),
    ...reportRoutes(platform),
    ...importRoutes(platform),
  ];
}

function searchRoutes(db: Db): Route[] {
  const post = { method: 'POST' } as const;
  return [
    route({
      ...post,
      path: '/acproject/ProjectFuzzySearch',
      access: 'A',
      summary: '项目搜索',
      body: ProjectSearchRequestSchema,
      data: ProjectSearchResultSchema,
      handler: (request) => searchProjects(db, request.body),
    }),
    route({
      ...post,
      path: '/acorg/OrgFuzzySearch',
      access: 'A',
      summary: '机构搜索',
      body: OrgSearchRequestSchema,
      data: OrgSearchResultSchema,
      handler: (request) => searchOrgs(db, request.body),
    }),
    route({
      ...post,
      path: '/acorg/investorSearch',
      access: 'A',
      summary: '投资人搜索',
      body: InvestorSearchRequestSchema,
      data: InvestorSearchResultSchema,
      handler: (request) => searchInvestors(db, request.body),
    }),
    route({
      ...post,
      path: '/acproject/ProjectIndustrySearchResult',
      access: 'A',
      summary: '行业项目',
      body: IndustrySearchRequestSchema,
      data: IndustrySearchResultSchema,
      handler: (request) => searchIndustryProjects(db, request.body),
    }),
    route({
      ...post,
      path: '/acproject/ProjectFullSearchCreate',
      access: 'L',
      summary: '保存高级搜索',
      body: FullSearchCreateRequestSchema,
      data: FullSearchCreatedSchema,
      handler: (request) => createFullSearch(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acproject/ProjectFullSearchResult',
      access: 'L',
      summary: '高级搜索结果',
      body: FullSearchResultRequestSchema,
      data: FullSearchResultSchema,
      handler: (request) => getFullSearchResult(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acproject/ProjectFullSearchHistory',
      access: 'L',
      summary: '高级搜索历史',
      body: PageRequestSchema,
      data: SavedSearchPageSchema,
      handler: (request) => listFullSearches(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/acproject/projectGuessQuestion',
      access: 'A',
      summary: '项目搜索猜你想问',
      body: EmptyRequestSchema,
      data: GuessQuestionsSchema,
      handler: (request) => guessProjectQuestions(db, request.user?.id),
    }),
    route({
      ...post,
      path: '/acorg/orgGuessQuestion',
      access: 'A',
      summary: '机构搜索猜你想问',
      body: EmptyRequestSchema,
      data: GuessQuestionsSchema,
      handler: (request) => guessOrgQuestions(db, request.user?.id),
    }),
  ];
}
