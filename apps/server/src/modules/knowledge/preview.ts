/**
 * A file's pages (or chunks) for reading, with a quote highlighted where it stands. A public
 * file read in preview shows its first pages only; everything else in it stays on the server.
 * Opening a file counts one view per viewer and hour (the hot list).
 */
import type { KbPreview } from '@jq/contract';
import { and, asc, between, eq, gte, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbChunks, kbEvents, kbPages } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { presentFile, readFile, statsOf } from './file-rows.js';
import { actorKey, fileNotFound, type Viewer } from './viewer.js';

/** Pages answered at once around the asked page. */
const WINDOW = 20;

export async function previewFile(
  db: Db,
  viewer: Viewer,
  config: KnowledgeConfig,
  query: { id: number; page?: number | undefined; q?: string | undefined; view: 'pages' | 'chunks' },
): Promise<KbPreview> {
  const row = await readFile(db, viewer, query.id);
  if (!row) throw fileNotFound();
  const isPartial = row.access === 'preview' && row.pageCount > config.previewPages;
  const lastReadable =
    row.access === 'preview' ? Math.min(config.previewPages, row.pageCount) : row.pageCount;
  const asked = Math.min(Math.max(query.page ?? 1, 1), Math.max(lastReadable, 1));
  const from = Math.max(1, asked - 5);
  const to = Math.min(lastReadable, from + WINDOW - 1);
  const range = and(eq(kbPages.fileId, row.contentId), between(kbPages.pageNo, from, to));
  const pages =
    query.view === 'pages' && lastReadable > 0
      ? await db.select().from(kbPages).where(range).orderBy(asc(kbPages.pageNo))
      : [];
  const chunks =
    query.view === 'chunks' && lastReadable > 0
      ? await db
          .select()
          .from(kbChunks)
          .where(and(eq(kbChunks.fileId, row.contentId), between(kbChunks.pageNo, from, to)))
          .orderBy(asc(kbChunks.idx))
      : [];
  let highlight: KbPreview['highlight'] = null;
  if (query.q && query.page !== undefined && query.page <= lastReadable) {
    const [page] = await db
      .select({ text: kbPages.text })
      .from(kbPages)
      .where(and(eq(kbPages.fileId, row.contentId), eq(kbPages.pageNo, query.page)));
    const at = page ? page.text.indexOf(query.q) : -1;
    if (at >= 0) highlight = { pageNo: query.page, start: at, end: at + query.q.length };
  }
  await countView(db, viewer, row.contentId);
  const stats = await statsOf(db, [row.contentId]);
  const isWhole = row.access !== 'preview';
  const originalUrl =
    row.kind === 'pdf' && isWhole
      ? row.reportId !== null
        ? `/api/files/reports/${row.reportId}.pdf`
        : row.storageKey
          ? `/api/kb/file/${row.id}`
          : null
      : null;
  return {
    file: presentFile(row, viewer, config, stats.get(row.contentId)),
    pages: pages.map((p) => ({ no: p.pageNo, label: p.label, text: p.text, isScanned: p.isScanned })),
    chunks: chunks.map((c) => ({
      index: c.idx,
      pageNo: c.pageNo,
      pageLabel: c.pageLabel,
      headingPath: c.headingPath,
      text: c.text,
      isTable: c.isTable,
    })),
    totalPages: row.pageCount,
    isPartial,
    highlight,
    originalUrl,
  };
}

async function countView(db: Db, viewer: Viewer, fileId: number) {
  const actor = actorKey(viewer);
  const [recent] = await db
    .select({ id: kbEvents.id })
    .from(kbEvents)
    .where(
      and(
        eq(kbEvents.fileId, fileId),
        eq(kbEvents.kind, 'view'),
        eq(kbEvents.actor, actor),
        gte(kbEvents.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  if (!recent) await db.insert(kbEvents).values({ fileId, kind: 'view', actor });
}
