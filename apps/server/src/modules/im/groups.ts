/**
 * Groups: creating one, the square of public groups, and joining — directly with a valid
 * invite link or when the group asks no approval, otherwise by an application that the
 * owner or an admin approves. A group that is neither public nor reached through a valid
 * invite answers like one that does not exist.
 */
import { randomBytes } from 'node:crypto';
import {
  Code,
  IM_LIMITS,
  type ImCheckJoinResult,
  type ImConversation,
  type ImGroupSummary,
} from '@jq/contract';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type ImConversationRow,
  imConversations,
  imInvites,
  imJoinRequests,
  imMembers,
  type User,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Conn, type ImContext, iso, NO_GROUP } from './context.js';
import { getConversation } from './conversations.js';
import { addMember, announceJoin } from './members.js';
import { findMembership, managerIds, requireManager } from './membership.js';
import { toPerson } from './message-rows.js';

export async function createGroup(
  conn: Conn,
  user: User,
  input: { name: string; intro: string; isPublic: boolean; needApproval: boolean },
): Promise<ImConversation> {
  const id = await conn.transaction(async (tx) => {
    const [conv] = await tx
      .insert(imConversations)
      .values({ kind: 'group', ...input, createdBy: user.id })
      .returning({ id: imConversations.id });
    await addMember(tx, conv!.id, user, 'owner');
    return conv!.id;
  });
  return getConversation(conn, user.id, id);
}

