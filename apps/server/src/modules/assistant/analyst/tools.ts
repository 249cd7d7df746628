/**
 * The analyst's tools over the library (issue 15), shared by both engines: the local planner
 * calls them directly, the OpenAI-compatible engine calls them as functions (`tools`). Each
 * returns its data plus the exact filters it used, in words a reader understands (industry
 * names, stage labels, dates). Arguments are validated here; bad ones come back as
 * `{ error }`, never as an exception.
 */
import { type InvestorCard, type OrgCard, type ProjectCard, stageLabel } from '@jq/contract';
import { z } from 'zod';
import { tokenize } from '../../../lib/text.js';
import type { Db } from '../../../platform/database/index.js';
import {
  type ActivityRow,
  aggregateRounds,
  closestNames,
  type EntityFacts,
  entityFacts,
  lookupName,
  type NamedEntity,
  type NamedKind,
  type RoundAggregate,
  type RoundGroupBy,
  rankByActivity,
  readQuestionTerms,
  searchLibrary,
} from '../../library/index.js';
import {
  matchInvestorsForProfile,
  matchProjectsForInvestor,
  parseDescription,
} from '../../matching/index.js';
import { type Period, parsePeriod } from './period.js';

export interface ToolContext {
  db: Db;
  now: Date;
}

/** The filters a tool used, as shown under an answer. */
export interface UsedFilters {
  kind?: string;
  keyword?: string;
  industry?: string[];
  stage?: string[];
  region?: string[];
  period?: Period;
  amount?: { min: number | null; max: number | null };
  groupBy?: string;
}

export type ToolOutcome<T> = { ok: true; data: T; filters: UsedFilters } | { ok: false; error: string };

// ---- argument resolution -------------------------------------------------------------

const words = z.union([z.string(), z.array(z.string())]).optional();
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface Resolved {
  industryIds: string[];
  industryNames: string[];
  stages: number[];
  regionCodes: string[];
  regionNames: string[];
}

/** Industry, stage and region words (or taxonomy ids) → ids, with the names used. */
async function resolveTerms(
  db: Db,
  args: { industry?: string | string[]; stage?: string | string[] | number[]; region?: string | string[] },
): Promise<Resolved | string> {
  const out: Resolved = { industryIds: [], industryNames: [], stages: [], regionCodes: [], regionNames: [] };
  for (const word of list(args.industry)) {
    const t = await readQuestionTerms(db, word);
    if (t.ambiguous.length)
      return `「${word}」可以指 ${t.ambiguous[0]!.choices.map((c) => c.name).join('、')}，请指定其中一个`;
    if (!t.industryIds.length) return `行业「${word}」不在平台的行业分类中`;
    for (const [i, id] of t.industryIds.entries()) {
      if (!out.industryIds.includes(id)) {
        out.industryIds.push(id);
        out.industryNames.push(t.industryNames[i]!);
      }
    }
  }
  const stageWords = Array.isArray(args.stage) ? args.stage : args.stage === undefined ? [] : [args.stage];
  for (const s of stageWords) {
    const code =
      typeof s === 'number' ? s : /^\d+$/.test(s) ? Number(s) : (await readQuestionTerms(db, s)).stages[0];
    if (!code || !stageLabel(code)) return `轮次「${s}」无法识别`;
    if (!out.stages.includes(code)) out.stages.push(code);
  }
  for (const word of list(args.region)) {
    const t = await readQuestionTerms(db, word);
    if (!t.regionCodes.length) return `地区「${word}」无法识别`;
    out.regionCodes.push(...t.regionCodes);
    out.regionNames.push(...t.regionNames);
  }
  return out;
}

