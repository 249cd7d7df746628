/**
 * Conversations and their messages, always read through the owner: another caller's
 * chatuuid gets exactly the answer an unknown one gets (404, 会话不存在或已删除), so ids
 * cannot be confirmed to exist. Deleting a conversation deletes its
 * messages; the turns counted against the free quota stay (they hold no content).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type ChatKind, type ChatMessage, Code, type Conversation } from '@jq/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type ChatConversationRow,
  type ChatMessageRow,
  chatConversations,
  chatMessages,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { isOwner, type Owner, ownedBy, ownerValues } from './owner.js';

/** A `streaming` answer older than this was cut off by a restart: shown as stopped. */
const STALE_STREAM_MS = 10 * 60 * 1000;

export interface NewConversation {
  kind: ChatKind;
  action: string;
  agent: string;
  title?: string | undefined;
  reportIds?: number[] | undefined;
}

export async function createConversation(db: Db, owner: Owner, input: NewConversation) {
  const [row] = await db
    .insert(chatConversations)
    .values({
      uuid: randomUUID(),
      ...ownerValues(owner),
      kind: input.kind,
      action: input.action,
      agent: input.agent,
      title: input.title ?? '',
      reportIds: input.reportIds ?? [],
    })
    .returning();
  return row!;
}

/** The one refusal for a conversation the caller may not read, whether or not it exists. */
export const conversationNotFound = () => new AppError(Code.NOT_FOUND, '会话不存在或已删除');

/** Whether `uuid` is a conversation of this signed-in user (what a per-use chat unlock may be bought for). */
export async function conversationVisibleTo(db: Db, userId: number, uuid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.uuid, uuid), eq(chatConversations.userId, userId)));
  return Boolean(row);
}

/** The caller's conversation, of the given kind when one is given. */
export async function getOwnedConversation(
  db: Db,
  uuid: string,
  owner: Owner,
  kind?: ChatKind,
): Promise<ChatConversationRow> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.uuid, uuid));
  if (!row || (kind && row.kind !== kind) || !isOwner(row, owner)) throw conversationNotFound();
  return row;
}

export interface ListOptions {
  kind?: ChatKind | undefined;
  action?: string | undefined;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listConversations(db: Db, owner: Owner, options: ListOptions) {
  const conditions: SQL[] = [ownedBy(chatConversations, owner)];
  if (options.kind) conditions.push(eq(chatConversations.kind, options.kind));
  if (options.action) conditions.push(eq(chatConversations.action, options.action));
  if (options.keyword) conditions.push(ilike(chatConversations.title, `%${escapeLike(options.keyword)}%`));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(chatConversations).where(where);
  const rows = await db
    .select()
    .from(chatConversations)
    .where(where)
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const counts = await messageCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((row) => toConversation(row, counts.get(row.id) ?? 0)),
    total: Number(total?.n ?? 0),
    page: options.page,
    pageSize: options.pageSize,
  };
}

async function messageCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: chatMessages.conversationId, n: count() })
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, ids))
    .groupBy(chatMessages.conversationId);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

export async function getMessages(db: Db, conversationId: number): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
}

export async function deleteConversation(db: Db, row: ChatConversationRow) {
  await db.delete(chatConversations).where(eq(chatConversations.id, row.id));
}

export async function touchConversation(db: Db, row: ChatConversationRow, question: string, agent: string) {
  const title = row.title || Array.from(question.replace(/\s+/g, ' ').trim()).slice(0, 30).join('');
  await db
    .update(chatConversations)
    .set({ title, agent, updatedAt: new Date() })
    .where(eq(chatConversations.id, row.id));
}

/** The owner's share token, made on first share. */
export async function shareToken(db: Db, row: ChatConversationRow): Promise<string> {
  if (row.shareToken) return row.shareToken;
  const token = randomBytes(12).toString('base64url');
  const [updated] = await db
    .update(chatConversations)
    .set({ shareToken: sql`coalesce(${chatConversations.shareToken}, ${token})` })
    .where(eq(chatConversations.id, row.id))
    .returning({ token: chatConversations.shareToken });
  return updated!.token!;
}

export async function findShared(db: Db, token: string): Promise<ChatConversationRow> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.shareToken, token));
  if (!row) throw new AppError(Code.NOT_FOUND, '分享的会话不存在或已删除');
  return row;
}

/** A copy of a shared conversation for the reader: finished messages only, no share token. */
export async function forkConversation(db: Db, source: ChatConversationRow, owner: Owner) {
  const copy = await createConversation(db, owner, {
    kind: source.kind,
    action: source.action,
    agent: source.agent,
    title: source.title,
    reportIds: source.reportIds,
  });
  const messages = (await getMessages(db, source.id)).filter((m) => m.status !== 'streaming');
  if (messages.length) {
    await db.insert(chatMessages).values(
      messages.map(({ id: _id, conversationId: _c, createdAt: _t, ...m }) => ({
        ...m,
        conversationId: copy.id,
      })),
    );
  }
  return copy;
}

export function toConversation(row: ChatConversationRow, messageCount: number): Conversation {
  return {
    chatuuid: row.uuid,
    kind: row.kind,
    action: row.action,
    agent: row.agent,
    title: row.title || '新对话',
    messageCount,
    reportIds: row.reportIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessage(row: ChatMessageRow, now = Date.now()): ChatMessage {
  const isStale = row.status === 'streaming' && now - row.createdAt.getTime() > STALE_STREAM_MS;
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    quotes: row.quotes,
    cards: row.cards,
    suggestions: row.suggestions,
    status: isStale ? 'stopped' : row.status,
    engine: row.engine,
    createdAt: row.createdAt.toISOString(),
  };
}

export function isGenerating(messages: ChatMessageRow[], now = Date.now()): boolean {
  return messages.some((m) => m.status === 'streaming' && now - m.createdAt.getTime() <= STALE_STREAM_MS);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