async function summaries(conn: Conn, rows: ImConversationRow[], userId: number | null) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const owners = await conn
    .select({ conv: imMembers.conversationId, user: users })
    .from(imMembers)
    .innerJoin(users, eq(users.id, imMembers.userId))
    .where(and(inArray(imMembers.conversationId, ids), eq(imMembers.role, 'owner')));
  const mine = userId
    ? await conn
        .select({ conv: imMembers.conversationId })
        .from(imMembers)
        .where(and(inArray(imMembers.conversationId, ids), eq(imMembers.userId, userId)))
    : [];
  const ownerOf = new Map(owners.map((o) => [o.conv, toPerson(o.user)]));
  const memberOf = new Set(mine.map((m) => m.conv));
  return rows.map(
    (c): ImGroupSummary => ({
      id: c.id,
      name: c.name,
      avatar: c.avatar,
      intro: c.intro,
      memberCount: c.memberCount,
      owner: ownerOf.get(c.id) ?? null,
      isPublic: c.isPublic,
      needApproval: c.needApproval,
      isMember: memberOf.has(c.id),
      createdAt: iso(c.createdAt),
    }),
  );
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSquare(
  conn: Conn,
  userId: number | null,
  input: { keyword: string; page: number; pageSize: number },
) {
  const where = and(
    eq(imConversations.kind, 'group'),
    eq(imConversations.isPublic, true),
    gt(imConversations.memberCount, 0),
    input.keyword
      ? or(
          ilike(imConversations.name, likePattern(input.keyword)),
          ilike(imConversations.intro, likePattern(input.keyword)),
        )
      : undefined,
  );
  const [total] = await conn.select({ n: count() }).from(imConversations).where(where);
  const rows = await conn
    .select()
    .from(imConversations)
    .where(where)
    .orderBy(desc(imConversations.memberCount), desc(imConversations.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: await summaries(conn, rows, userId),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

interface Target {
  id?: number | undefined;
  code?: string | undefined;
}

/** The group a join names, and whether the way it was reached lets one in without approval. */
async function resolveGroup(conn: Conn, userId: number, target: Target) {
  if (target.code) {
    const [invite] = await conn
      .select({ conversation: imConversations })
      .from(imInvites)
      .innerJoin(imConversations, eq(imConversations.id, imInvites.conversationId))
      .where(
        and(
          eq(imInvites.code, target.code),
          gt(imInvites.expiresAt, sql`now()`),
          isNull(imInvites.revokedAt),
        ),
      );
    if (!invite || (target.id !== undefined && target.id !== invite.conversation.id)) {
      throw new AppError(Code.NOT_FOUND, NO_GROUP);
    }
    return { group: invite.conversation, byInvite: true };
  }
  const [group] = await conn
    .select()
    .from(imConversations)
    .where(and(eq(imConversations.id, target.id ?? 0), eq(imConversations.kind, 'group')));
  const isMember = group ? !!(await findMembership(conn, group.id, userId)) : false;
  if (!group || (!group.isPublic && !isMember) || group.memberCount === 0) {
    throw new AppError(Code.NOT_FOUND, NO_GROUP);
  }
  return { group, byInvite: false };
}

async function pendingRequest(conn: Conn, convId: number, userId: number) {
  const [row] = await conn
    .select({ id: imJoinRequests.id })
    .from(imJoinRequests)
    .where(
      and(
        eq(imJoinRequests.conversationId, convId),
        eq(imJoinRequests.userId, userId),
        eq(imJoinRequests.status, 'pending'),
      ),
    );
  return row ?? null;
}

export async function checkJoin(conn: Conn, user: User, target: Target): Promise<ImCheckJoinResult> {
  const { group, byInvite } = await resolveGroup(conn, user.id, target);
  const [summary] = await summaries(conn, [group], user.id);
  const status = summary!.isMember
    ? 'member'
    : (await pendingRequest(conn, group.id, user.id))
      ? 'pending'
      : 'none';
  return { group: summary!, status, canJoinDirectly: byInvite || !group.needApproval };
}

export async function applyJoin(
  ctx: ImContext,
  user: User,
  input: Target & { message: string },
): Promise<{ status: 'joined' | 'pending'; id: number }> {
  const { group, byInvite } = await resolveGroup(ctx.db, user.id, input);
  if (await findMembership(ctx.db, group.id, user.id)) return { status: 'joined', id: group.id };
  if (byInvite || !group.needApproval) {
    const line = await ctx.db.transaction(async (tx) => {
      const added = await addMember(tx, group.id, user);
      if (added && input.code) {
        await tx
          .update(imInvites)
          .set({ uses: sql`${imInvites.uses} + 1` })
          .where(eq(imInvites.code, input.code));
      }
      return added;
    });
    await announceJoin(ctx, group.id, user.id, line);
    return { status: 'joined', id: group.id };
  }
  const inserted = await ctx.db
    .insert(imJoinRequests)
    .values({ conversationId: group.id, userId: user.id, message: input.message })
    .onConflictDoNothing()
    .returning({ id: imJoinRequests.id });
  if (inserted.length) await ctx.deliver(await managerIds(ctx.db, group.id), { t: 'apply', conv: group.id });
  return { status: 'pending', id: group.id };
}

export async function listApplications(
  conn: Conn,
  user: User,
  input: { id?: number | undefined; page: number; pageSize: number },
) {
  if (input.id !== undefined) await requireManager(conn, input.id, user.id);
  const managed = sql`${imJoinRequests.conversationId} in (select conversation_id from im_members
    where user_id = ${user.id} and role in ('owner', 'admin'))`;
  const where = and(
    managed,
    eq(imJoinRequests.status, 'pending'),
    input.id !== undefined ? eq(imJoinRequests.conversationId, input.id) : undefined,
  );
  const [total] = await conn.select({ n: count() }).from(imJoinRequests).where(where);
  const rows = await conn
    .select({ request: imJoinRequests, user: users, group: imConversations })
    .from(imJoinRequests)
    .innerJoin(users, eq(users.id, imJoinRequests.userId))
    .innerJoin(imConversations, eq(imConversations.id, imJoinRequests.conversationId))
    .where(where)
    .orderBy(desc(imJoinRequests.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.request.id,
      group: { id: r.group.id, name: r.group.name },
      user: toPerson(r.user),
      message: r.request.message,
      status: r.request.status,
      createdAt: iso(r.request.createdAt),
    })),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function decideApplication(
  ctx: ImContext,
  actor: User,
  input: { id: number; approve: boolean },
) {
  const [request] = await ctx.db.select().from(imJoinRequests).where(eq(imJoinRequests.id, input.id));
  if (!request) throw new AppError(Code.NOT_FOUND, '申请不存在');
  await requireManager(ctx.db, request.conversationId, actor.id).catch(() => {
    throw new AppError(Code.NOT_FOUND, '申请不存在');
  });
  const [applicant] = await ctx.db.select().from(users).where(eq(users.id, request.userId));
  const result = await ctx.db.transaction(async (tx) => {
    const decided = await tx
      .update(imJoinRequests)
      .set({ status: input.approve ? 'approved' : 'rejected', decidedBy: actor.id, decidedAt: sql`now()` })
      .where(and(eq(imJoinRequests.id, input.id), eq(imJoinRequests.status, 'pending')))
      .returning({ id: imJoinRequests.id });
    if (!decided.length) throw new AppError(Code.CONFLICT, '该申请已处理');
    return input.approve && applicant ? addMember(tx, request.conversationId, applicant) : null;
  });
  await announceJoin(ctx, request.conversationId, request.userId, result);
  await ctx.deliver(await managerIds(ctx.db, request.conversationId), {
    t: 'apply',
    conv: request.conversationId,
  });
  return { status: input.approve ? ('approved' as const) : ('rejected' as const) };
}

export async function createInvite(conn: Conn, user: User, input: { id: number }) {
  await requireManager(conn, input.id, user.id);
  const code = randomBytes(12).toString('base64url').replace(/[-_]/g, '').slice(0, 12).padEnd(12, '0');
  const expiresAt = new Date(Date.now() + IM_LIMITS.inviteDays * 86_400_000);
  await conn.insert(imInvites).values({ code, conversationId: input.id, createdBy: user.id, expiresAt });
  return { code, path: `/groupinvite?id=${code}`, expiresAt: iso(expiresAt) };
}
