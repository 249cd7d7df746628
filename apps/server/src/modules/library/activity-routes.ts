/**
 * The library rows about a user's own activity: the projects they relate to, the
 * institutions they follow, what they and others viewed, and the discovery feed.
 */
import {
  DiscoveryPageSchema,
  FollowPageSchema,
  FollowStateSchema,
  FollowsRequestSchema,
  OidRequestSchema,
  PageRequestSchema,
  TuidRequestSchema,
  UserActionsSchema,
  UserProjectPageSchema,
  UserProjectsRequestSchema,
  ViewerPageSchema,
  ViewPageSchema,
} from '@jq/contract';
import { me, type Route, route } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { getDiscoveryFeed } from './queries/discovery.js';
import { followOrg, listFollowedOrgs, listUserProjects, unfollowOrg } from './queries/relations.js';
import { listRecentViews, listUserActions, listViewers } from './queries/views.js';

export function activityRoutes(db: Db): Route[] {
  const post = { method: 'POST' } as const;
  return [
    route({
      ...post,
      path: '/user/User2ProjectMap',
      access: 'L',
      summary: '我与项目的关系',
      body: UserProjectsRequestSchema,
      data: UserProjectPageSchema,
      handler: (request) => listUserProjects(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/user/addOrgRelationShip',
      access: 'L',
      summary: '关注机构',
      body: OidRequestSchema,
      data: FollowStateSchema,
      handler: (request) => followOrg(db, me(request).id, request.body.oid),
    }),
    route({
      ...post,
      path: '/user/delOrgRelationShip',
      access: 'L',
      summary: '取消关注机构',
      body: OidRequestSchema,
      data: FollowStateSchema,
      handler: (request) => unfollowOrg(db, me(request).id, request.body.oid),
    }),
    route({
      ...post,
      path: '/user/getOrgRelationShip',
      access: 'L',
      summary: '关注的机构',
      body: FollowsRequestSchema,
      data: FollowPageSchema,
      handler: (request) => listFollowedOrgs(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/user/recentAction',
      access: 'L',
      summary: 'TA 最近看过的项目与机构',
      body: TuidRequestSchema,
      data: UserActionsSchema,
      handler: (request) => listUserActions(db, me(request).id, request.body.tuid, request.body),
    }),
    route({
      ...post,
      path: '/user/recentView',
      access: 'L',
      summary: '我最近看过的',
      body: PageRequestSchema,
      data: ViewPageSchema,
      handler: (request) => listRecentViews(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/user/recentViewUser',
      access: 'L',
      summary: '谁看过我',
      body: PageRequestSchema,
      data: ViewerPageSchema,
      handler: (request) => listViewers(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/user/descovery',
      access: 'A',
      summary: '发现：最新融资动态',
      body: PageRequestSchema,
      data: DiscoveryPageSchema,
      handler: (request) => getDiscoveryFeed(db, request.body),
    }),
  ];
}
