/**
 * Chunks for a question, within the files a conversation may read. Full text always: the
 * question's jieba tokens select candidates through the chunks' `simple` tsvector (GIN), then
 * BM25 scores them in process over the scope's own statistics (how many of the scope's chunks
 * say each word), times how much of the question a chunk covers and whether its heading says
 * it. With an embeddings service (EMBEDDING_*) the chunks nearest the question's vector join
 * (vectors.ts), the two rankings are fused by reciprocal rank fusion and the fused head is
 * re-ranked by question coverage. Files read in preview give only their first pages.
 */
import { sql } from 'drizzle-orm';
import { tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import { cleanTerm, termCounts } from './chunk-tokens.js';
import { idArray } from './file-rows.js';
import { nearestChunks } from './vectors.js';

export interface ScopeFile {
  /** The content's file id (what quotes call `pid`). */
  id: number;
  title: string;
  /** Only pages up to this one (a public file read in preview); null: all. */
  pageLimit: number | null;
}

export interface ChunkHit {
  fileId: number;
  idx: number;
  pageNo: number;
  pageLabel: string;
  headingPath: string;
  text: string;
  start: number;
  end: number;
  isTable: boolean;
  title: string;
  score: number;
}

const STOP = new Set(
  (
    '的 了 吗 呢 吧 啊 是 在 有 和 与 及 或 等 请 帮 帮我 我 我们 你 您 这 那 这个 那个 什么 怎么 怎样 如何 ' +
    '哪些 哪个 多少 为什么 是否 能否 可以 一下 一个 一些 给 对 就 都 也 还 要 会 能 想 知道 告诉 介绍 ' +
    '有没有 是不是 请问 目前 现在 文件 文档 资料 里 中'
  ).split(' '),
);
const K1 = 1.2;
const B = 0.75;
const CANDIDATES = 150;
const VECTOR_CANDIDATES = 40;
const RRF_K = 60;

/** The question's content words (no one-character words unless latin or digits), at most 16. */
export function questionTerms(question: string): string[] {
  const terms = tokenize(Array.from(question).slice(0, 500).join(''))
    .map(cleanTerm)
    .filter((t) => t && !STOP.has(t) && (Array.from(t).length > 1 || /^[a-z0-9]+$/i.test(t)));
  return [...new Set(terms)].slice(0, 16);
}

type Row = {
  file_id: string | number;
  idx: number;
  page_no: number;
  page_label: string;
  heading_path: string;
  text: string;
  start: number;
  end: number;
  is_table: boolean;
  tokens: string;
};

/** `(file_id = any(full) or (file_id = any(preview) and page_no <= n))`: the pages the scope may read. */
function readablePages(files: ScopeFile[]) {
  const byLimit = new Map<number | null, number[]>();
  for (const f of files) byLimit.set(f.pageLimit, [...(byLimit.get(f.pageLimit) ?? []), f.id]);
  const parts = [...byLimit].map(([limit, ids]) =>
    limit === null
      ? sql`c.file_id = any(${idArray(ids)})`
      : sql`(c.file_id = any(${idArray(ids)}) and c.page_no <= ${limit})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

function anyOf(terms: string[]) {
  return sql.join(
    terms.map((t) => sql`plainto_tsquery('simple', ${t})`),
    sql` || `,
  );
}

export interface ChunkSearch {
  question: string;
  files: ScopeFile[];
  limit: number;
  signal?: AbortSignal | undefined;
}

export async function searchChunks(db: Db, llm: LlmPort, search: ChunkSearch): Promise<ChunkHit[]> {
  if (!search.files.length) return [];
  const titles = new Map(search.files.map((f) => [f.id, f.title]));
  const terms = questionTerms(search.question);
  const scope = readablePages(search.files);
  const [lexicalRows, nearest] = await Promise.all([
    terms.length
      ? selectRows<Row>(
          db,
          sql`select c.file_id, c.idx, c.page_no, c.page_label, c.heading_path, c.text, c.start, c."end",
              c.is_table, c.tokens
            from kb_chunks c
            where ${scope} and c.search_vector @@ (${anyOf(terms)})
            order by ts_rank(c.search_vector, (${anyOf(terms)})) desc, c.file_id, c.idx
            limit ${CANDIDATES}`,
        )
      : Promise.resolve([] as Row[]),
    nearestChunks(db, llm, { question: search.question, files: search.files, limit: VECTOR_CANDIDATES }),
  ]);
  const stats = terms.length ? await scopeStats(db, scope, terms) : { n: 0, avg: 1, df: new Map() };
  const toHit = (row: Row, score: number): ChunkHit => ({
    fileId: Number(row.file_id),
    idx: row.idx,
    pageNo: row.page_no,
    pageLabel: row.page_label,
    headingPath: row.heading_path,
    text: row.text,
    start: row.start,
    end: row.end,
    isTable: row.is_table,
    title: titles.get(Number(row.file_id)) ?? '',
    score,
  });
  const tokensOf = new Map<string, string>();
  const lexical = lexicalRows
    .map((row) => {
      tokensOf.set(`${row.file_id}:${row.idx}`, row.tokens);
      const score = bm25(row.tokens, row.heading_path, terms, stats);
      return toHit(row, isTableOfContents(row.text) ? score * 0.15 : score);
    })
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.fileId - b.fileId || a.idx - b.idx);
  if (!nearest?.length) return lexical.slice(0, search.limit);

  const known = new Map(lexical.map((h) => [`${h.fileId}:${h.idx}`, h]));
  const missing = nearest.filter((n) => !known.has(`${n.fileId}:${n.idx}`));
  if (missing.length) {
    const rows = await selectRows<Row>(
      db,
      sql`select c.file_id, c.idx, c.page_no, c.page_label, c.heading_path, c.text, c.start, c."end",
          c.is_table, c.tokens
        from kb_chunks c
        where ${scope} and (c.file_id, c.idx) in (select * from unnest(${idArray(missing.map((m) => m.fileId))},
          ${sql.raw(`ARRAY[${missing.map((m) => Math.trunc(m.idx)).join(',')}]::int[]`)}))`,
    );
    for (const row of rows) {
      tokensOf.set(`${row.file_id}:${row.idx}`, row.tokens);
      known.set(`${row.file_id}:${row.idx}`, toHit(row, 0));
    }
  }
  const semantic = nearest.flatMap((n) => known.get(`${n.fileId}:${n.idx}`) ?? []);
  const fused = new Map<string, { hit: ChunkHit; score: number }>();
  for (const ranking of [lexical, semantic]) {
    ranking.forEach((hit, rank) => {
      const key = `${hit.fileId}:${hit.idx}`;
      const entry = fused.get(key) ?? { hit, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(key, entry);
    });
  }
  // Re-rank the fused head: a chunk that says more of the question's words goes first.
  return [...fused.values()]
    .map(({ hit, score }) => ({
      ...hit,
      score: score * (0.5 + coverage(tokensOf.get(`${hit.fileId}:${hit.idx}`) ?? '', terms)),
    }))
    .sort((a, b) => b.score - a.score || a.fileId - b.fileId || a.idx - b.idx)
    .slice(0, search.limit);
}

interface ScopeStats {
  n: number;
  avg: number;
  df: Map<string, number>;
}

async function scopeStats(
  db: Db,
  scope: ReturnType<typeof readablePages>,
  terms: string[],
): Promise<ScopeStats> {
  const counts = sql.join(
    terms.map(
      (t, i) =>
        sql`count(*) filter (where c.search_vector @@ plainto_tsquery('simple', ${t})) as ${sql.raw(`df${i}`)}`,
    ),
    sql`, `,
  );
  const [row] = await selectRows<Record<string, string | number>>(
    db,
    sql`select count(*) as n, coalesce(avg(array_length(string_to_array(c.tokens, ' '), 1)), 1) as avg, ${counts}
      from kb_chunks c where ${scope}`,
  );
  const df = new Map<string, number>();
  for (const [i, t] of terms.entries()) df.set(t, Number(row?.[`df${i}`] ?? 0));
  return { n: Number(row?.n ?? 0), avg: Number(row?.avg ?? 1) || 1, df };
}

function bm25(tokens: string, heading: string, terms: string[], stats: ScopeStats): number {
  const tf = termCounts(tokens);
  let length = 0;
  for (const n of tf.values()) length += n;
  const norm = 1 - B + (B * length) / stats.avg;
  let score = 0;
  let covered = 0;
  let total = 0;
  const headingTerms = new Set(tokenize(heading).map(cleanTerm));
  let inHeading = 0;
  for (const term of terms) {
    const df = stats.df.get(term) ?? 0;
    const idf = Math.log(1 + (stats.n - df + 0.5) / (df + 0.5));
    total += idf;
    const f = tf.get(term) ?? 0;
    if (!f) continue;
    covered += idf;
    score += (idf * f * (K1 + 1)) / (f + K1 * norm);
    if (headingTerms.has(term)) inHeading += idf;
  }
  if (!score) return 0;
  return score * (0.5 + 0.5 * (covered / (total || 1))) * (1 + 0.3 * (inHeading / (total || 1)));
}

const TOC_LINE = /(…{2,}|\.{4,}|·{4,}|-{4,})\s*\d+\s*$/;

/** A table of contents says every word of a document and answers nothing: it counts little. */
export function isTableOfContents(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim());
  const toc = lines.filter((line) => TOC_LINE.test(line) || /^\s*目\s*录\s*$/.test(line)).length;
  return toc >= 2 && toc / lines.length > 0.3;
}

/** Lines a model should not read as content: table-of-contents entries. */
export function withoutTocLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !TOC_LINE.test(line))
    .join('\n');
}

function coverage(tokens: string, terms: string[]): number {
  if (!terms.length) return 1;
  const tf = termCounts(tokens);
  return terms.filter((t) => tf.has(t)).length / terms.length;
}
