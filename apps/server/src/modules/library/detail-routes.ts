/**
 * The library's detail rows: a project (info, investors, patents, contacts and their
 * unlock), an institution's card and lists, an investor, and the day's remaining
 * financing-need submissions.
 */
import {
  ArticlePageSchema,
  EmptyRequestSchema,
  FinancingNeedsLimitSchema,
  IdRequestSchema,
  InvestorInfoSchema,
  MemberPageSchema,
  OidPageRequestSchema,
  OidRequestSchema,
  OrgInfoSchema,
  OrgProjectPageSchema,
  PatentsSchema,
  PidRequestSchema,
  ProjectContactsSchema,
  ProjectInfoSchema,
  ProjectInvestorsSchema,
  ProjectPageSchema,
} from '@jq/contract';
import type { Config } from '../../config.js';
import { me, type Route, route } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { getProjectContacts, unlockContacts } from './queries/contacts.js';
import { getFinancingNeedsLimit } from './queries/financing-needs.js';
import { getInvestorInfo } from './queries/investor-detail.js';
import {
  getOrgCard,
  listOrgArticles,
  listOrgLinkedProjects,
  listOrgMembers,
  listOrgProjects,
} from './queries/org-card.js';
import { getProjectInfo, getProjectPatents, listProjectInvestors } from './queries/project-detail.js';

export function detailRoutes(db: Db, config: Config): Route[] {
  const post = { method: 'POST' } as const;
  return [
    route({
      ...post,
      path: '/project/ProjectInfo',
      access: 'A',
      summary: '项目详情',
      body: PidRequestSchema,
      data: ProjectInfoSchema,
      handler: (request) => getProjectInfo(db, request.body.pid, request.user),
    }),
    route({
      ...post,
      path: '/project/ProjectOrgLink',
      access: 'A',
      summary: '项目的投资方',
      body: PidRequestSchema,
      data: ProjectInvestorsSchema,
      handler: (request) => listProjectInvestors(db, request.body.pid),
    }),
    route({
      ...post,
      path: '/project/PatentProjectDetail',
      access: 'A',
      summary: '项目专利',
      body: PidRequestSchema,
      data: PatentsSchema,
      handler: (request) => getProjectPatents(db, request.body.pid),
    }),
    route({
      ...post,
      path: '/acproject/ProjectContactMembers',
      access: 'L',
      summary: '项目联系人（未解锁时打码）',
      body: PidRequestSchema,
      data: ProjectContactsSchema,
      handler: (request) => getProjectContacts(db, request.body.pid, me(request), config),
    }),
    route({
      ...post,
      path: '/user/UnlockUser2ProjectMap',
      access: 'L',
      summary: '解锁项目联系人',
      body: PidRequestSchema,
      data: ProjectContactsSchema,
      handler: (request) => unlockContacts(db, request.body.pid, me(request), config),
    }),
    route({
      ...post,
      path: '/acorg/OrgCardOrgInfo',
      access: 'A',
      summary: '机构名片',
      body: OidRequestSchema,
      data: OrgInfoSchema,
      handler: (request) => getOrgCard(db, request.body.oid, request.user),
    }),
    route({
      ...post,
      path: '/acorg/OrgCardProjectList',
      access: 'A',
      summary: '机构投资的项目',
      body: OidPageRequestSchema,
      data: OrgProjectPageSchema,
      handler: (request) => listOrgProjects(db, request.body.oid, request.body),
    }),
    route({
      ...post,
      path: '/acorg/GetOrgCardLinkProject',
      access: 'A',
      summary: '符合机构偏好的在融项目',
      body: OidPageRequestSchema,
      data: ProjectPageSchema,
      handler: (request) => listOrgLinkedProjects(db, request.body.oid, request.body),
    }),
    route({
      ...post,
      path: '/acorg/GetOrgArticles',
      access: 'A',
      summary: '机构资讯',
      body: OidPageRequestSchema,
      data: ArticlePageSchema,
      handler: (request) => listOrgArticles(db, request.body.oid, request.body),
    }),
    route({
      ...post,
      path: '/user/getOrgMembers',
      access: 'A',
      summary: '机构成员',
      body: OidPageRequestSchema,
      data: MemberPageSchema,
      handler: (request) => listOrgMembers(db, request.body.oid, request.body),
    }),
    route({
      ...post,
      path: '/acorg/investorInfo',
      access: 'A',
      summary: '投资人详情',
      body: IdRequestSchema,
      data: InvestorInfoSchema,
      handler: (request) => getInvestorInfo(db, request.body.id, request.user),
    }),
    route({
      ...post,
      path: '/acorg/FinancingNeedsLmt',
      access: 'L',
      summary: '今日剩余融资需求提交次数',
      body: EmptyRequestSchema,
      data: FinancingNeedsLimitSchema,
      handler: (request) => getFinancingNeedsLimit(db, me(request).id),
    }),
  ];
}
