/**
 * Group rows: API.md's checkjoin, applyjoin, member and square, and beyond it creating a
 * group, invite links, join applications, admins, mute, remove and leave.
 */
import {
  ImApplicationListSchema,
  ImApplicationsBodySchema,
  ImApplyJoinBodySchema,
  ImApplyJoinResultSchema,
  ImCheckJoinResultSchema,
  ImConvBodySchema,
  ImConversationSchema,
  ImCreateGroupBodySchema,
  ImDecideBodySchema,
  ImGroupListSchema,
  ImInviteSchema,
  ImJoinTargetSchema,
  ImMemberActionBodySchema,
  ImMemberBodySchema,
  ImMemberListSchema,
  ImMuteBodySchema,
  ImRoleBodySchema,
  ImSquareBodySchema,
  MEMBER_ROLES,
} from '@jq/contract';
import { z } from 'zod';
import { me, type Route, route } from '../../http/index.js';
import type { ImContext } from './context.js';
import {
  applyJoin,
  checkJoin,
  createGroup,
  createInvite,
  decideApplication,
  listApplications,
  listSquare,
} from './groups.js';
import { leaveGroup, listMembers, muteMember, removeMember, setAdmin } from './members.js';
import { READS } from './routes.js';

const WRITES = { max: 60, windowMs: 60_000, by: 'caller' } as const;

export function groupRoutes(ctx: ImContext): Route[] {
  const { db } = ctx;
  const post = { method: 'POST', access: 'L', bodyLimit: 16 * 1024 } as const;
  return [
    route({
      ...post,
      access: 'A',
      path: '/im/square',
      summary: '群聊广场（公开群）',
      rateLimit: [READS, { max: 600, windowMs: 60_000, by: 'ip' }],
      body: ImSquareBodySchema,
      data: ImGroupListSchema,
      handler: (request) => listSquare(db, request.user?.id ?? null, request.body),
    }),
    route({
      ...post,
      path: '/im/checkjoin',
      summary: '查看能否加入群聊（群号或邀请码）',
      rateLimit: READS,
      body: ImJoinTargetSchema,
      data: ImCheckJoinResultSchema,
      handler: (request) => checkJoin(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/applyjoin',
      summary: '申请加入群聊（邀请链接直接加入）',
      rateLimit: WRITES,
      body: ImApplyJoinBodySchema,
      data: ImApplyJoinResultSchema,
      handler: (request) => applyJoin(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/member',
      summary: '群成员',
      rateLimit: READS,
      body: ImMemberBodySchema,
      data: ImMemberListSchema,
      handler: (request) => listMembers(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/im/creategroup',
      summary: '创建群聊',
      rateLimit: { max: 10, windowMs: 3_600_000, by: 'caller' },
      body: ImCreateGroupBodySchema,
      data: ImConversationSchema,
      handler: (request) => createGroup(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/invite',
      summary: '生成群邀请链接（群主或管理员）',
      rateLimit: WRITES,
      body: ImConvBodySchema,
      data: ImInviteSchema,
      handler: (request) => createInvite(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/applications',
      summary: '待审批的入群申请（我管理的群）',
      rateLimit: READS,
      body: ImApplicationsBodySchema,
      data: ImApplicationListSchema,
      handler: (request) => listApplications(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/approvejoin',
      summary: '同意或拒绝入群申请',
      rateLimit: WRITES,
      body: ImDecideBodySchema,
      data: z.object({ status: z.enum(['approved', 'rejected']) }),
      handler: (request) => decideApplication(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/mute',
      summary: '禁言或解除禁言群成员',
      rateLimit: WRITES,
      body: ImMuteBodySchema,
      data: z.object({ mutedUntil: z.string().nullable() }),
      handler: (request) => muteMember(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/role',
      summary: '设置或取消管理员（群主）',
      rateLimit: WRITES,
      body: ImRoleBodySchema,
      data: z.object({ role: z.enum(MEMBER_ROLES) }),
      handler: (request) => setAdmin(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/remove',
      summary: '将成员移出群聊',
      rateLimit: WRITES,
      body: ImMemberActionBodySchema,
      data: z.null(),
      handler: (request) => removeMember(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/leave',
      summary: '退出群聊',
      rateLimit: WRITES,
      body: ImConvBodySchema,
      data: z.null(),
      handler: (request) => leaveGroup(ctx, me(request), request.body),
    }),
  ];
}
