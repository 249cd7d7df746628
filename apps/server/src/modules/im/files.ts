/**
 * Images and files in conversations. They are uploaded through the uploads module (purpose
 * `im`, sliced, kind read from the bytes) and stay their uploader's; a member of a
 * conversation they were sent to reads them through the message. `listGroupFiles` is the
 * knowledge base's view of a group's files.
 */
import { Code, IM_LIMITS, type ImGroupFile } from '@jq/contract';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { imMembers, imMessages, type User, uploadedFiles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { readUploadedFile } from '../uploads/index.js';
import { type Conn, iso, NO_GROUP } from './context.js';
import { findMembership } from './membership.js';
import { IMAGE_KINDS, selectMessages, toMessage } from './message-rows.js';

/** The file, for its uploader or a member of a conversation it was sent to; else "not found". */
export async function readFile(deps: { db: Db; storage: StoragePort }, user: User, fileId: string) {
  const [file] = await deps.db
    .select({ ownerId: uploadedFiles.userId, kind: uploadedFiles.kind })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, fileId));
  const isVisible =
    file &&
    (file.ownerId === user.id ||
      (
        await deps.db
          .select({ id: imMessages.id })
          .from(imMessages)
          .innerJoin(
            imMembers,
            and(eq(imMembers.conversationId, imMessages.conversationId), eq(imMembers.userId, user.id)),
          )
          .where(eq(imMessages.uploadId, fileId))
          .limit(1)
      ).length > 0);
  if (!file || !isVisible) throw new AppError(Code.NOT_FOUND, '文件不存在或已删除');
  const { file: stored, bytes } = await readUploadedFile(deps.db, deps.storage, fileId, file.ownerId);
  return { bytes, name: stored.filename, mime: stored.contentType, isImage: IMAGE_KINDS.includes(file.kind) };
}

/**
 * Files and images shared into a group, newest first, for one of its members (the knowledge
 * base's getGroupShareFileList). Not a member and no such group answer the same.
 */
export async function listGroupFiles(
  db: Conn,
  input: { groupId: number; userId: number; page: number; pageSize: number },
): Promise<{ list: ImGroupFile[]; total: number; page: number; pageSize: number }> {
  const membership = await findMembership(db, input.groupId, input.userId);
  if (membership?.conversation.kind !== 'group') throw new AppError(Code.NOT_FOUND, NO_GROUP);
  const where = and(
    eq(imMessages.conversationId, input.groupId),
    isNotNull(imMessages.uploadId),
    inArray(imMessages.kind, ['image', 'file']),
  );
  const [total] = await db.select({ n: count() }).from(imMessages).where(where);
  const pageSize = Math.min(Math.max(1, input.pageSize), IM_LIMITS.replayPerConversation);
  const page = Math.max(1, input.page);
  const rows = await selectMessages(db)
    .where(where)
    .orderBy(desc(imMessages.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = rows
    .map(toMessage)
    .filter((m) => m.file)
    .map((m) => ({ messageId: m.id, groupId: m.conv, file: m.file!, sender: m.sender, at: iso(m.at) }));
  return { list, total: total?.n ?? 0, page, pageSize };
}
