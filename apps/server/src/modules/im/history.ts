/**
 * Reading a conversation: pages of history by seq (backwards from the newest, or forwards
 * after a seq to catch up), and search within one conversation. Members only.
 */
import type { ImMessage, ImMessagePage } from '@jq/contract';
import { and, asc, count, desc, eq, gt, ilike, lt, ne } from 'drizzle-orm';
import { imMembers, imMessages } from '../../db/schema.js';
import type { Conn } from './context.js';
import { requireMember } from './membership.js';
import { selectMessages, toMessage } from './message-rows.js';

/** Up to `limit` messages after `afterSeq`, in seq order, and whether more follow. */
export async function messagesAfter(conn: Conn, convId: number, afterSeq: number, limit: number) {
  const rows = await selectMessages(conn)
    .where(and(eq(imMessages.conversationId, convId), gt(imMessages.seq, afterSeq)))
    .orderBy(asc(imMessages.seq))
    .limit(limit + 1);
  return { list: rows.slice(0, limit).map(toMessage), hasMore: rows.length > limit };
}

async function messagesBefore(conn: Conn, convId: number, beforeSeq: number | undefined, limit: number) {
  const where = beforeSeq
    ? and(eq(imMessages.conversationId, convId), lt(imMessages.seq, beforeSeq))
    : eq(imMessages.conversationId, convId);
  const rows = await selectMessages(conn)
    .where(where)
    .orderBy(desc(imMessages.seq))
    .limit(limit + 1);
  return { list: rows.slice(0, limit).map(toMessage).reverse(), hasMore: rows.length > limit };
}

export async function peerReadSeq(conn: Conn, convId: number, userId: number, kind: string) {
  if (kind !== 'private') return 0;
  const [peer] = await conn
    .select({ readSeq: imMembers.readSeq })
    .from(imMembers)
    .where(and(eq(imMembers.conversationId, convId), ne(imMembers.userId, userId)));
  return peer?.readSeq ?? 0;
}

export async function listMessages(
  conn: Conn,
  userId: number,
  input: { id: number; beforeSeq?: number | undefined; afterSeq?: number | undefined; pageSize: number },
): Promise<ImMessagePage> {
  const { conversation, member } = await requireMember(conn, input.id, userId);
  const page =
    input.afterSeq !== undefined
      ? await messagesAfter(conn, input.id, input.afterSeq, input.pageSize)
      : await messagesBefore(conn, input.id, input.beforeSeq, input.pageSize);
  return {
    ...page,
    lastSeq: conversation.lastSeq,
    readSeq: member.readSeq,
    peerReadSeq: await peerReadSeq(conn, input.id, userId, conversation.kind),
  };
}

/** `%` and `_` in a keyword are literal characters, not patterns. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchMessages(
  conn: Conn,
  userId: number,
  input: { id: number; keyword: string; page: number; pageSize: number },
): Promise<{ list: ImMessage[]; total: number; page: number; pageSize: number }> {
  await requireMember(conn, input.id, userId);
  const where = and(
    eq(imMessages.conversationId, input.id),
    ne(imMessages.kind, 'system'),
    ilike(imMessages.body, likePattern(input.keyword)),
  );
  const [total] = await conn.select({ n: count() }).from(imMessages).where(where);
  const rows = await selectMessages(conn)
    .where(where)
    .orderBy(desc(imMessages.seq))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { list: rows.map(toMessage), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}
