/**
 * The library module's routes (API.md "Institutions, investors, projects, user relations",
 * plus acchat/reportinfo, operation/reportsample and the report PDF file): thin handlers
 * that validate with the contract's schemas and call the search and query use cases.
 */
import {
  ArticlePageSchema,
  DiscoveryPageSchema,
  EmptyRequestSchema,
  FinancingNeedsLimitSchema,
  FollowPageSchema,
  FollowStateSchema,
  FollowsRequestSchema,
  FullSearchCreatedSchema,
  FullSearchCreateRequestSchema,
  FullSearchResultRequestSchema,
  FullSearchResultSchema,
  GuessQuestionsSchema,
  IdRequestSchema,
  IndustrySearchRequestSchema,
  IndustrySearchResultSchema,
  InvestorInfoSchema,
  InvestorSearchRequestSchema,
  InvestorSearchResultSchema,
  MemberPageSchema,
  OidPageRequestSchema,
  OidRequestSchema,
  OrgInfoSchema,
  OrgProjectPageSchema,
  OrgSearchRequestSchema,
  OrgSearchResultSchema,
  PageRequestSchema,
  PatentsSchema,
  PidRequestSchema,
  ProjectContactsSchema,
  ProjectInfoSchema,
  ProjectInvestorsSchema,
  ProjectPageSchema,
  ProjectSearchRequestSchema,
  ProjectSearchResultSchema,
  ReportInfoRequestSchema,
  ReportInfoSchema,
  ReportSampleSchema,
  ReportSearchPageSchema,
  ReportSearchRequestSchema,
  SavedSearchPageSchema,
  TaxonomySchema,
  TuidRequestSchema,
  UserActionsSchema,
  UserProjectPageSchema,
  UserProjectsRequestSchema,
  ViewerPageSchema,
  ViewPageSchema,
} from '@jq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { ok, okResponse, postSchema } from '../../http/envelope.js';
import type { ModuleOptions } from '../index.js';
import { getProjectContacts, unlockContacts } from './queries/contacts.js';
import { getDiscoveryFeed } from './queries/discovery.js';
import { getFinancingNeedsLimit } from './queries/financing-needs.js';
import { guessOrgQuestions, guessProjectQuestions } from './queries/guess-questions.js';
import { getInvestorInfo } from './queries/investor-detail.js';
import {
  getOrgCard,
  listOrgArticles,
  listOrgLinkedProjects,
  listOrgMembers,
  listOrgProjects,
} from './queries/org-card.js';
import { getProjectInfo, getProjectPatents, listProjectInvestors } from './queries/project-detail.js';
import { followOrg, listFollowedOrgs, listUserProjects, unfollowOrg } from './queries/relations.js';
import { getReportInfo, listSampleReports, readReportPdf, searchReports } from './queries/reports.js';
import { createFullSearch, getFullSearchResult, listFullSearches } from './queries/saved-searches.js';
import { getTaxonomy } from './queries/taxonomy.js';
import { listRecentViews, listUserActions, listViewers } from './queries/views.js';
import { configureSearchCache, listenForLibraryChanges } from './search/cache.js';
import { registerSearchIndex } from './search/index/library-index.js';
import { searchIndustryProjects } from './search/search-industry.js';
import { searchInvestors } from './search/search-investors.js';
import { searchOrgs } from './search/search-orgs.js';
import { searchProjects } from './search/search-projects.js';
import { clearVocabulary } from './search/vocabulary.js';

const tags = ['library'];

