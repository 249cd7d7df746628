/**
 * Retrieval for answers: library records (projects, institutions, investors) through the
 * library's own search, with the industry, stage and region words of the question turned
 * into filters; and report pages (search-pages.ts: full text, ranked in process, fused with
 * vectors when an embeddings service is configured). Only public library data is
 * searched here; a conversation's own messages are the only user data an answer sees.
 */
import type { InvestorCard, OrgCard, ProjectCard } from '@jq/contract';
import type { Db } from '../../platform/database/index.js';
import {
  type ParsedKeyword,
  type QueryReading,
  readQuery,
  searchInstitutions,
  searchInvestors,
  searchProjects,
} from '../library/index.js';

export { type PagePassage, type PageSearch, questionTokens, searchReportPages } from './search-pages.js';

/** Words of a request that say nothing about what is searched for. */
const FILLER = new Set(
  (
    '帮 帮我 我 我们 找 找找 寻找 查找 搜索 推荐 列出 列举 筛选 看看 一下 给 给我 请 请问 哪些 有哪些 什么 多少 ' +
    '领域 行业 赛道 方向 板块 相关 项目 公司 企业 标的 的 了 吗 呢 有 在 是 和 与 及 投资人 投资 机构 投资机构 ' +
    '基金 资本 创投 关注 适合 可以 能 想 要 需要 一些 几个 几家 家 个 最近 最新 目前 现在 融资 轮 阶段 ' +
    '多大 怎么样 如何 怎么 情况 介绍 分析 市场 规模 市场规模 趋势 前景 报告 研报'
  ).split(' '),
);

/** A question read in the library's vocabulary: what it names, and the industries that covers. */
export type Understanding = QueryReading;

export function understand(db: Db, question: string): Promise<Understanding> {
  return readQuery(db, question);
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
    searchInstitutions(db, { keyword, ...filtersOf(parsed), sort: 'relevance', page: 1, pageSize: limit }),
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
