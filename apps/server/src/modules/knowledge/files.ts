/**
 * A user's own files: registering uploaded bytes (typed by their bytes, deduplicated by
 * sha256 per owner), listing, status, update (title, description, public or private, price,
 * re-index under the same id) and delete. Deleting is one statement; a parse job under way
 * sees the row gone and stops without writing (parse-file.ts).
 */
import { createHash } from 'node:crypto';
import { Code, type KbFile } from '@jq/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbCollectionFiles, kbCollections, kbFiles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { JobsPort } from '../../platform/jobs/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import {
  idArray,
  presentFile,
  presentFiles,
  readableFiles,
  readFile,
  statsOf,
  toFileRow,
} from './file-rows.js';
import { PARSE_JOB } from './parse-file.js';
import { sniffDocumentKind } from './parsing-port.js';
import { fileNotFound, type Viewer } from './viewer.js';

export interface FileDeps {
  db: Db;
  storage: StoragePort;
  jobs: JobsPort;
  config: KnowledgeConfig;
}

export interface NewFile {
  bytes: Buffer;
  filename: string;
  title?: string | undefined;
  description?: string | undefined;
  collectionId?: number | undefined;
}

const SUPPORTED = 'PDF、Word（DOCX）、Excel（XLSX）、PPT（PPTX）、Markdown、TXT、CSV';

export const parseJobId = (fileId: number, version: number, suffix = '') =>
  `kb:${fileId}:v${version}${suffix}`;

function titleOf(filename: string): string {
  const base = filename.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return (base || '未命名文件').slice(0, 200);
}

/** Registers bytes in the owner's base and queues parsing; the same bytes twice answer the first file. */
export async function createFile(
  deps: FileDeps,
  viewer: Viewer,
  file: NewFile,
): Promise<{ file: KbFile; isDuplicate: boolean }> {
  const ownerId = viewer.userId!;
  if (!file.bytes.length) throw new AppError(Code.BAD_REQUEST, '文件为空（0 字节），请重新选择文件');
  const kind = sniffDocumentKind(file.bytes, file.filename);
  if (!kind)
    throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, `不支持的文件类型：文件内容不是 ${SUPPORTED} 之一`);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const collectionId = file.collectionId;
  if (collectionId !== undefined) await ownCollection(deps.db, ownerId, collectionId);

  const existing = await findByHash(deps.db, ownerId, sha256);
  if (existing) return { file: await presentOne(deps, viewer, existing), isDuplicate: true };

  const storageKey = `kb/${ownerId}/${sha256}`;
  await deps.storage.put(storageKey, file.bytes, { contentType: 'application/octet-stream' });
  const [row] = await deps.db
    .insert(kbFiles)
    .values({
      ownerId,
      title: file.title?.trim() || titleOf(file.filename),
      description: file.description ?? '',
      filename: file.filename.slice(0, 255),
      kind,
      sizeBytes: file.bytes.length,
      sha256,
      storageKey,
    })
    .onConflictDoNothing()
    .returning({ id: kbFiles.id });
  if (!row) {
    // The same bytes arrived twice at once: the other request made the file.
    const other = await findByHash(deps.db, ownerId, sha256);
    if (!other) throw new AppError(Code.CONFLICT, '文件正在登记，请稍后刷新');
    return { file: await presentOne(deps, viewer, other), isDuplicate: true };
  }
  if (collectionId !== undefined)
    await deps.db.insert(kbCollectionFiles).values({ collectionId, fileId: row.id }).onConflictDoNothing();
  await deps.jobs.enqueue(PARSE_JOB, { fileId: row.id, version: 1 }, { jobId: parseJobId(row.id, 1) });
  return { file: await presentOne(deps, viewer, row.id), isDuplicate: false };
}

async function findByHash(db: Db, ownerId: number, sha256: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: kbFiles.id })
    .from(kbFiles)
    .where(and(eq(kbFiles.ownerId, ownerId), eq(kbFiles.sha256, sha256), isNull(kbFiles.sourceFileId)));
  return row?.id;
}

async function ownCollection(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .select({ id: kbCollections.id })
    .from(kbCollections)
    .where(and(eq(kbCollections.id, id), eq(kbCollections.ownerId, ownerId)));
  if (!row) throw new AppError(Code.NOT_FOUND, '合集不存在或无权访问');
}

export async function presentOne(deps: Pick<FileDeps, 'db' | 'config'>, viewer: Viewer, id: number) {
  const row = await readFile(deps.db, viewer, id);
  if (!row) throw fileNotFound();
  const stats = await statsOf(deps.db, [row.contentId]);
  return presentFile(row, viewer, deps.config, stats.get(row.contentId));
}

