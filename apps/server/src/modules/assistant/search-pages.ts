/**
 * Report pages for a question. Full text always: jieba tokens in a `simple` tsvector give the
 * candidates (a page must mention the industry the question names, when it names one, and
 * some of its other words), which are then ranked in process (page-rank.ts). With an
 * embeddings service, the pages nearest to the question's vector (report-vectors.ts) join
 * them — under the same industry rule — and the two rankings are fused by reciprocal rank
 * fusion, so a page that says the same thing in other words is found too. Pages of reports
 * on the named industry come first either way.
 */
import { type SQL, sql } from 'drizzle-orm';
import { bigintArray, intArray, textArray } from '../../lib/sql.js';
import { cleanToken, headTokens, tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { ParsedKeyword } from '../library/index.js';
import { nearestReportPages } from './nearest-pages.js';
import { pageStats, rankTerms, scorePage } from './page-rank.js';

/** Tokens too common in report pages to narrow a page search. */
const PAGE_STOP = new Set(
  '的 了 吗 呢 是 在 有 和 与 及 或 等 请 帮 帮我 我 我们 你 这 那 什么 怎么 如何 哪些 多少 多大 行业 一下 一个 一些 给 对 能 会 吧 有没有 请问 目前 现在'.split(
    ' ',
  ),
);

/** Full-text candidates ranked in process; the vector side's candidates. */
const LEXICAL_CANDIDATES = 80;
const VECTOR_CANDIDATES = 40;
/** The usual constant of reciprocal rank fusion: a page's share is 1 / (60 + rank). */
const RRF_K = 60;

export interface PagePassage {
  reportId: number;
  title: string;
  publisher: string;
  publishedAt: string;
  industryId: string;
  pageNo: number;
  text: string;
  score: number;
}

export interface PageSearch {
  question: string;
  parsed: ParsedKeyword;
  /** The industries the question names, with their sub-industries (`Understanding.industryScope`). */
  industryScope: string[];
  /** Only these reports (a research chat limited to some reports). */
  reportIds?: number[];
  limit: number;
}

/** Content tokens of a question for page search (letters and digits only: safe as tsquery lexemes). */
export function questionTokens(text: string): string[] {
  const tokens = tokenize(Array.from(text).slice(0, 500).join(''))
    .map(cleanToken)
    .filter((t) => t && !PAGE_STOP.has(t));
  return headTokens([...new Set(tokens)]).slice(0, 12);
}

type PageRow = {
  report_id: number | string;
  page_no: number;
  text: string;
  title: string;
  publisher: string;
  published_at: string;
  industry_id: string;
  score?: number | string;
};

const PAGE_COLUMNS = sql`p.report_id, p.page_no, p.text, r.title, r.publisher,
  r.published_at::text as published_at, r.industry_id`;

const toPassage = (row: PageRow): PagePassage => ({
  reportId: Number(row.report_id),
  title: row.title,
  publisher: row.publisher,
  publishedAt: row.published_at,
  industryId: row.industry_id,
  pageNo: Number(row.page_no),
  text: row.text,
  score: Number(row.score ?? 0),
});

const keyOf = (p: { reportId: number; pageNo: number }) => `${p.reportId}:${p.pageNo}`;

/**
 * Report pages for a question, best first. Falls back to any of the words when the strict
 * full-text search finds nothing.
 */
export async function searchReportPages(db: Db, search: PageSearch): Promise<PagePassage[]> {
  const { parsed } = search;
  const topic = parsed.topics
    .map((t) => t.query)
    .filter(Boolean)
    .map((q) => `(${q})`)
    .join(' | ');
  const recognized = new Set(parsed.recognizedWords.flatMap((w) => tokenize(w)));
  const rest = questionTokens(search.question).filter((t) => !recognized.has(t));
  const any = [...new Set([...rest, ...questionTokens(parsed.recognizedWords.join(' '))])];
  // Ranking counts the industry words the question says, not every synonym of them.
  const asked = search.question.normalize('NFKC').toLowerCase();
  const industryTokens = questionTokens(parsed.recognizedWords.filter((w) => asked.includes(w)).join(' '));
  const industries = search.industryScope;
  const strict = topic && rest.length ? `(${topic}) & (${rest.join(' | ')})` : topic || rest.join(' | ');
  if (!strict) return [];
  const scope: SQL = search.reportIds?.length
    ? sql`and p.report_id = any(${bigintArray(search.reportIds)})`
    : sql``;
  const run = (query: string) =>
    selectRows<PageRow>(
      db,
      sql`select ${PAGE_COLUMNS},
          ts_rank(to_tsvector('simple', p.search_tokens), to_tsquery('simple', ${any.join(' | ') || query})) as score
        from report_pages p join reports r on r.id = p.report_id
        where to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${query}) ${scope}
        order by (r.industry_id = any(${textArray(industries)})) desc, score desc, r.published_at desc,
          p.report_id, p.page_no
        limit ${Math.max(LEXICAL_CANDIDATES, search.limit)}`,
    );
  const [candidates, nearest] = await Promise.all([
    run(strict).then((rows) => (!rows.length && any.length ? run(any.join(' | ')) : rows)),
    nearestReportPages(db, search.question, { reportIds: search.reportIds, limit: VECTOR_CANDIDATES }),
  ]);

  const terms = rankTerms(rest, industryTokens);
  const stats = await pageStats(
    db,
    terms.map((t) => t.token),
  );
  const inIndustry = (p: PagePassage) => industries.includes(p.industryId);
  const lexical = candidates
    .map(toPassage)
    .map((page, order) => ({ page, order, score: scorePage(page, terms, stats) }))
    .sort(
      (a, b) =>
        Number(inIndustry(b.page)) - Number(inIndustry(a.page)) || b.score - a.score || a.order - b.order,
    )
    .map(({ page, score }) => ({ ...page, score }));
  if (!nearest?.length) return lexical.slice(0, search.limit);

  // The vector side keeps the industry rule: its pages must mention the industry too.
  const known = new Map(lexical.map((p) => [keyOf(p), p]));
  const missing = nearest.filter((hit) => !known.has(keyOf(hit)));
  if (missing.length) {
    const reportIds = bigintArray(missing.map((h) => h.reportId));
    const pageNos = intArray(missing.map((h) => h.pageNo));
    const mentions = topic
      ? sql`and to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${topic})`
      : sql``;
    const rows = await selectRows<PageRow>(
      db,
      sql`select ${PAGE_COLUMNS} from report_pages p join reports r on r.id = p.report_id
        where (p.report_id, p.page_no) in (select * from unnest(${reportIds}, ${pageNos})) ${mentions} ${scope}`,
    );
    for (const row of rows) known.set(keyOf(toPassage(row)), toPassage(row));
  }
  const semantic = nearest.flatMap((hit) => known.get(keyOf(hit)) ?? []);
  return fuse([lexical, semantic], inIndustry).slice(0, search.limit);
}

/** Reciprocal rank fusion of rankings (each best first); the industry's pages first, ties in the first ranking's order. */
function fuse(rankings: PagePassage[][], inIndustry: (p: PagePassage) => boolean): PagePassage[] {
  const fused = new Map<string, { page: PagePassage; score: number; first: number }>();
  rankings.forEach((ranking, which) => {
    ranking.forEach((page, rank) => {
      const key = keyOf(page);
      const entry = fused.get(key) ?? { page, score: 0, first: which * 10_000 + rank };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(key, entry);
    });
  });
  return [...fused.values()]
    .sort(
      (a, b) =>
        Number(inIndustry(b.page)) - Number(inIndustry(a.page)) || b.score - a.score || a.first - b.first,
    )
    .map(({ page, score }) => ({ ...page, score }));
}
