/**
 * Who is in a conversation. Every use case that reads or writes a conversation starts here,
 * and a caller who is not a member gets the same answer as for a conversation that does not
 * exist (NO_CONVERSATION), so ids cannot be probed.
 */
import { Code } from '@jq/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  type ImConversationRow,
  type ImMemberRow,
  imBlocks,
  imConversations,
  imMembers,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Conn, NO_CONVERSATION } from './context.js';

export interface Membership {
  conversation: ImConversationRow;
  member: ImMemberRow;
}

export async function findMembership(conn: Conn, convId: number, userId: number): Promise<Membership | null> {
  const [row] = await conn
    .select({ conversation: imConversations, member: imMembers })
    .from(imMembers)
    .innerJoin(imConversations, eq(imConversations.id, imMembers.conversationId))
    .where(and(eq(imMembers.conversationId, convId), eq(imMembers.userId, userId)));
  return row ?? null;
}

export async function requireMember(conn: Conn, convId: number, userId: number): Promise<Membership> {
  const found = await findMembership(conn, convId, userId);
  if (!found) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  return found;
}

/** A group the caller manages (owner or admin); others get the same "not found". */
export async function requireManager(conn: Conn, convId: number, userId: number): Promise<Membership> {
  const found = await requireMember(conn, convId, userId);
  if (found.conversation.kind !== 'group') throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  if (!canManage(found.member.role)) throw new AppError(Code.FORBIDDEN, '只有群主或管理员可以这样做');
  return found;
}

export const canManage = (role: ImMemberRow['role']) => role === 'owner' || role === 'admin';

export async function memberIds(conn: Conn, convId: number): Promise<number[]> {
  const rows = await conn
    .select({ userId: imMembers.userId })
    .from(imMembers)
    .where(eq(imMembers.conversationId, convId));
  return rows.map((r) => r.userId);
}

/** The owner and admins of a group. */
export async function managerIds(conn: Conn, convId: number): Promise<number[]> {
  const rows = await conn
    .select({ userId: imMembers.userId })
    .from(imMembers)
    .where(and(eq(imMembers.conversationId, convId), inArray(imMembers.role, ['owner', 'admin'])));
  return rows.map((r) => r.userId);
}

/** The other member of a private chat (null once they are gone). */
export async function peerOf(conn: Conn, convId: number, userId: number): Promise<ImMemberRow | null> {
  const [row] = await conn
    .select()
    .from(imMembers)
    .where(and(eq(imMembers.conversationId, convId), ne(imMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether `userId` has blocked `otherId`. */
export async function hasBlocked(conn: Conn, userId: number, otherId: number): Promise<boolean> {
  const [row] = await conn
    .select({ userId: imBlocks.userId })
    .from(imBlocks)
    .where(and(eq(imBlocks.userId, userId), eq(imBlocks.blockedUserId, otherId)));
  return !!row;
}
