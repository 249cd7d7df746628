/**
 * The order of report pages a full-text search found. `ts_rank` over deduplicated tokens
 * ties a lot (most pages of a report have the same words once), so candidates are scored
 * again here, over jieba tokens: BM25 (how often a page says each word of the question,
 * rarer words weighing more, long pages damped), how many of the words it has, whether they
 * stand in one sentence, whether the page heading or report title says them, and whether
 * the page is body text rather than a cover, a table of contents or a table.
 */
import { sql } from 'drizzle-orm';
import { textArray } from '../../lib/sql.js';
import { tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { isProse } from './passages.js';

export interface RankTerm {
  token: string;
  /** 1 for the question's own words; less for the industry it names (every candidate has it). */
  weight: number;
}

export interface CorpusStats {
  pages: number;
  avgChars: number;
  /** Pages that have the token. */
  df: Map<string, number>;
}

export interface RankablePage {
  pageNo: number;
  title: string;
  text: string;
}

const K1 = 1.2;
const B = 0.75;
const STATS_TTL_MS = 5 * 60_000;
const MAX_CACHED_TERMS = 5000;
const SEGMENT = /[^。！？!?；;\n]+[。！？!?；;]?/g;
const TOC_LINE = /(…{2,}|\.{4,}|·{4,}|-{4,})\s*\d+\s*$/;

/** Ranking terms: the question's words (one-character words say too little) and the industry's. */
export function rankTerms(rest: string[], industryTokens: string[]): RankTerm[] {
  const long = (t: string) => Array.from(t).length > 1 || /^[a-z0-9]+$/i.test(t);
  const terms = new Map<string, number>();
  for (const t of industryTokens) if (long(t)) terms.set(t, 0.6);
  for (const t of rest) if (long(t)) terms.set(t, 1);
  return [...terms].map(([token, weight]) => ({ token, weight }));
}

function idf(stats: CorpusStats, token: string): number {
  const df = stats.df.get(token) ?? 0;
  return Math.log(1 + (stats.pages - df + 0.5) / (df + 0.5));
}

/** How much a page's kind counts: a table of contents almost nothing, a cover or a table less than prose. */
export function pageKindFactor(pageNo: number, text: string): number {
  const lines = text.split('\n').filter((line) => line.trim());
  const tocLines = lines.filter((line) => TOC_LINE.test(line) || /^\s*目\s*录\s*$/.test(line)).length;
  if (tocLines >= 3 && tocLines / lines.length > 0.3) return 0.15;
  let prose = 0;
  let all = 0;
  for (const match of text.matchAll(SEGMENT)) {
    const segment = match[0].trim();
    all += segment.length;
    if (isProse(segment)) prose += segment.length;
  }
  const factor = 0.4 + 0.6 * (all ? prose / all : 0);
  // The first page is a cover with the headline figures; the page that explains them ranks first.
  return pageNo === 1 ? factor * 0.6 : factor;
}

/** The score of one page for the terms (0 when it has none of them). */
export function scorePage(page: RankablePage, terms: RankTerm[], stats: CorpusStats): number {
  if (!terms.length) return 0;
  const weights = new Map(terms.map((t) => [t.token, t.weight * idf(stats, t.token)]));
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  const tf = new Map<string, number>();
  let bestSentence = 0;
  for (const match of page.text.matchAll(SEGMENT)) {
    const seen = new Set<string>();
    for (const token of tokenize(match[0])) {
      if (!weights.has(token)) continue;
      tf.set(token, (tf.get(token) ?? 0) + 1);
      seen.add(token);
    }
    let inSentence = 0;
    for (const token of seen) inSentence += weights.get(token)!;
    bestSentence = Math.max(bestSentence, inSentence);
  }
  if (!tf.size) return 0;
  const lengthNorm = 1 - B + (B * page.text.length) / (stats.avgChars || page.text.length || 1);
  let bm25 = 0;
  let covered = 0;
  for (const [token, f] of tf) {
    const w = weights.get(token)!;
    covered += w;
    bm25 += (w * f * (K1 + 1)) / (f + K1 * lengthNorm);
  }
  const share = (text: string) => {
    let sum = 0;
    for (const token of new Set(tokenize(text))) sum += weights.get(token) ?? 0;
    return sum / total;
  };
  const firstLine = page.text.split('\n', 1)[0] ?? '';
  const heading = Array.from(firstLine).length <= 40 && !/[。！？!?；;]$/.test(firstLine) ? firstLine : '';
  return (
    bm25 *
    (0.5 + 0.5 * (covered / total)) *
    (1 + 0.5 * (bestSentence / total)) *
    (1 + 0.3 * share(heading) + 0.1 * share(page.title)) *
    pageKindFactor(page.pageNo, page.text)
  );
}

interface CachedStats extends CorpusStats {
  at: number;
}

const statsCache = new WeakMap<Db, CachedStats>();

/** Forgets the page counts (the library changed). */
export function clearPageStats(db: Db) {
  statsCache.delete(db);
}

/** Page count, average length and the pages having each token, cached per process. */
export async function pageStats(db: Db, tokens: string[]): Promise<CorpusStats> {
  const cached = statsCache.get(db);
  const stats =
    cached && Date.now() - cached.at < STATS_TTL_MS && cached.df.size < MAX_CACHED_TERMS
      ? cached
      : await readCounts(db);
  statsCache.set(db, stats);
  const missing = tokens.filter((t) => !stats.df.has(t));
  if (missing.length) {
    const rows = await selectRows<{ term: string; df: string | number }>(
      db,
      sql`select t.term, (select count(*) from report_pages p
          where to_tsvector('simple', p.search_tokens) @@ plainto_tsquery('simple', t.term)) as df
        from unnest(${textArray(missing)}) as t(term)`,
    );
    for (const row of rows) stats.df.set(row.term, Number(row.df));
  }
  return stats;
}

async function readCounts(db: Db): Promise<CachedStats> {
  const [row] = await selectRows<{ pages: string | number; avg_chars: string | number | null }>(
    db,
    sql`select count(*) as pages, avg(length(text)) as avg_chars from report_pages`,
  );
  return {
    at: Date.now(),
    pages: Number(row?.pages ?? 0),
    avgChars: Number(row?.avg_chars ?? 0),
    df: new Map(),
  };
}
