/**
 * Conversations over chosen files or a collection. A conversation belongs to the signed-in
 * user, else to the anonymous client id; another caller's conversation answers like a missing
 * one. The files a turn may read are decided again at every turn (a file made private or
 * deleted since drops out), with the reader's rights: preview-only files give their first pages.
 */
import { randomUUID } from 'node:crypto';
import { Code, type KbConversation, type KbMessage } from '@jq/contract';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbCollectionFiles, kbConversations, kbMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { readCollection } from './collections.js';
import { type FileRow, readFiles } from './file-rows.js';
import type { ScopeFile } from './retrieve.js';
import { fileNotFound, type Viewer } from './viewer.js';

export const conversationNotFound = () => new AppError(Code.NOT_FOUND, '会话不存在或无权访问');

export function ownedBy(viewer: Viewer): SQL {
  return viewer.userId !== null
    ? eq(kbConversations.userId, viewer.userId)
    : (and(isNull(kbConversations.userId), eq(kbConversations.clientId, viewer.clientId)) as SQL);
}

export async function createConversation(
  db: Db,
  viewer: Viewer,
  body: { fileIds?: number[] | undefined; collectionId?: number | undefined; fileTitle?: string | undefined },
  config: KnowledgeConfig,
): Promise<KbConversation> {
  const fileIds = [...new Set(body.fileIds ?? [])];
  if (body.collectionId !== undefined) await readCollection(db, viewer, body.collectionId);
  if (fileIds.length) {
    const rows = await readFiles(db, viewer, fileIds);
    if (rows.length !== fileIds.length) throw fileNotFound();
    if (viewer.userId === null && rows.some((r) => r.contentOwnerId !== null))
      throw new AppError(Code.UNAUTHORIZED, '登录后才能基于用户上传的文件提问');
  }
  const [row] = await db
    .insert(kbConversations)
    .values({
      uuid: randomUUID(),
      userId: viewer.userId,
      clientId: viewer.userId === null ? viewer.clientId : '',
      title: body.fileTitle ?? '',
      fileIds,
      collectionId: body.collectionId ?? null,
    })
    .returning();
  return presentConversation(db, viewer, row!, config);
}

export async function getOwnedConversation(db: Db, viewer: Viewer, uuid: string) {
  const [row] = await db
    .select()
    .from(kbConversations)
    .where(and(eq(kbConversations.uuid, uuid), ownedBy(viewer)));
  if (!row) throw conversationNotFound();
  return row;
}

type ConversationRow = typeof kbConversations.$inferSelect;

/** The files a turn may read now: the chosen ones and the collection's, readable by the caller. */
export async function conversationFiles(
  db: Db,
  viewer: Viewer,
  conversation: ConversationRow,
): Promise<FileRow[]> {
  const ids = [...conversation.fileIds];
  if (conversation.collectionId !== null) {
    const members = await db
      .select({ fileId: kbCollectionFiles.fileId })
      .from(kbCollectionFiles)
      .where(eq(kbCollectionFiles.collectionId, conversation.collectionId))
      .orderBy(asc(kbCollectionFiles.position), asc(kbCollectionFiles.fileId));
    for (const m of members) if (!ids.includes(m.fileId)) ids.push(m.fileId);
  }
  return readFiles(db, viewer, ids);
}

/** Content files to search, once each, with the page limit a preview allows. */
export function scopeOf(rows: FileRow[], config: KnowledgeConfig): ScopeFile[] {
  const scope = new Map<number, ScopeFile>();
  for (const row of rows) {
    if (row.pageCount === 0) continue;
    const pageLimit = row.access === 'preview' ? config.previewPages : null;
    const known = scope.get(row.contentId);
    if (known && (known.pageLimit === null || pageLimit !== null)) continue;
    scope.set(row.contentId, { id: row.contentId, title: row.title, pageLimit });
  }
  return [...scope.values()];
}

export async function presentConversation(
  db: Db,
  viewer: Viewer,
  row: ConversationRow,
  config: KnowledgeConfig,
): Promise<KbConversation> {
  const files = await conversationFiles(db, viewer, row);
  const [n] = await db.select({ n: count() }).from(kbMessages).where(eq(kbMessages.conversationId, row.id));
  void config;
  return {
    chatuuid: row.uuid,
    title: row.title || files[0]?.title || '知识库问答',
    fileIds: row.fileIds,
    collectionId: row.collectionId,
    files: files.map((f) => ({ id: f.id, title: f.title, kind: f.kind, status: f.status })),
    messageCount: n?.n ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentMessage(m: typeof kbMessages.$inferSelect): KbMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    quotes: m.quotes,
    status: m.status,
    engine: m.engine,
    credits: m.credits,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function conversationDetail(db: Db, viewer: Viewer, uuid: string, config: KnowledgeConfig) {
  const row = await getOwnedConversation(db, viewer, uuid);
  const messages = await db
    .select()
    .from(kbMessages)
    .where(eq(kbMessages.conversationId, row.id))
    .orderBy(asc(kbMessages.id));
  const files = await conversationFiles(db, viewer, row);
  const hasOthers = files.some((f) => f.contentOwnerId !== null && f.contentOwnerId !== viewer.userId);
  return {
    conversation: await presentConversation(db, viewer, row, config),
    messages: messages.map(presentMessage),
    // What an answer here costs: only answers citing other users' files are paid.
    answerPrice: hasOthers ? config.answerCredits : 0,
  };
}

export async function listConversations(
  db: Db,
  viewer: Viewer,
  query: { page: number; pageSize: number },
  config: KnowledgeConfig,
) {
  const [total] = await db.select({ n: count() }).from(kbConversations).where(ownedBy(viewer));
  const rows = await db
    .select()
    .from(kbConversations)
    .where(ownedBy(viewer))
    .orderBy(desc(kbConversations.updatedAt), desc(kbConversations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const list = [];
  for (const row of rows) list.push(await presentConversation(db, viewer, row, config));
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