/** A period from dates (YYYY-MM-DD) or words (最近一年). */
function resolvePeriod(
  now: Date,
  args: { period?: string | undefined; from?: string | undefined; to?: string | undefined },
): Period | null | string {
  if (args.period) {
    const reading = parsePeriod(args.period, now);
    if (!reading.ok) return reading.message;
    if (!reading.period) return `时间「${args.period}」无法识别`;
    return reading.period;
  }
  if (!args.from && !args.to) return null;
  const from = args.from ?? '1900-01-01';
  const to = args.to ?? new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return '日期格式应为 YYYY-MM-DD';
  const reading = parsePeriod(
    `${from.slice(0, 4)}年${Number(from.slice(5, 7))}月到${to.slice(0, 4)}年${Number(to.slice(5, 7))}月`,
    now,
  );
  if (!reading.ok) return reading.message;
  return { from, to: reading.period?.to ?? to, label: `${from} 至 ${to}` };
}

const termFilters = (r: Resolved): UsedFilters => ({
  ...(r.industryNames.length ? { industry: r.industryNames } : {}),
  ...(r.stages.length ? { stage: r.stages.map(stageLabel) } : {}),
  ...(r.regionNames.length ? { region: r.regionNames } : {}),
});

// ---- the tools -----------------------------------------------------------------------

const SearchArgs = z.object({
  kind: z.enum(['project', 'institution', 'investor']),
  keyword: z.string().max(100).optional(),
  industry: words,
  stage: words,
  region: words,
  amountMin: z.number().nonnegative().optional(),
  amountMax: z.number().nonnegative().optional(),
  limit: z.number().int().min(1).max(20).optional(),
});
export type SearchResult =
  | { kind: 'project'; total: number; list: ProjectCard[] }
  | { kind: 'institution'; total: number; list: OrgCard[] }
  | { kind: 'investor'; total: number; list: InvestorCard[] };

export async function searchTool(ctx: ToolContext, raw: unknown): Promise<ToolOutcome<SearchResult>> {
  const args = SearchArgs.safeParse(raw);
  if (!args.success) return { ok: false, error: `参数有误：${args.error.issues[0]?.message ?? ''}` };
  const a = args.data;
  const terms = await resolveTerms(ctx.db, a);
  if (typeof terms === 'string') return { ok: false, error: terms };
  const q = {
    keyword: a.keyword ?? '',
    industry: terms.industryIds,
    stage: terms.stages,
    region: terms.regionCodes,
    amountMin: a.amountMin ?? null,
    amountMax: a.amountMax ?? null,
    limit: a.limit ?? 8,
  };
  const filters: UsedFilters = {
    kind: { project: '项目', institution: '投资机构', investor: '投资人' }[a.kind],
    ...(a.keyword ? { keyword: a.keyword } : {}),
    ...termFilters(terms),
    ...(a.amountMin != null || a.amountMax != null
      ? { amount: { min: a.amountMin ?? null, max: a.amountMax ?? null } }
      : {}),
  };
  const data: SearchResult =
    a.kind === 'project'
      ? { kind: 'project', ...(await searchLibrary(ctx.db, 'project', q)) }
      : a.kind === 'institution'
        ? { kind: 'institution', ...(await searchLibrary(ctx.db, 'institution', q)) }
        : { kind: 'investor', ...(await searchLibrary(ctx.db, 'investor', q)) };
  return { ok: true, data, filters };
}

const PeriodArgs = {
  period: z.string().max(40).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
};

const AggregateArgs = z.object({
  industry: words,
  stage: words,
  region: words,
  ...PeriodArgs,
  amountMin: z.number().nonnegative().optional(),
  amountMax: z.number().nonnegative().optional(),
  groupBy: z.enum(['none', 'industry', 'stage', 'region', 'year', 'quarter', 'month']).optional(),
});
export interface AggregateResult {
  total: RoundAggregate | null;
  groups: RoundAggregate[];
  groupBy: RoundGroupBy;
}