/** The caller's own files (uploads and saved copies), newest first. */
export async function listMyFiles(
  deps: Pick<FileDeps, 'db' | 'config'>,
  viewer: Viewer,
  query: { page: number; pageSize: number; keyword?: string | undefined; status?: string | undefined },
) {
  const me = viewer.userId!;
  const keyword = query.keyword ? `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`f.owner_id = ${me}
    ${keyword ? sql`and (f.title ilike ${keyword} or f.filename ilike ${keyword})` : sql``}
    ${query.status ? sql`and c.status = ${query.status}` : sql``}`;
  const [count] = await selectRows<{ n: string | number }>(
    deps.db,
    sql`select count(*) as n from (${readableFiles(viewer, where)}) x`,
  );
  const rows = await selectRows<Record<string, unknown>>(
    deps.db,
    readableFiles(
      viewer,
      where,
      sql`order by f.created_at desc, f.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
  );
  const list = await presentFiles(deps.db, rows.map(toFileRow), viewer, deps.config);
  return { list, total: Number(count?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** Status of files the caller may read (others' ids are simply not listed). */
export async function fileStatus(db: Db, viewer: Viewer, ids: number[]) {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    readableFiles(viewer, sql`f.id = any(${idArray(ids)})`),
  );
  return rows.map(toFileRow).map((r) => ({
    id: r.id,
    status: r.status,
    progress: r.progress,
    failReason: r.failReason,
    pageCount: r.pageCount,
    chunkCount: r.chunkCount,
    updatedAt: r.updatedAt,
  }));
}

/** Deletes one of the caller's files (its pages, chunks and saved copies go with it). */
export async function deleteFile(deps: FileDeps, viewer: Viewer, id: number) {
  const [row] = await deps.db
    .delete(kbFiles)
    .where(and(eq(kbFiles.id, id), eq(kbFiles.ownerId, viewer.userId!)))
    .returning({ storageKey: kbFiles.storageKey });
  if (!row) throw fileNotFound();
  if (row.storageKey) {
    const [other] = await deps.db
      .select({ id: kbFiles.id })
      .from(kbFiles)
      .where(eq(kbFiles.storageKey, row.storageKey))
      .limit(1);
    if (!other) await deps.storage.delete(row.storageKey);
  }
  return { id, isDeleted: true };
}

export interface FileUpdate {
  id: number;
  fileTitle?: string | undefined;
  summary?: string | undefined;
  visibility?: 'private' | 'public' | undefined;
  price?: number | undefined;
  reindex?: boolean | undefined;
}

/** Title and description of any own file; visibility, price and re-index of own uploads only. */
export async function updateFile(deps: FileDeps, viewer: Viewer, update: FileUpdate) {
  const me = viewer.userId!;
  const [file] = await deps.db
    .select()
    .from(kbFiles)
    .where(and(eq(kbFiles.id, update.id), eq(kbFiles.ownerId, me)));
  if (!file) throw fileNotFound();
  const isCopy = file.sourceFileId !== null;
  if (isCopy && (update.visibility || update.price !== undefined || update.reindex))
    throw new AppError(Code.FORBIDDEN, '收藏的文件只能修改标题与简介；公开范围、价格与解析由原作者设置');
  const set: Partial<typeof kbFiles.$inferInsert> = { updatedAt: new Date() };
  if (update.fileTitle !== undefined) set.title = update.fileTitle;
  if (update.summary !== undefined) set.description = update.summary;
  if (update.price !== undefined) set.priceCredits = update.price;
  if (update.visibility) {
    set.visibility = update.visibility;
    if (update.visibility === 'public' && !file.publishedAt) set.publishedAt = new Date();
  }
  let version = file.parseVersion;
  if (update.reindex) {
    if (!file.storageKey) throw new AppError(Code.BAD_REQUEST, '该文件没有原始文件，无法重新解析');
    version += 1;
    Object.assign(set, {
      parseVersion: version,
      status: 'queued',
      progress: 0,
      failReason: '',
      attempts: 0,
      statusAt: new Date(),
    });
  }
  await deps.db
    .update(kbFiles)
    .set(set)
    .where(and(eq(kbFiles.id, file.id), eq(kbFiles.ownerId, me)));
  if (update.reindex)
    await deps.jobs.enqueue(PARSE_JOB, { fileId: file.id, version }, { jobId: parseJobId(file.id, version) });
  return presentOne(deps, viewer, file.id);
}
