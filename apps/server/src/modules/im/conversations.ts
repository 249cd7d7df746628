/**
 * A user's conversations with their positions: the list with unread counts (unread =
 * last_seq − read_seq, summed for the header badge), one conversation's summary, and the
 * bare positions a socket gets after hello and on sync.
 */
import { Code, type ImConversation, type ImConversationList, type ImConvState } from '@jq/contract';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type ImConversationRow,
  type ImMemberRow,
  imBlocks,
  imConversations,
  imMembers,
  imMessages,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Conn, iso, NO_CONVERSATION } from './context.js';
import { selectMessages, toMessage, toPerson } from './message-rows.js';

/** A private chat shows once it has a message, or to the one who opened it. */
const isVisible = (userId: number): SQL =>
  or(
    eq(imConversations.kind, 'group'),
    sql`${imConversations.lastSeq} > 0`,
    eq(imConversations.createdBy, userId),
  ) as SQL;

export async function totalUnread(conn: Conn, userId: number): Promise<number> {
  const [row] = await conn
    .select({ n: sql<string>`coalesce(sum(${imConversations.lastSeq} - ${imMembers.readSeq}), 0)` })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(eq(imMembers.userId, userId));
  return Number(row?.n ?? 0);
}

export async function conversationStates(
  conn: Conn,
  userId: number,
): Promise<{ convs: ImConvState[]; totalUnread: number }> {
  const rows = await conn
    .select({ id: imConversations.id, lastSeq: imConversations.lastSeq, readSeq: imMembers.readSeq })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(and(eq(imMembers.userId, userId), isVisible(userId)));
  return { convs: rows, totalUnread: rows.reduce((sum, r) => sum + (r.lastSeq - r.readSeq), 0) };
}

async function summarise(
  conn: Conn,
  userId: number,
  rows: { conversation: ImConversationRow; member: ImMemberRow }[],
): Promise<ImConversation[]> {
  if (rows.length === 0) return [];
  const privateIds = rows.filter((r) => r.conversation.kind === 'private').map((r) => r.conversation.id);
  const peers = privateIds.length
    ? await conn
        .select({
          conv: imMembers.conversationId,
          readSeq: imMembers.readSeq,
          userId: users.id,
          uguid: users.uguid,
          name: users.name,
          avatar: users.avatar,
        })
        .from(imMembers)
        .innerJoin(users, eq(users.id, imMembers.userId))
        .where(and(inArray(imMembers.conversationId, privateIds), ne(imMembers.userId, userId)))
    : [];
  const blocked = peers.length
    ? new Set(
        (
          await conn
            .select({ id: imBlocks.blockedUserId })
            .from(imBlocks)
            .where(
              and(
                eq(imBlocks.userId, userId),
                inArray(
                  imBlocks.blockedUserId,
                  peers.map((p) => p.userId),
                ),
              ),
            )
        ).map((b) => b.id),
      )
    : new Set<number>();
  const withMessages = rows.filter((r) => r.conversation.lastSeq > 0);
  const lastMessages = withMessages.length
    ? await selectMessages(conn).where(
        sql`(${imMessages.conversationId}, ${imMessages.seq}) in (${sql.join(
          withMessages.map((r) => sql`(${r.conversation.id}, ${r.conversation.lastSeq})`),
          sql`, `,
        )})`,
      )
    : [];
  const lastByConv = new Map(lastMessages.map((m) => [m.conv, toMessage(m)]));
  const peerByConv = new Map(peers.map((p) => [p.conv, p]));
  return rows.map(({ conversation: c, member: m }) => {
    const peer = peerByConv.get(c.id);
    const person = peer ? toPerson(peer) : null;
    return {
      id: c.id,
      kind: c.kind,
      name: c.kind === 'group' ? c.name : (person?.name ?? '已离开的用户'),
      avatar: c.kind === 'group' ? c.avatar : (person?.avatar ?? ''),
      peer: person,
      lastSeq: c.lastSeq,
      readSeq: m.readSeq,
      unread: Math.max(0, c.lastSeq - m.readSeq),
      peerReadSeq: peer?.readSeq ?? 0,
      lastMessage: lastByConv.get(c.id) ?? null,
      role: m.role,
      memberCount: c.memberCount,
      isNotifyOff: m.isNotifyOff,
      mutedUntil: m.mutedUntil && m.mutedUntil > new Date() ? iso(m.mutedUntil) : null,
      isBlocked: peer ? blocked.has(peer.userId) : false,
      isPublic: c.isPublic,
      needApproval: c.needApproval,
      intro: c.intro,
      updatedAt: iso(c.updatedAt),
    };
  });
}

export async function listConversations(
  conn: Conn,
  userId: number,
  input: { page: number; pageSize: number },
): Promise<ImConversationList> {
  const where = and(eq(imMembers.userId, userId), isVisible(userId));
  const [total] = await conn
    .select({ n: count() })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(where);
  const rows = await conn
    .select({ conversation: imConversations, member: imMembers })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(where)
    .orderBy(desc(imConversations.updatedAt), desc(imConversations.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: await summarise(conn, userId, rows),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    totalUnread: await totalUnread(conn, userId),
  };
}

export async function getConversation(conn: Conn, userId: number, convId: number): Promise<ImConversation> {
  const rows = await conn
    .select({ conversation: imConversations, member: imMembers })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(and(eq(imMembers.userId, userId), eq(imMembers.conversationId, convId)));
  const [summary] = await summarise(conn, userId, rows);
  if (!summary) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  return summary;
}