export const libraryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform, config }) => {
  const db = platform.database.db;
  configureSearchCache(config.searchCacheSeconds);
  const unsubscribe = await listenForLibraryChanges(platform.bus, db, () => clearVocabulary(db));
  const searchIndex = registerSearchIndex(db, { eager: config.env !== 'test', log: app.log });
  app.addHook('onReady', async () => searchIndex.start());
  app.addHook('onClose', async () => {
    searchIndex.stop();
    await unsubscribe();
  });
  const P = { access: 'P' as const };
  const A = { access: 'A' as const };
  const L = { access: 'L' as const };
  const doc = <B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, data: R) =>
    postSchema(tags, summary, body, data);

  // ---- Search ----
  app.post(
    '/acproject/ProjectFuzzySearch',
    { config: A, schema: doc('项目搜索', ProjectSearchRequestSchema, ProjectSearchResultSchema) },
    async (request) => ok(await searchProjects(db, request.body)),
  );
  app.post(
    '/acorg/OrgFuzzySearch',
    { config: A, schema: doc('机构搜索', OrgSearchRequestSchema, OrgSearchResultSchema) },
    async (request) => ok(await searchOrgs(db, request.body)),
  );
  app.post(
    '/acorg/investorSearch',
    { config: A, schema: doc('投资人搜索', InvestorSearchRequestSchema, InvestorSearchResultSchema) },
    async (request) => ok(await searchInvestors(db, request.body)),
  );
  app.post(
    '/acproject/ProjectIndustrySearchResult',
    { config: A, schema: doc('行业项目', IndustrySearchRequestSchema, IndustrySearchResultSchema) },
    async (request) => ok(await searchIndustryProjects(db, request.body)),
  );
  app.post(
    '/acproject/ProjectFullSearchCreate',
    { config: L, schema: doc('保存高级搜索', FullSearchCreateRequestSchema, FullSearchCreatedSchema) },
    async (request) => ok(await createFullSearch(db, request.user!.id, request.body)),
  );
  app.post(
    '/acproject/ProjectFullSearchResult',
    { config: L, schema: doc('高级搜索结果', FullSearchResultRequestSchema, FullSearchResultSchema) },
    async (request) => ok(await getFullSearchResult(db, request.user!.id, request.body)),
  );
  app.post(
    '/acproject/ProjectFullSearchHistory',
    { config: L, schema: doc('高级搜索历史', PageRequestSchema, SavedSearchPageSchema) },
    async (request) => ok(await listFullSearches(db, request.user!.id, request.body)),
  );
  app.post(
    '/acproject/projectGuessQuestion',
    { config: A, schema: doc('项目搜索猜你想问', EmptyRequestSchema, GuessQuestionsSchema) },
    async (request) => ok(await guessProjectQuestions(db, request.user?.id)),
  );
  app.post(
    '/acorg/orgGuessQuestion',
    { config: A, schema: doc('机构搜索猜你想问', EmptyRequestSchema, GuessQuestionsSchema) },
    async (request) => ok(await guessOrgQuestions(db, request.user?.id)),
  );

  // ---- Projects ----
  app.post(
    '/project/ProjectInfo',
    { config: A, schema: doc('项目详情', PidRequestSchema, ProjectInfoSchema) },
    async (request) => ok(await getProjectInfo(db, request.body.pid, request.user)),
  );
  app.post(
    '/project/ProjectOrgLink',
    { config: A, schema: doc('项目的投资方', PidRequestSchema, ProjectInvestorsSchema) },
    async (request) => ok(await listProjectInvestors(db, request.body.pid)),
  );
  app.post(
    '/project/PatentProjectDetail',
    { config: A, schema: doc('项目专利', PidRequestSchema, PatentsSchema) },
    async (request) => ok(await getProjectPatents(db, request.body.pid)),
  );
  app.post(
    '/acproject/ProjectContactMembers',
    { config: L, schema: doc('项目联系人（未解锁时打码）', PidRequestSchema, ProjectContactsSchema) },
    async (request) => ok(await getProjectContacts(db, request.body.pid, request.user!, config)),
  );
  app.post(
    '/user/UnlockUser2ProjectMap',
    { config: L, schema: doc('解锁项目联系人', PidRequestSchema, ProjectContactsSchema) },
    async (request) => ok(await unlockContacts(db, request.body.pid, request.user!, config)),
  );
  app.post(
    '/user/User2ProjectMap',
    { config: L, schema: doc('我与项目的关系', UserProjectsRequestSchema, UserProjectPageSchema) },
    async (request) => ok(await listUserProjects(db, request.user!.id, request.body)),
  );

  // ---- Institutions and investors ----
  app.post(
    '/acorg/OrgCardOrgInfo',
    { config: A, schema: doc('机构名片', OidRequestSchema, OrgInfoSchema) },
    async (request) => ok(await getOrgCard(db, request.body.oid, request.user)),
  );
  app.post(
    '/acorg/OrgCardProjectList',
    { config: A, schema: doc('机构投资的项目', OidPageRequestSchema, OrgProjectPageSchema) },
    async (request) => ok(await listOrgProjects(db, request.body.oid, request.body)),
  );
  app.post(
    '/acorg/GetOrgCardLinkProject',
    { config: A, schema: doc('符合机构偏好的在融项目', OidPageRequestSchema, ProjectPageSchema) },
    async (request) => ok(await listOrgLinkedProjects(db, request.body.oid, request.body)),
  );
  app.post(
    '/acorg/GetOrgArticles',
    { config: A, schema: doc('机构资讯', OidPageRequestSchema, ArticlePageSchema) },
    async (request) => ok(await listOrgArticles(db, request.body.oid, request.body)),
  );
  app.post(
    '/user/getOrgMembers',
    { config: A, schema: doc('机构成员', OidPageRequestSchema, MemberPageSchema) },
    async (request) => ok(await listOrgMembers(db, request.body.oid, request.body)),
  );
  app.post(
    '/acorg/investorInfo',
    { config: A, schema: doc('投资人详情', IdRequestSchema, InvestorInfoSchema) },
    async (request) => ok(await getInvestorInfo(db, request.body.id, request.user)),
  );
  app.post(
    '/acorg/FinancingNeedsLmt',
    { config: L, schema: doc('今日剩余融资需求提交次数', EmptyRequestSchema, FinancingNeedsLimitSchema) },
    async (request) => ok(await getFinancingNeedsLimit(db, request.user!.id)),
  );
  app.post(
    '/user/addOrgRelationShip',
    { config: L, schema: doc('关注机构', OidRequestSchema, FollowStateSchema) },
    async (request) => ok(await followOrg(db, request.user!.id, request.body.oid)),
  );
  app.post(
    '/user/delOrgRelationShip',
    { config: L, schema: doc('取消关注机构', OidRequestSchema, FollowStateSchema) },
    async (request) => ok(await unfollowOrg(db, request.user!.id, request.body.oid)),
  );
  app.post(
    '/user/getOrgRelationShip',
    { config: L, schema: doc('关注的机构', FollowsRequestSchema, FollowPageSchema) },
    async (request) => ok(await listFollowedOrgs(db, request.user!.id, request.body)),
  );

  // ---- Views and discovery ----
  app.post(
    '/user/recentAction',
    { config: L, schema: doc('TA 最近看过的项目与机构', TuidRequestSchema, UserActionsSchema) },
    async (request) => ok(await listUserActions(db, request.user!.id, request.body.tuid, request.body)),
  );
  app.post(
    '/user/recentView',
    { config: L, schema: doc('我最近看过的', PageRequestSchema, ViewPageSchema) },
    async (request) => ok(await listRecentViews(db, request.user!.id, request.body)),
  );
  app.post(
    '/user/recentViewUser',
    { config: L, schema: doc('谁看过我', PageRequestSchema, ViewerPageSchema) },
    async (request) => ok(await listViewers(db, request.user!, request.body)),
  );
  app.post(
    '/user/descovery',
    { config: A, schema: doc('发现：最新融资动态', PageRequestSchema, DiscoveryPageSchema) },
    async (request) => ok(await getDiscoveryFeed(db, request.body)),
  );

  // ---- Reports ----
  app.post(
    '/acchat/reportinfo',
    { config: A, schema: doc('研报信息', ReportInfoRequestSchema, ReportInfoSchema) },
    async (request) => {
      const id = request.body.id ?? request.body.pid;
      if (!id) throw badRequest('参数「编号」有误：请指定研报');
      return ok(await getReportInfo(db, id, request.body.page, request.user));
    },
  );
  app.get(
    '/operation/reportsample',
    { config: A, schema: { tags, summary: '首页研报样例', response: okResponse(ReportSampleSchema) } },
    async () => ok(await listSampleReports(db)),
  );
  app.post(
    '/acchat/reportSearch',
    { config: A, schema: doc('研报搜索', ReportSearchRequestSchema, ReportSearchPageSchema) },
    async (request) => ok(await searchReports(db, request.body)),
  );
  app.get(
    '/library/taxonomy',
    { config: P, schema: { tags, summary: '筛选项：行业与地区', response: okResponse(TaxonomySchema) } },
    async () => ok(await getTaxonomy(db)),
  );
  app.get(
    '/files/reports/:file',
    {
      config: A,
      schema: {
        tags,
        summary: '研报 PDF 文件',
        params: z.object({ file: z.string().regex(/^\d{1,18}\.pdf$/, '应为「研报编号.pdf」') }),
      },
    },
    async (request, reply) => {
      const id = Number(request.params.file.slice(0, -4));
      const { body, title } = await readReportPdf(platform, id);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="report-${id}.pdf"; filename*=UTF-8''${encodeURIComponent(title)}.pdf`,
        )
        .header('cache-control', 'private, max-age=3600')
        .send(body);
    },
  );
};
