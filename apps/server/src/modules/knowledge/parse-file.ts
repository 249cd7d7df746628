/**
 * The parse job (`knowledge.parse-file`): queued → parsing → indexing → ready, or failed with
 * a Chinese reason. A job is for one file and one parse version. It claims the file with a
 * conditional update, writes progress only while the row is still its own (same id, same
 * version), and swaps pages, chunks and vectors in one transaction at the end that first locks
 * the row: a file deleted or re-indexed meanwhile makes every write a no-op and the job stops.
 * The id never changes, so citations (file id, page, verbatim text) survive re-indexing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbChunks, kbChunkVectors, kbFiles, kbPages } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import type { JobContext } from '../../platform/jobs/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { chunkTokens } from './chunk-tokens.js';
import {
  chunkDocument,
  type DocumentChunk,
  type DocumentKind,
  ParseError,
  parseDocument,
} from './parsing-port.js';

export const PARSE_JOB = 'knowledge.parse-file';
export const PARSE_ATTEMPTS = 3;
export const PARSE_TIMEOUT_MS = 15 * 60_000;

export interface ParseDeps {
  db: Db;
  storage: StoragePort;
  ocr: OcrPort;
  llm: LlmPort;
  config: KnowledgeConfig;
  /** EMBEDDING_MODEL, '' without embeddings: stored with each vector. */
  embeddingModel: string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export interface ParseJobData {
  fileId: number;
  version: number;
}

/** The file was deleted or re-indexed while this job ran: stop, write nothing. */
export class Gone extends Error {}

const INSERT_BATCH = 200;
const EMBED_BATCH = 128;
const TOKENIZE_BATCH = 100;
const PROGRESS_EVERY_MS = 400;

/** A page as stored: what quotes are verbatim slices of. */
export interface PageToStore {
  no: number;
  label: string;
  text: string;
  isScanned: boolean;
}

export async function runParseJob(deps: ParseDeps, data: ParseJobData, context: JobContext): Promise<void> {
  const { db } = deps;
  const mine = and(eq(kbFiles.id, data.fileId), eq(kbFiles.parseVersion, data.version));
  const [file] = await db
    .update(kbFiles)
    .set({ status: 'parsing', progress: 2, attempts: sql`${kbFiles.attempts} + 1`, statusAt: new Date() })
    .where(and(mine, eq(kbFiles.status, 'queued')))
    .returning();
  // Deleted, re-indexed since, or another try already has it.
  if (!file) return;

  const stop = new AbortController();
  const signal = AbortSignal.any([context.signal, stop.signal]);
  let lastWrite = 0;
  let lastPercent = 2;
  const progress = async (status: 'parsing' | 'indexing', percent: number, force = false) => {
    const now = Date.now();
    percent = Math.max(lastPercent, Math.min(99, Math.round(percent)));
    if (!force && (percent === lastPercent || now - lastWrite < PROGRESS_EVERY_MS)) return;
    lastWrite = now;
    lastPercent = percent;
    const rows = await db
      .update(kbFiles)
      .set({ status, progress: percent, statusAt: new Date() })
      .where(mine)
      .returning({ id: kbFiles.id });
    if (!rows.length) {
      stop.abort();
      throw new Gone();
    }
  };

  try {
    const stored = await deps.storage.get(file.storageKey);
    if (!stored) throw new ParseError('corrupt', '原始文件已丢失，请重新上传');
    let pending: Promise<void> = Promise.resolve();
    const doc = await parseDocument(stored.body, {
      kind: file.kind as DocumentKind,
      ocr: deps.ocr,
      signal,
      maxPages: deps.config.maxPages,
      filename: file.filename,
      onProgress: (done: number, total?: number) => {
        const fraction = total ? done / total : done;
        pending = pending.then(() => progress('parsing', 5 + 70 * Math.min(1, fraction))).catch(() => {});
      },
    });
    await pending;
    if (signal.aborted) throw new Gone();
    const pages: PageToStore[] = doc.pages.map((p) => ({
      no: p.no,
      label: p.label || String(p.no),
      text: p.text,
      isScanned: Boolean(p.isScanned),
    }));
    if (!pages.some((p) => p.text.trim())) throw new ParseError('no_text', '文件中没有可读取的文字');
    await progress('indexing', 80, true);
    const chunks = chunkDocument(doc);
    await indexAndSwap(deps, { ...data, signal, progress }, pages, chunks, doc.warnings);
    deps.log.info(
      { event: 'knowledge.parsed', fileId: data.fileId, pages: pages.length, chunks: chunks.length },
      '知识库文件已解析',
    );
  } catch (error) {
    if (error instanceof Gone || stop.signal.aborted) return;
    if (error instanceof ParseError) {
      await fail(db, data, error.message);
      return;
    }
    const isLast = context.attempt >= PARSE_ATTEMPTS;
    const reason = context.signal.aborted ? '解析超时' : '解析出错';
    deps.log.warn(
      { event: 'knowledge.parse_failed', fileId: data.fileId, attempt: context.attempt, err: error },
      '知识库文件解析失败',
    );
    if (isLast) await fail(db, data, `${reason}，已重试 ${PARSE_ATTEMPTS} 次。请稍后点击“重新解析”`);
    else
      await db
        .update(kbFiles)
        .set({ status: 'queued', statusAt: new Date() })
        .where(and(eq(kbFiles.id, data.fileId), eq(kbFiles.parseVersion, data.version)));
    throw error;
  }
}

