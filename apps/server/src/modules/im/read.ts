/**
 * Read positions. A member's read_seq only grows and never passes the conversation's
 * last_seq; the user's other devices learn the new position at once (their unread counts
 * stay exact), and in a private chat so does the other person (the read receipt).
 */
import { Code, type ImReadResult } from '@jq/contract';
import { and, eq, sql } from 'drizzle-orm';
import { imConversations, imMembers, type User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type ImContext, NO_CONVERSATION } from './context.js';
import { totalUnread } from './conversations.js';
import { peerOf } from './membership.js';

export async function markRead(
  ctx: ImContext,
  user: User,
  input: { id: number; seq: number },
): Promise<ImReadResult> {
  const [before] = await ctx.db
    .select({ readSeq: imMembers.readSeq, lastSeq: imConversations.lastSeq, kind: imConversations.kind })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(and(eq(imMembers.conversationId, input.id), eq(imMembers.userId, user.id)));
  if (!before) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  const target = Math.min(input.seq, before.lastSeq);
  let readSeq = before.readSeq;
  if (target > before.readSeq) {
    const [row] = await ctx.db
      .update(imMembers)
      .set({ readSeq: sql`greatest(${imMembers.readSeq}, ${target})` })
      .where(and(eq(imMembers.conversationId, input.id), eq(imMembers.userId, user.id)))
      .returning({ readSeq: imMembers.readSeq });
    readSeq = row?.readSeq ?? target;
    const to = [user.id];
    if (before.kind === 'private') {
      const peer = await peerOf(ctx.db, input.id, user.id);
      if (peer) to.push(peer.userId);
    }
    await ctx.deliver(to, { t: 'read', conv: input.id, uguid: user.uguid, seq: readSeq });
  }
  return {
    readSeq,
    unread: Math.max(0, before.lastSeq - readSeq),
    totalUnread: await totalUnread(ctx.db, user.id),
  };
}
