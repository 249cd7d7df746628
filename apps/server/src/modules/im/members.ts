/**
 * Group membership: joining (with a system line and a fresh read position), the member
 * list, muting, admins, removing and leaving. A member who leaves or is removed is out of
 * every later message's recipients at once (they are computed from this table per message,
 * on every process) and their sockets are told to drop the conversation.
 */
import { Code, IM_LIMITS, type ImMember, type ImMessage } from '@jq/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { imConversations, imMembers, type User, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Conn, type ImContext, iso, type Tx } from './context.js';
import { messagesAfter } from './history.js';
import { memberIds, requireManager, requireMember } from './membership.js';
import { toPerson } from './message-rows.js';
import { appendMessage } from './send-message.js';

const displayName = (user: Pick<User, 'name'>) => user.name || '金桥用户';

async function findUser(conn: Conn, uguid: string): Promise<User> {
  const [user] = await conn.select().from(users).where(eq(users.uguid, uguid));
  if (!user) throw new AppError(Code.NOT_FOUND, '该成员不在群内');
  return user;
}

/** Adds a member inside `tx`; answers the line announcing them, or null when already a member. */
export async function addMember(
  tx: Tx,
  convId: number,
  user: User,
  role: 'owner' | 'admin' | 'member' = 'member',
): Promise<ImMessage | null> {
  const [conv] = await tx
    .select({ memberCount: imConversations.memberCount })
    .from(imConversations)
    .where(eq(imConversations.id, convId))
    .for('update');
  if (!conv) throw new AppError(Code.NOT_FOUND, '群聊不存在');
  if (conv.memberCount >= IM_LIMITS.groupMaxMembers) {
    throw new AppError(Code.FORBIDDEN, `群成员已满（${IM_LIMITS.groupMaxMembers} 人）`);
  }
  const inserted = await tx
    .insert(imMembers)
    .values({ conversationId: convId, userId: user.id, role })
    .onConflictDoNothing()
    .returning({ userId: imMembers.userId });
  if (!inserted.length) return null;
  await tx
    .update(imConversations)
    .set({ memberCount: sql`${imConversations.memberCount} + 1` })
    .where(eq(imConversations.id, convId));
  // Starts at the line announcing them: old history is readable but not "unread".
  return appendMessage(tx, convId, {
    senderId: user.id,
    kind: 'system',
    body: `${displayName(user)} 加入了群聊`,
  });
}

/** After a join commits: the new line to everyone, and the conversation to the newcomer. */
export async function announceJoin(ctx: ImContext, convId: number, userId: number, line: ImMessage | null) {
  if (!line) return;
  await ctx.deliver(await memberIds(ctx.db, convId), { t: 'msg', m: line });
  await ctx.deliver([userId], { t: 'conv', conv: convId });
}

