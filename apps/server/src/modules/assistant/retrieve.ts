/**
 * Retrieval for answers: library records (projects, institutions, investors) through the
 * library's own search, with the industry, stage and region words of the question turned
 * into filters; and report pages by full text (jieba tokens in a `simple` tsvector), an
 * industry the question names narrowing the pages to it. Only public library data is
 * searched here; a conversation's own messages are the only user data an answer sees.
 */
import type { InvestorCard, OrgCard, ProjectCard } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { bigintArray, textArray } from '../library/search/conditions.js';
import { cleanToken, headTokens, type ParsedKeyword, parseKeyword } from '../library/search/parse-keyword.js';
import { searchInvestors } from '../library/search/search-investors.js';
import { searchOrgs } from '../library/search/search-orgs.js';
import { searchProjects } from '../library/search/search-projects.js';
import {
  expandIndustries,
  getVocabulary,
  industryName,
  type Vocabulary,
} from '../library/search/vocabulary.js';

/** Words of a request that say nothing about what is searched for. */
const FILLER = new Set(
  (
    '帮 帮我 我 我们 找 找找 寻找 查找 搜索 推荐 列出 列举 筛选 看看 一下 给 给我 请 请问 哪些 有哪些 什么 多少 ' +
    '领域 行业 赛道 方向 板块 相关 项目 公司 企业 标的 的 了 吗 呢 有 在 是 和 与 及 投资人 投资 机构 投资机构 ' +
    '基金 资本 创投 关注 适合 可以 能 想 要 需要 一些 几个 几家 家 个 最近 最新 目前 现在 融资 轮 阶段 ' +
    '多大 怎么样 如何 怎么 情况 介绍 分析 市场 规模 市场规模 趋势 前景 报告 研报'
  ).split(' '),
);

/** Tokens too common in report pages to narrow a page search. */
const PAGE_STOP = new Set(
  '的 了 吗 呢 是 在 有 和 与 及 或 等 请 帮 帮我 我 我们 你 这 那 什么 怎么 如何 哪些 多少 多大 行业 一下 一个 一些 给 对 能 会 吧 有没有 请问 目前 现在'.split(
    ' ',
  ),
);

export interface Understanding {
  parsed: ParsedKeyword;
  vocabulary: Vocabulary;
  industryNames: string[];
}

export async function understand(db: Db, question: string): Promise<Understanding> {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(question, vocabulary);
  return {
    parsed,
    vocabulary,
    industryNames: parsed.industryIds.map((id) => industryName(vocabulary, id)).filter(Boolean),
  };
}

/** What is left of the question once filler and recognised words are gone: a keyword for names and text. */
export function restKeyword(parsed: ParsedKeyword): string {
  return parsed.restWords.filter((w) => !FILLER.has(w) && Array.from(w).length > 1).join(' ');
}

const filtersOf = (parsed: ParsedKeyword) => ({
  industry: parsed.industryIds,
  stage: parsed.stages,
  region: parsed.regionCodes,
});

/** The library search with the question's filters; without a match on the rest words, by the filters alone. */
async function withFallback<T extends { list: unknown[]; total: number }>(
  parsed: ParsedKeyword,
  run: (keyword: string) => Promise<T>,
): Promise<T | null> {
  const rest = restKeyword(parsed);
  const hasFilters = parsed.industryIds.length + parsed.stages.length + parsed.regionCodes.length > 0;
  if (!rest && !hasFilters) return null;
  const first = await run(rest);
  if (first.list.length || !rest || !hasFilters) return first;
  return run('');
}

export interface Found<T> {
  list: T[];
  total: number;
}

export async function findProjects(
  db: Db,
  parsed: ParsedKeyword,
  limit: number,
): Promise<Found<ProjectCard>> {
  const result = await withFallback(parsed, (keyword) =>
    searchProjects(db, { keyword, ...filtersOf(parsed), sort: 'relevance', page: 1, pageSize: limit }),
  );
  return result ? { list: result.list, total: result.total } : { list: [], total: 0 };
}

export async function findInstitutions(
  db: Db,
  parsed: ParsedKeyword,
  limit: number,
): Promise<Found<OrgCard>> {
  const result = await withFallback(parsed, (keyword) =>
    searchOrgs(db, { keyword, ...filtersOf(parsed), sort: 'relevance', page: 1, pageSize: limit }),
  );
  return result ? { list: result.list, total: result.total } : { list: [], total: 0 };
}

export async function findInvestors(
  db: Db,
  parsed: ParsedKeyword,
  limit: number,
): Promise<Found<InvestorCard>> {
  const result = await withFallback(parsed, (keyword) =>
    searchInvestors(db, { keyword, ...filtersOf(parsed), sort: 'relevance', page: 1, pageSize: limit }),
  );
  return result ? { list: result.list as InvestorCard[], total: result.total } : { list: [], total: 0 };
}

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
  vocabulary: Vocabulary;
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

/**
 * Report pages for a question, best first. A page must mention the industry the question
 * names (when it names one) and some of its other words; pages of reports on that industry
 * rank first. Falls back to any of the words when the strict search finds nothing.
 */
export async function searchReportPages(db: Db, search: PageSearch): Promise<PagePassage[]> {
  const { parsed, vocabulary } = search;
  const topic = parsed.topics
    .map((t) => t.query)
    .filter(Boolean)
    .map((q) => `(${q})`)
    .join(' | ');
  const recognized = new Set(parsed.recognizedWords.flatMap((w) => tokenize(w)));
  const rest = questionTokens(search.question).filter((t) => !recognized.has(t));
  const any = [...new Set([...rest, ...questionTokens(parsed.recognizedWords.join(' '))])];
  const industries = expandIndustries(vocabulary, parsed.industryIds);
  const strict = topic && rest.length ? `(${topic}) & (${rest.join(' | ')})` : topic || rest.join(' | ');
  if (!strict) return [];
  const scope: SQL = search.reportIds?.length
    ? sql`and p.report_id = any(${bigintArray(search.reportIds)})`
    : sql``;
  const run = (query: string) =>
    selectRows<{
      report_id: number | string;
      page_no: number;
      text: string;
      title: string;
      publisher: string;
      published_at: string;
      industry_id: string;
      score: number | string;
    }>(
      db,
      sql`select p.report_id, p.page_no, p.text, r.title, r.publisher, r.published_at::text as published_at,
          r.industry_id,
          ts_rank(to_tsvector('simple', p.search_tokens), to_tsquery('simple', ${any.join(' | ') || query}))
            + case when r.industry_id = any(${textArray(industries)}) then 1 else 0 end as score
        from report_pages p join reports r on r.id = p.report_id
        where to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${query}) ${scope}
        order by score desc, r.published_at desc, p.report_id, p.page_no
        limit ${search.limit}`,
    );
  let rows = await run(strict);
  if (!rows.length && any.length) rows = await run(any.join(' | '));
  return rows.map((row) => ({
    reportId: Number(row.report_id),
    title: row.title,
    publisher: row.publisher,
    publishedAt: row.published_at,
    industryId: row.industry_id,
    pageNo: Number(row.page_no),
    text: row.text,
    score: Number(row.score),
  }));
}
