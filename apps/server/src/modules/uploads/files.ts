/**
 * Stored files: the record (what the bytes are, their size and SHA-256) and the bytes under
 * `uploads/files/<user id>/<file id>`. Every read takes the owner's id; another user's file
 * and a missing one look the same. The same bytes uploaded twice make two files with the
 * same `sha256`: callers that must not keep duplicates look the hash up and keep one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Code, type UploadedFile, type UploadKind, type UploadPurpose } from '@jq/contract';
import { and, asc, eq } from 'drizzle-orm';
import { type UploadedFileRow, uploadedFiles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { acceptedKind, CONTENT_TYPES } from './kinds.js';

export const fileKey = (userId: number, fileId: string) => `uploads/files/${userId}/${fileId}`;
const fileGone = () => new AppError(Code.NOT_FOUND, '文件不存在或已删除');

export function toUploadedFile(row: UploadedFileRow): UploadedFile {
  return {
    id: row.id,
    purpose: row.purpose as UploadPurpose,
    filename: row.filename,
    kind: row.kind as UploadKind,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    key: row.storageKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Keeps bytes as a file of the user's after checking their kind for the purpose: the end of a
 * completed upload, and the way server-made files (demo documents) enter the same store.
 */
export async function storeFile(
  deps: { db: Db; storage: StoragePort },
  userId: number,
  input: { purpose: UploadPurpose; filename: string; bytes: Buffer; sha256?: string },
): Promise<UploadedFile> {
  const kind = acceptedKind(input.bytes, input.filename, input.purpose);
  const id = randomBytes(16).toString('base64url');
  const key = fileKey(userId, id);
  const contentType = CONTENT_TYPES[kind];
  // Bytes first: a record never points at nothing; bytes without a record are only waste.
  await deps.storage.put(key, input.bytes, { contentType });
  const [row] = await deps.db
    .insert(uploadedFiles)
    .values({
      id,
      userId,
      purpose: input.purpose,
      filename: input.filename,
      kind,
      contentType,
      size: input.bytes.length,
      sha256: input.sha256 ?? sha256Of(input.bytes),
      storageKey: key,
    })
    .returning();
  return toUploadedFile(row!);
}

export async function getUploadedFile(db: Db, fileId: string, ownerId: number): Promise<UploadedFile | null> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.userId, ownerId)));
  return row ? toUploadedFile(row) : null;
}

/** The file's record and bytes, for its owner; NOT_FOUND otherwise. */
export async function readUploadedFile(
  db: Db,
  storage: StoragePort,
  fileId: string,
  ownerId: number,
): Promise<{ file: UploadedFile; bytes: Buffer }> {
  const file = await getUploadedFile(db, fileId, ownerId);
  if (!file) throw fileGone();
  const object = await storage.get(file.key);
  if (!object) throw fileGone();
  return { file, bytes: object.body };
}

/** The owner's files with these bytes, oldest first (the first is the one to keep). */
export async function findUploadedFilesByHash(
  db: Db,
  ownerId: number,
  sha256: string,
): Promise<UploadedFile[]> {
  const rows = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, ownerId), eq(uploadedFiles.sha256, sha256.toLowerCase())))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id));
  return rows.map(toUploadedFile);
}

/** Removes the owner's file, record and bytes; false when there was none. */
export async function deleteUploadedFile(db: Db, storage: StoragePort, fileId: string, ownerId: number) {
  const [row] = await db
    .delete(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.userId, ownerId)))
    .returning();
  if (!row) return false;
  await storage.delete(row.storageKey);
  return true;
}