export async function listMembers(
  conn: Conn,
  userId: number,
  input: { id: number; page: number; pageSize: number },
) {
  const { member } = await requireMember(conn, input.id, userId);
  const [total] = await conn
    .select({ n: count() })
    .from(imMembers)
    .where(eq(imMembers.conversationId, input.id));
  const rows = await conn
    .select({ member: imMembers, user: users })
    .from(imMembers)
    .innerJoin(users, eq(users.id, imMembers.userId))
    .where(eq(imMembers.conversationId, input.id))
    .orderBy(
      sql`case ${imMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(imMembers.joinedAt),
      asc(imMembers.userId),
    )
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const list: ImMember[] = rows.map((r) => ({
    ...toPerson(r.user),
    role: r.member.role,
    joinedAt: iso(r.member.joinedAt),
    mutedUntil: r.member.mutedUntil && r.member.mutedUntil > new Date() ? iso(r.member.mutedUntil) : null,
  }));
  return { list, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize, myRole: member.role };
}

/** The target of a manager's action: a member ranked below the actor. */
async function requireSubordinate(conn: Conn, convId: number, actor: User, tuid: string) {
  const { member: mine } = await requireManager(conn, convId, actor.id);
  const target = await findUser(conn, tuid);
  const [theirs] = await conn
    .select()
    .from(imMembers)
    .where(and(eq(imMembers.conversationId, convId), eq(imMembers.userId, target.id)));
  if (!theirs) throw new AppError(Code.NOT_FOUND, '该成员不在群内');
  if (target.id === actor.id) throw new AppError(Code.BAD_REQUEST, '不能对自己这样做');
  if (theirs.role === 'owner' || (theirs.role === 'admin' && mine.role !== 'owner')) {
    throw new AppError(Code.FORBIDDEN, '不能对群主或其他管理员这样做');
  }
  return target;
}

export async function muteMember(
  ctx: ImContext,
  actor: User,
  input: { id: number; tuid: string; minutes: number },
) {
  const target = await requireSubordinate(ctx.db, input.id, actor, input.tuid);
  const until = input.minutes > 0 ? new Date(Date.now() + input.minutes * 60_000) : null;
  await ctx.db
    .update(imMembers)
    .set({ mutedUntil: until })
    .where(and(eq(imMembers.conversationId, input.id), eq(imMembers.userId, target.id)));
  await ctx.deliver([target.id], { t: 'conv', conv: input.id });
  return { mutedUntil: until ? iso(until) : null };
}

export async function setAdmin(
  ctx: ImContext,
  actor: User,
  input: { id: number; tuid: string; isAdmin: boolean },
) {
  const { member } = await requireManager(ctx.db, input.id, actor.id);
  if (member.role !== 'owner') throw new AppError(Code.FORBIDDEN, '只有群主可以设置管理员');
  const target = await requireSubordinate(ctx.db, input.id, actor, input.tuid);
  await ctx.db
    .update(imMembers)
    .set({ role: input.isAdmin ? 'admin' : 'member' })
    .where(and(eq(imMembers.conversationId, input.id), eq(imMembers.userId, target.id)));
  await ctx.deliver([target.id], { t: 'conv', conv: input.id });
  return { role: input.isAdmin ? ('admin' as const) : ('member' as const) };
}

/** Takes a member out inside `tx`, with the line saying why; hands the group on when the owner goes. */
async function takeOut(tx: Tx, convId: number, user: User, line: string) {
  const [gone] = await tx
    .delete(imMembers)
    .where(and(eq(imMembers.conversationId, convId), eq(imMembers.userId, user.id)))
    .returning();
  if (!gone) throw new AppError(Code.NOT_FOUND, '该成员不在群内');
  await tx
    .update(imConversations)
    .set({ memberCount: sql`greatest(${imConversations.memberCount} - 1, 0)` })
    .where(eq(imConversations.id, convId));
  await appendMessage(tx, convId, { senderId: null, kind: 'system', body: line });
  if (gone.role !== 'owner') return;
  const [heir] = await tx
    .select({ member: imMembers, user: users })
    .from(imMembers)
    .innerJoin(users, eq(users.id, imMembers.userId))
    .where(eq(imMembers.conversationId, convId))
    .orderBy(sql`case ${imMembers.role} when 'admin' then 0 else 1 end`, asc(imMembers.joinedAt))
    .limit(1);
  if (!heir) {
    // Nobody left: the group leaves the square.
    await tx.update(imConversations).set({ isPublic: false }).where(eq(imConversations.id, convId));
    return;
  }
  await tx
    .update(imMembers)
    .set({ role: 'owner' })
    .where(and(eq(imMembers.conversationId, convId), eq(imMembers.userId, heir.user.id)));
  await appendMessage(tx, convId, {
    senderId: null,
    kind: 'system',
    body: `${displayName(heir.user)} 成为新群主`,
  });
}

async function afterTakeOut(ctx: ImContext, convId: number, userId: number, fromSeq: number) {
  const { list } = await messagesAfter(ctx.db, convId, fromSeq, 10);
  const to = await memberIds(ctx.db, convId);
  await ctx.deliver([userId], { t: 'removed', conv: convId });
  for (const m of list) await ctx.deliver(to, { t: 'msg', m });
}

export async function removeMember(ctx: ImContext, actor: User, input: { id: number; tuid: string }) {
  const target = await requireSubordinate(ctx.db, input.id, actor, input.tuid);
  const fromSeq = await ctx.db.transaction(async (tx) => {
    const [conv] = await tx
      .select()
      .from(imConversations)
      .where(eq(imConversations.id, input.id))
      .for('update');
    await takeOut(tx, input.id, target, `${displayName(target)} 已被移出群聊`);
    return conv!.lastSeq;
  });
  await afterTakeOut(ctx, input.id, target.id, fromSeq);
  return null;
}

export async function leaveGroup(ctx: ImContext, user: User, input: { id: number }) {
  const { conversation } = await requireMember(ctx.db, input.id, user.id);
  if (conversation.kind !== 'group') throw new AppError(Code.BAD_REQUEST, '私聊无法退出，可以屏蔽对方');
  const fromSeq = await ctx.db.transaction(async (tx) => {
    const [conv] = await tx
      .select()
      .from(imConversations)
      .where(eq(imConversations.id, input.id))
      .for('update');
    await takeOut(tx, input.id, user, `${displayName(user)} 退出了群聊`);
    return conv!.lastSeq;
  });
  await afterTakeOut(ctx, input.id, user.id, fromSeq);
  return null;
}