export async function aggregateTool(ctx: ToolContext, raw: unknown): Promise<ToolOutcome<AggregateResult>> {
  const args = AggregateArgs.safeParse(raw);
  if (!args.success) return { ok: false, error: `参数有误：${args.error.issues[0]?.message ?? ''}` };
  const a = args.data;
  const terms = await resolveTerms(ctx.db, a);
  if (typeof terms === 'string') return { ok: false, error: terms };
  const period = resolvePeriod(ctx.now, a);
  if (typeof period === 'string') return { ok: false, error: period };
  const filters = {
    industryIds: terms.industryIds,
    stages: terms.stages,
    regionCodes: terms.regionCodes,
    from: period?.from ?? null,
    to: period?.to ?? null,
    amountMin: a.amountMin ?? null,
    amountMax: a.amountMax ?? null,
  };
  const groupBy = a.groupBy ?? 'none';
  const [total] = await aggregateRounds(ctx.db, filters, 'none');
  const groups = groupBy === 'none' ? [] : await aggregateRounds(ctx.db, filters, groupBy);
  return {
    ok: true,
    data: { total: total && total.count > 0 ? total : null, groups, groupBy },
    filters: {
      ...termFilters(terms),
      ...(period ? { period } : {}),
      ...(a.amountMin != null || a.amountMax != null
        ? { amount: { min: a.amountMin ?? null, max: a.amountMax ?? null } }
        : {}),
      ...(groupBy !== 'none' ? { groupBy: GROUP_NAMES[groupBy] } : {}),
    },
  };
}

export const GROUP_NAMES: Record<RoundGroupBy, string> = {
  none: '',
  industry: '行业',
  stage: '轮次',
  region: '地区',
  year: '年份',
  quarter: '季度',
  month: '月份',
};

const RankArgs = z.object({
  target: z.enum(['institution', 'investor']).optional(),
  industry: words,
  stage: words,
  region: words,
  ...PeriodArgs,
  limit: z.number().int().min(1).max(20).optional(),
});
export interface RankResult {
  target: 'institution' | 'investor';
  list: ActivityRow[];
  participants: number;
  rounds: number;
}

export async function rankTool(ctx: ToolContext, raw: unknown): Promise<ToolOutcome<RankResult>> {
  const args = RankArgs.safeParse(raw);
  if (!args.success) return { ok: false, error: `参数有误：${args.error.issues[0]?.message ?? ''}` };
  const a = args.data;
  const terms = await resolveTerms(ctx.db, a);
  if (typeof terms === 'string') return { ok: false, error: terms };
  const period = resolvePeriod(ctx.now, a);
  if (typeof period === 'string') return { ok: false, error: period };
  const target = a.target ?? 'institution';
  const ranked = await rankByActivity(
    ctx.db,
    {
      industryIds: terms.industryIds,
      stages: terms.stages,
      regionCodes: terms.regionCodes,
      from: period?.from ?? null,
      to: period?.to ?? null,
    },
    target,
    a.limit ?? 10,
  );
  return {
    ok: true,
    data: { target, ...ranked },
    filters: {
      kind: target === 'institution' ? '投资机构' : '投资人',
      ...termFilters(terms),
      ...(period ? { period } : {}),
    },
  };
}

const CompareArgs = z.object({ names: z.array(z.string().min(1).max(60)).min(1).max(3) });
export interface CompareResult {
  found: EntityFacts[];
  /** Names the library does not hold, with the closest names it does. */
  missing: { name: string; closest: (NamedEntity & { similarity: number })[] }[];
}

const stageName = (code: number) => stageLabel(code);

export async function compareTool(ctx: ToolContext, raw: unknown): Promise<ToolOutcome<CompareResult>> {
  const args = CompareArgs.safeParse(raw);
  if (!args.success) return { ok: false, error: '参数有误：names 应为 1–3 个名称' };
  const found: EntityFacts[] = [];
  const missing: CompareResult['missing'] = [];
  const kinds: NamedKind[] = ['institution', 'project', 'investor'];
  for (const name of args.data.names) {
    const hit = await lookupName(ctx.db, name, kinds);
    const facts = hit ? await entityFacts(ctx.db, hit.kind, hit.id, stageName) : null;
    if (facts) {
      if (!found.some((f) => f.kind === facts.kind && f.id === facts.id)) found.push(facts);
    } else {
      const guessKinds: NamedKind[] = /(资本|投资|基金|创投|capital|ventures)/i.test(name)
        ? ['institution']
        : ['institution', 'project'];
      missing.push({ name, closest: await closestNames(ctx.db, name, guessKinds, 3) });
    }
  }
  return { ok: true, data: { found, missing }, filters: {} };
}

