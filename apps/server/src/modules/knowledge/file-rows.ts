/**
 * Reading files with the caller's rights decided in SQL: a row is readable when it is the
 * caller's own (an upload or a copy saved from the square) or a public original that is
 * ready. Each row comes with its content (a saved copy's content is the original's), the
 * owner's name and how much the caller may read: all of it (owner, saved, unlocked, the
 * platform's files) or only the first pages (`preview`).
 */
import type { KbAccess, KbFile, KbKind, KbStatus } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { Viewer } from './viewer.js';

export const PLATFORM_NAME = '金桥研究院';

export interface FileRow {
  id: number;
  ownerId: number | null;
  sourceFileId: number | null;
  title: string;
  description: string;
  filename: string;
  kind: KbKind;
  size: number;
  visibility: 'private' | 'public';
  price: number;
  isDemo: boolean;
  createdAt: string;
  updatedAt: string;
  contentId: number;
  contentOwnerId: number | null;
  status: KbStatus;
  progress: number;
  failReason: string;
  pageCount: number;
  chunkCount: number;
  warnings: string[];
  parseVersion: number;
  storageKey: string;
  reportId: number | null;
  ownerName: string;
  access: KbAccess;
}

type Raw = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * The readable-file query: `where` narrows it further (ids, the caller's base, the square).
 * Viewer 0 stands for nobody (anonymous callers own nothing and have unlocked nothing).
 */
export function readableFiles(viewer: Viewer, where: SQL, tail: SQL = sql``): SQL {
  const me = viewer.userId ?? 0;
  return sql`select f.id, f.owner_id, f.source_file_id, f.title, f.description, f.filename, c.kind,
      c.size_bytes, f.visibility, f.price_credits, c.is_demo, f.created_at, f.updated_at,
      c.id as content_id, c.owner_id as content_owner_id, c.status, c.progress, c.fail_reason,
      c.page_count, c.chunk_count, c.warnings, c.parse_version, c.storage_key, c.report_id,
      c.price_credits as content_price, coalesce(u.name, '') as owner_name,
      case
        when f.owner_id = ${me} and f.source_file_id is not null then 'saved'
        when f.owner_id = ${me} then 'owner'
        when c.owner_id is null then 'platform'
        when exists (select 1 from kb_unlocks k where k.user_id = ${me} and k.file_id = c.id) then 'unlocked'
        when exists (select 1 from kb_files s where s.owner_id = ${me} and s.source_file_id = c.id) then 'saved'
        else 'preview'
      end as access
    from kb_files f
    join kb_files c on c.id = coalesce(f.source_file_id, f.id)
    left join users u on u.id = c.owner_id
    where (f.owner_id = ${me} or (f.source_file_id is null and f.visibility = 'public' and (f.status = 'ready' or f.page_count > 0)))
      and ${where} ${tail}`;
}

export function toFileRow(r: Raw): FileRow {
  const contentOwnerId = num(r.content_owner_id);
  return {
    id: Number(r.id),
    ownerId: num(r.owner_id),
    sourceFileId: num(r.source_file_id),
    title: String(r.title),
    description: String(r.description),
    filename: String(r.filename),
    kind: r.kind as KbKind,
    size: Number(r.size_bytes),
    visibility: r.visibility as 'private' | 'public',
    // A copy's price is the original's: that is what unlocking costs.
    price: Number(r.content_price ?? r.price_credits),
    isDemo: Boolean(r.is_demo),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    contentId: Number(r.content_id),
    contentOwnerId,
    status: r.status as KbStatus,
    progress: Number(r.progress),
    failReason: String(r.fail_reason),
    pageCount: Number(r.page_count),
    chunkCount: Number(r.chunk_count),
    warnings: (typeof r.warnings === 'string' ? JSON.parse(r.warnings) : r.warnings) as string[],
    parseVersion: Number(r.parse_version),
    storageKey: String(r.storage_key),
    reportId: num(r.report_id),
    ownerName: contentOwnerId === null ? PLATFORM_NAME : String(r.owner_name) || '金桥用户',
    access: r.access as KbAccess,
  };
}

/** Readable files by id, in the order asked; ids the caller may not read are left out. */
export async function readFiles(db: Db, viewer: Viewer, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  const rows = await selectRows<Raw>(db, readableFiles(viewer, sql`f.id = any(${idArray(ids)})`));
  const byId = new Map(rows.map((r) => [Number(r.id), toFileRow(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readFile(db: Db, viewer: Viewer, id: number): Promise<FileRow | undefined> {
  return (await readFiles(db, viewer, [id]))[0];
}

export interface FileStats {
  views: number;
  saves: number;
  cites: number;
}

/** All-time views, saves and citations of the files' content. */
export async function statsOf(db: Db, contentIds: number[]): Promise<Map<number, FileStats>> {
  const stats = new Map<number, FileStats>();
  if (!contentIds.length) return stats;
  const rows = await selectRows<{ file_id: string | number; kind: string; n: string | number }>(
    db,
    sql`select file_id, kind, count(*) as n from kb_events
      where file_id = any(${idArray([...new Set(contentIds)])})
      group by file_id, kind`,
  );
  for (const row of rows) {
    const id = Number(row.file_id);
    const entry = stats.get(id) ?? { views: 0, saves: 0, cites: 0 };
    if (row.kind === 'view') entry.views = Number(row.n);
    else if (row.kind === 'save') entry.saves = Number(row.n);
    else entry.cites = Number(row.n);
    stats.set(id, entry);
  }
  return stats;
}

export function presentFile(
  row: FileRow,
  viewer: Viewer,
  config: KnowledgeConfig,
  stats: FileStats = { views: 0, saves: 0, cites: 0 },
): KbFile {
  const isPreview = row.access === 'preview';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    filename: row.filename,
    kind: row.kind,
    size: row.size,
    status: row.status,
    progress: row.progress,
    failReason: row.failReason,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    warnings: row.warnings,
    visibility: row.visibility,
    price: row.price,
    ownerName: row.ownerName,
    isMine: viewer.userId !== null && row.ownerId === viewer.userId,
    isSaved: row.sourceFileId !== null,
    contentId: row.contentId,
    access: row.access,
    previewPages: isPreview ? Math.min(config.previewPages, row.pageCount) : row.pageCount,
    isDemo: row.isDemo,
    stats,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Files presented with their stats, in one extra query. */
export async function presentFiles(
  db: Db,
  rows: FileRow[],
  viewer: Viewer,
  config: KnowledgeConfig,
): Promise<KbFile[]> {
  const stats = await statsOf(
    db,
    rows.map((r) => r.contentId),
  );
  return rows.map((row) => presentFile(row, viewer, config, stats.get(row.contentId)));
}

/** Ids as a bigint[] literal (integers only, so safe to inline). */
export function idArray(ids: number[]): SQL {
  return sql.raw(`ARRAY[${ids.map((n) => Math.trunc(Number(n))).join(',')}]::bigint[]`);
}
