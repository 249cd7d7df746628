/**
 * Starting a private chat, from a person's page: by their uguid, or the platform account
 * behind a library record. An investor or a project contact is on the platform when an
 * account holds the phone number the record lists (phones are proven by SMS at sign-in),
 * and a project also through its owner. One conversation per pair of people.
 */
import { Code, type ImConversation } from '@jq/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { imConversations, imMembers, investors, projects, type User, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Conn } from './context.js';
import { getConversation } from './conversations.js';

export interface PrivateTarget {
  tuid?: string | undefined;
  investorId?: number | undefined;
  projectId?: number | undefined;
}

const NOT_ON_PLATFORM = '对方尚未入驻金桥，暂时无法私信';

async function accountByPhones(conn: Conn, phones: string[]): Promise<number | null> {
  const wanted = phones.map((p) => p.trim()).filter((p) => /^1\d{10}$/.test(p));
  if (!wanted.length) return null;
  const [row] = await conn
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.phone, wanted), isNull(users.bannedAt)))
    .limit(1);
  return row?.id ?? null;
}

async function resolveTarget(conn: Conn, target: PrivateTarget): Promise<number> {
  if (target.tuid) {
    const [row] = await conn.select({ id: users.id }).from(users).where(eq(users.uguid, target.tuid));
    if (!row) throw new AppError(Code.NOT_FOUND, '用户不存在');
    return row.id;
  }
  if (target.investorId) {
    const [investor] = await conn
      .select({ phone: investors.phone })
      .from(investors)
      .where(eq(investors.id, target.investorId));
    if (!investor) throw new AppError(Code.NOT_FOUND, '投资人不存在');
    const id = await accountByPhones(conn, [investor.phone]);
    if (!id) throw new AppError(Code.NOT_FOUND, NOT_ON_PLATFORM);
    return id;
  }
  const [project] = await conn
    .select({ owner: projects.ownerUserId, contacts: projects.contacts })
    .from(projects)
    .where(eq(projects.id, target.projectId ?? 0));
  if (!project) throw new AppError(Code.NOT_FOUND, '项目不存在');
  const id =
    project.owner ??
    (await accountByPhones(
      conn,
      project.contacts.map((c) => c.phone),
    ));
  if (!id) throw new AppError(Code.NOT_FOUND, NOT_ON_PLATFORM);
  return id;
}

export async function startPrivateChat(
  conn: Conn,
  user: User,
  target: PrivateTarget,
): Promise<ImConversation> {
  const peerId = await resolveTarget(conn, target);
  if (peerId === user.id) throw new AppError(Code.BAD_REQUEST, '不能给自己发私信');
  const pairKey = `${Math.min(user.id, peerId)}:${Math.max(user.id, peerId)}`;
  await conn
    .insert(imConversations)
    .values({ kind: 'private', pairKey, createdBy: user.id, memberCount: 2 })
    .onConflictDoNothing({
      target: imConversations.pairKey,
      where: sql`${imConversations.pairKey} is not null`,
    });
  const [conv] = await conn
    .select({ id: imConversations.id })
    .from(imConversations)
    .where(eq(imConversations.pairKey, pairKey));
  await conn
    .insert(imMembers)
    .values([
      { conversationId: conv!.id, userId: user.id },
      { conversationId: conv!.id, userId: peerId },
    ])
    .onConflictDoNothing();
  return getConversation(conn, user.id, conv!.id);
}