const MatchArgs = z.object({
  side: z.enum(['investors', 'projects']),
  description: z.string().max(500).optional(),
  industry: words,
  stage: words,
  region: words,
  amount: z.number().nonnegative().optional(),
  limit: z.number().int().min(1).max(20).optional(),
});
export interface MatchRow {
  kind: 'institution' | 'investor' | 'project';
  id: number;
  name: string;
  alias: string;
  score: number;
  reason: string;
}
export interface MatchResult {
  side: 'investors' | 'projects';
  total: number;
  list: MatchRow[];
}

export async function matchTool(ctx: ToolContext, raw: unknown): Promise<ToolOutcome<MatchResult>> {
  const args = MatchArgs.safeParse(raw);
  if (!args.success) return { ok: false, error: `参数有误：${args.error.issues[0]?.message ?? ''}` };
  const a = args.data;
  const terms = await resolveTerms(ctx.db, a);
  if (typeof terms === 'string') return { ok: false, error: terms };
  const description = a.description ?? '';
  const parsed = parseDescription(description);
  const industries = terms.industryIds.length ? terms.industryIds : parsed.industries;
  const stage = terms.stages[0] ?? parsed.stage;
  const regions = terms.regionCodes.length ? terms.regionCodes : parsed.regions;
  const amount = a.amount ?? parsed.amount;
  if (!industries.length) return { ok: false, error: '请说明行业，例如“新能源汽车”' };
  const limit = a.limit ?? 10;
  const filters: UsedFilters = {
    industry: terms.industryNames.length ? terms.industryNames : industries,
    ...(stage ? { stage: [stageLabel(stage)] } : {}),
    ...(terms.regionNames.length ? { region: terms.regionNames } : {}),
    ...(amount ? { amount: { min: amount, max: amount } } : {}),
  };
  if (a.side === 'investors') {
    const { list, total } = await matchInvestorsForProfile(
      ctx.db,
      {
        industries,
        stage: stage ?? null,
        amount: amount ?? null,
        regions,
        tags: [],
        tokens: tokenize(description),
      },
      description || '你的项目',
      { target: 'institution', from: 0, count: limit, withReasons: true },
    );
    return {
      ok: true,
      filters,
      data: {
        side: 'investors',
        total,
        list: list.map((item) => ({
          kind: item.kind,
          id: item.id,
          name: item.institution?.name ?? item.investor?.name ?? '',
          alias: item.institution?.shortName ?? item.investor?.institutionName ?? '',
          score: item.score,
          reason: bestReasons(item.reasons),
        })),
      },
    };
  }
  const page = await matchProjectsForInvestor(ctx.db, null, {
    thesis: description || filters.industry!.join(' '),
    industry: industries,
    ...(stage ? { stage: [stage] } : {}),
    region: regions,
    page: 1,
    pageSize: limit,
  } as Parameters<typeof matchProjectsForInvestor>[2]);
  return {
    ok: true,
    filters,
    data: {
      side: 'projects',
      total: page.total,
      list: page.list.map((item) => ({
        kind: 'project',
        id: item.project.id,
        name: item.project.name,
        alias: item.project.brandName,
        score: item.score,
        reason: bestReasons(item.reasons),
      })),
    },
  };
}

/** The industry or stage reason first, then one more: the lines a reader needs to judge a match. */
function bestReasons(reasons: { text: string; component: string }[]): string {
  const order = ['industry', 'stage', 'amount', 'region'];
  const sorted = [...reasons].sort(
    (a, b) => (order.indexOf(a.component) + 1 || 9) - (order.indexOf(b.component) + 1 || 9),
  );
  return sorted
    .slice(0, 2)
    .map((r) => r.text)
    .join('；');
}
