/**
 * What a member decides for themselves: blocking a person (their private messages are
 * refused), reporting a message they can see, and turning notifications off.
 */
import { Code } from '@jq/contract';
import { and, eq } from 'drizzle-orm';
import {
  imBlocks,
  imConversations,
  imMembers,
  imMessages,
  imReports,
  type User,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Conn, type ImContext, NO_CONVERSATION } from './context.js';

export async function setBlocked(ctx: ImContext, user: User, input: { tuid: string; isBlocked: boolean }) {
  const [target] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.uguid, input.tuid));
  if (!target) throw new AppError(Code.NOT_FOUND, '用户不存在');
  if (target.id === user.id) throw new AppError(Code.BAD_REQUEST, '不能屏蔽自己');
  if (input.isBlocked) {
    await ctx.db.insert(imBlocks).values({ userId: user.id, blockedUserId: target.id }).onConflictDoNothing();
  } else {
    await ctx.db
      .delete(imBlocks)
      .where(and(eq(imBlocks.userId, user.id), eq(imBlocks.blockedUserId, target.id)));
  }
  const pairKey = `${Math.min(user.id, target.id)}:${Math.max(user.id, target.id)}`;
  const [conv] = await ctx.db
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(eq(imConversations.pairKey, pairKey));
  if (conv) await ctx.deliver([user.id], { t: 'conv', conv: conv.id });
  return { isBlocked: input.isBlocked };
}

export async function reportMessage(
  conn: Conn,
  user: User,
  input: { messageId: number; reason: (typeof imReports.$inferInsert)['reason']; detail: string },
) {
  const [message] = await conn
    .select({ conv: imMessages.conversationId, senderId: imMessages.senderId })
    .from(imMessages)
    .innerJoin(
      imMembers,
      and(eq(imMembers.conversationId, imMessages.conversationId), eq(imMembers.userId, user.id)),
    )
    .where(eq(imMessages.id, input.messageId));
  if (!message) throw new AppError(Code.NOT_FOUND, '消息不存在');
  if (message.senderId === user.id) throw new AppError(Code.BAD_REQUEST, '不能举报自己的消息');
  await conn
    .insert(imReports)
    .values({
      reporterId: user.id,
      messageId: input.messageId,
      conversationId: message.conv,
      reason: input.reason,
      detail: input.detail,
    })
    .onConflictDoNothing();
  return null;
}

export async function setNotify(ctx: ImContext, user: User, input: { id: number; isNotifyOff: boolean }) {
  const updated = await ctx.db
    .update(imMembers)
    .set({ isNotifyOff: input.isNotifyOff })
    .where(and(eq(imMembers.conversationId, input.id), eq(imMembers.userId, user.id)))
    .returning({ id: imMembers.conversationId });
  if (!updated.length) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  await ctx.deliver([user.id], { t: 'conv', conv: input.id });
  return { isNotifyOff: input.isNotifyOff };
}