async function fail(db: Db, data: ParseJobData, reason: string) {
  await db
    .update(kbFiles)
    .set({ status: 'failed', failReason: reason, statusAt: new Date(), updatedAt: new Date() })
    .where(and(eq(kbFiles.id, data.fileId), eq(kbFiles.parseVersion, data.version)));
}

interface SwapContext extends ParseJobData {
  signal: AbortSignal;
  progress: (status: 'indexing', percent: number, force?: boolean) => Promise<void>;
}

export const headingText = (path: DocumentChunk['headingPath']) => path.join(' > ').slice(0, 1000);

/**
 * Tokens and vectors for the chunks, then one transaction that replaces the file's pages,
 * chunks and vectors and marks it ready — only if the row is still this version.
 */
export async function indexAndSwap(
  deps: Pick<ParseDeps, 'db' | 'llm' | 'embeddingModel'>,
  context: SwapContext,
  pages: PageToStore[],
  chunks: DocumentChunk[],
  warnings: string[],
) {
  // Tokenizing a long document takes seconds: a batch at a time, yielding to other requests between.
  const rows: (typeof kbChunks.$inferInsert)[] = [];
  for (let i = 0; i < chunks.length; i += TOKENIZE_BATCH) {
    for (const [j, c] of chunks.slice(i, i + TOKENIZE_BATCH).entries()) {
      const heading = headingText(c.headingPath);
      rows.push({
        fileId: context.fileId,
        idx: i + j,
        pageNo: c.pageNo,
        pageLabel: (c.pageLabel || String(c.pageNo)).slice(0, 100),
        headingPath: heading,
        text: c.text,
        start: c.start,
        end: c.end,
        isTable: c.isTable,
        tokens: chunkTokens(`${heading}\n${c.text}`),
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (context.signal.aborted) throw new Gone();
    await context.progress('indexing', 80 + (10 * rows.length) / chunks.length);
  }
  const vectors: { idx: number; vector: number[] }[] = [];
  let model = '';
  for (let i = 0; i < rows.length; i += EMBED_BATCH) {
    const batch = rows.slice(i, i + EMBED_BATCH);
    const embedded = await deps.llm.embed(
      batch.map((r) => `${r.headingPath ?? ''}\n${r.text}`.slice(0, 2000)),
      { signal: context.signal, purpose: 'kb-vectors' },
    );
    if (!embedded) break;
    model = deps.embeddingModel;
    for (const [j, vector] of embedded.entries()) vectors.push({ idx: batch[j]!.idx!, vector });
    await context.progress('indexing', 90 + (8 * (i + batch.length)) / rows.length);
  }
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: kbFiles.id })
      .from(kbFiles)
      .where(and(eq(kbFiles.id, context.fileId), eq(kbFiles.parseVersion, context.version)))
      .for('update');
    if (!row) throw new Gone();
    await tx.delete(kbChunkVectors).where(eq(kbChunkVectors.fileId, context.fileId));
    await tx.delete(kbChunks).where(eq(kbChunks.fileId, context.fileId));
    await tx.delete(kbPages).where(eq(kbPages.fileId, context.fileId));
    const pageRows = pages.map((p) => ({
      fileId: context.fileId,
      pageNo: p.no,
      label: p.label.slice(0, 100),
      text: p.text,
      isScanned: p.isScanned,
    }));
    for (let i = 0; i < pageRows.length; i += INSERT_BATCH)
      await tx.insert(kbPages).values(pageRows.slice(i, i + INSERT_BATCH));
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(kbChunks).values(rows.slice(i, i + INSERT_BATCH));
    const vectorRows = vectors.map((v) => ({ fileId: context.fileId, idx: v.idx, model, vector: v.vector }));
    for (let i = 0; i < vectorRows.length; i += INSERT_BATCH)
      await tx.insert(kbChunkVectors).values(vectorRows.slice(i, i + INSERT_BATCH));
    await tx
      .update(kbFiles)
      .set({
        status: 'ready',
        progress: 100,
        failReason: '',
        pageCount: pages.length,
        chunkCount: rows.length,
        warnings: warnings.slice(0, 20),
        statusAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(kbFiles.id, context.fileId));
  });
}
