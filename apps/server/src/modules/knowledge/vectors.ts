/**
 * Chunk vectors (EMBEDDING_*), compared in process as the report pages' are (no pgvector on
 * PGlite or a stock PostgreSQL): the parse job stores one `real[]` per chunk; a question is
 * embedded once and compared with the scope's chunks by brute force over unit vectors. Each
 * file's vectors are cached per process under its parse version, so a re-index is never
 * answered from stale vectors. Any failure (service down or slow) is logged and answered with
 * null: retrieval is then full text alone, and vectors are skipped for a while.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import { idArray } from './file-rows.js';
import type { ScopeFile } from './retrieve.js';

export const vectorOptions = { queryTimeoutMs: 5000, pauseAfterFailureMs: 30_000, minSimilarity: 0.2 };

interface FileVectors {
  version: number;
  dims: number;
  idx: Int32Array;
  pageNo: Int32Array;
  data: Float32Array;
}

const MAX_CACHED_FILES = 5000;
const caches = new WeakMap<Db, Map<number, FileVectors>>();
/** Per database (one server's), so a test's failing service never pauses another's. */
const pausedUntil = new WeakMap<Db, number>();

function unit(vector: number[]): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return vector.map((x) => x / norm);
}

const parseArray = (v: number[] | string) =>
  typeof v === 'string'
    ? v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map(Number)
    : v.map(Number);

async function loadVectors(db: Db, fileIds: number[]): Promise<Map<number, FileVectors>> {
  const cache = caches.get(db) ?? new Map<number, FileVectors>();
  caches.set(db, cache);
  const versions = await selectRows<{ id: string | number; parse_version: number }>(
    db,
    sql`select id, parse_version from kb_files where id = any(${idArray(fileIds)})`,
  );
  const stale = versions.filter((v) => cache.get(Number(v.id))?.version !== v.parse_version);
  if (stale.length) {
    const rows = await selectRows<{
      file_id: string | number;
      idx: number;
      page_no: number;
      vector: number[] | string;
    }>(
      db,
      sql`select v.file_id, v.idx, c.page_no, v.vector from kb_chunk_vectors v
        join kb_chunks c on c.file_id = v.file_id and c.idx = v.idx
        where v.file_id = any(${idArray(stale.map((s) => Number(s.id)))}) order by v.file_id, v.idx`,
    );
    const grouped = new Map<number, typeof rows>();
    for (const row of rows) {
      const id = Number(row.file_id);
      grouped.set(id, [...(grouped.get(id) ?? []), row]);
    }
    for (const { id, parse_version } of stale) {
      const list = grouped.get(Number(id)) ?? [];
      const vectors = list.map((r) => unit(parseArray(r.vector)));
      const dims = vectors[0]?.length ?? 0;
      const data = new Float32Array(vectors.length * dims);
      vectors.forEach((v, i) => {
        data.set(v.length === dims ? v : new Array(dims).fill(0), i * dims);
      });
      if (cache.size >= MAX_CACHED_FILES) cache.delete(cache.keys().next().value!);
      cache.set(Number(id), {
        version: parse_version,
        dims,
        idx: Int32Array.from(list.map((r) => r.idx)),
        pageNo: Int32Array.from(list.map((r) => r.page_no)),
        data,
      });
    }
  }
  return cache;
}

export interface VectorHit {
  fileId: number;
  idx: number;
  similarity: number;
}

export async function nearestChunks(
  db: Db,
  llm: LlmPort,
  search: { question: string; files: ScopeFile[]; limit: number },
): Promise<VectorHit[] | null> {
  if (!llm.hasEmbeddings || Date.now() < (pausedUntil.get(db) ?? 0) || !search.files.length) return null;
  let query: number[];
  let cache: Map<number, FileVectors>;
  try {
    const [vectors, loaded] = await Promise.all([
      llm.embed([Array.from(search.question).slice(0, 500).join('')], {
        signal: AbortSignal.timeout(vectorOptions.queryTimeoutMs),
        purpose: 'retrieval',
      }),
      loadVectors(
        db,
        search.files.map((f) => f.id),
      ),
    ]);
    if (!vectors?.[0]) return null;
    query = unit(vectors[0]);
    cache = loaded;
  } catch (error) {
    pausedUntil.set(db, Date.now() + vectorOptions.pauseAfterFailureMs);
    console.warn(`[knowledge] 问题向量化失败，本次只用全文检索：${(error as Error).message}`);
    return null;
  }
  const hits: VectorHit[] = [];
  for (const file of search.files) {
    const entry = cache.get(file.id);
    if (!entry || entry.dims !== query.length) continue;
    for (let row = 0; row < entry.idx.length; row++) {
      if (file.pageLimit !== null && entry.pageNo[row]! > file.pageLimit) continue;
      let dot = 0;
      const base = row * entry.dims;
      for (let d = 0; d < entry.dims; d++) dot += entry.data[base + d]! * query[d]!;
      if (dot >= vectorOptions.minSimilarity)
        hits.push({ fileId: file.id, idx: entry.idx[row]!, similarity: dot });
    }
  }
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, search.limit);
}
