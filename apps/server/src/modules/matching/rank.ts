/**
 * Ranking in both directions. Candidates come from the top-industry lists (the project's
 * industry and its chain neighbours, or the investor's industries), every candidate is
 * scored in full, filters drop what the user excluded, and the best MATCH_LIST_MAX are
 * sorted: score, then base score, then id, so the order is stable between pages.
 */

import { MATCH_STRONG_SCORE } from '@jq/contract';
import { badRequest } from '../../errors.js';
import { getRegion } from '../reference/index.js';
import {
  ADJACENT_ONLY_MAX,
  conflictCount,
  industryFit,
  type PairSimilarity,
  SeekerMemo,
  scoreFits,
} from './score.js';
import { provinceOf, type Taxonomy, taxonomy } from './taxonomy.js';
import type { EntityBundle, EntityProfile, MatchIndex, ProjectCore, ProjectFeatures } from './types.js';
import { DenseScratch } from './vectors.js';
import { VIP_BOOST, VIP_MIN_BASE } from './weights.js';

/** Ranked lists keep this many; later pages are empty (total says how many matched). */
export const MATCH_LIST_MAX = 500;

export interface RankedList {
  /** Entity or project indexes, best first. */
  idx: Int32Array;
  score: Float32Array;
  base: Float32Array;
  vip: Float32Array;
  /** Every candidate with a positive industry fit that passed the filters. */
  total: number;
  /** Of those, the strong matches: score (as shown and ranked) MATCH_STRONG_SCORE or more. */
  strong: number;
}

export interface EntityFilters {
  industry?: string[] | undefined;
  stage?: number[] | undefined;
  region?: string[] | undefined;
  ticketMin?: number | null | undefined;
  ticketMax?: number | null | undefined;
  excludeConflicts?: boolean | undefined;
}

export interface ProjectFilters {
  industry?: string[] | undefined;
  stage?: number[] | undefined;
  region?: string[] | undefined;
  amountMin?: number | null | undefined;
  amountMax?: number | null | undefined;
  excludeConflicts?: boolean | undefined;
}

function industryIndexes(tax: Taxonomy, ids: string[] | undefined): number[] | undefined {
  if (!ids?.length) return undefined;
  return ids.map((id) => {
    const i = tax.industryIndex.get(id);
    if (i === undefined) throw badRequest(`行业：未知的行业编号 ${id}`);
    return i;
  });
}

interface RegionFilter {
  provinces: Set<number>;
  cities: Set<number>;
}

function regionFilter(tax: Taxonomy, codes: string[] | undefined): RegionFilter | undefined {
  if (!codes?.length) return undefined;
  const filter: RegionFilter = { provinces: new Set(), cities: new Set() };
  for (const code of codes) {
    const row = getRegion(code);
    if (!row) throw badRequest(`地区：未知的地区编号 ${code}`);
    if (row.parentCode) filter.cities.add(Number(row.code));
    else filter.provinces.add(provinceOf(tax, row.code));
  }
  return filter;
}

function orderRange(
  a: number | null | undefined,
  b: number | null | undefined,
): [number | null, number | null] {
  return a != null && b != null && a > b ? [b, a] : [a ?? null, b ?? null];
}

function sortRanked(items: Item[], total: number): RankedList {
  // Candidates left unscored (adjacent-only, ADJACENT_ONLY_MAX) are below any strong score.
  let strong = 0;
  for (const item of items) if (item.score >= MATCH_STRONG_SCORE) strong++;
  let kept = items;
  if (items.length > MATCH_LIST_MAX) {
    const scores = Float32Array.from(items, (item) => item.score).sort();
    const threshold = scores[scores.length - MATCH_LIST_MAX]!;
    kept = items.filter((item) => item.score >= threshold);
  }
  kept.sort((a, b) => b.score - a.score || b.base - a.base || a.id - b.id);
  kept = kept.slice(0, MATCH_LIST_MAX);
  return {
    idx: Int32Array.from(kept, (k) => k.idx),
    score: Float32Array.from(kept, (k) => k.score),
    base: Float32Array.from(kept, (k) => k.base),
    vip: Float32Array.from(kept, (k) => k.vip),
    total,
    strong,
  };
}

type Item = { idx: number; id: number; score: number; base: number; vip: number };

/** The score the MATCH_LIST_MAX-th best item has (-1 when there are fewer). */
function listThreshold(items: Item[]): number {
  if (items.length < MATCH_LIST_MAX) return -1;
  const scores = Float32Array.from(items, (item) => item.score).sort();
  return scores[scores.length - MATCH_LIST_MAX]!;
}

/**
 * Project → investors (or institutions). Same-industry candidates are scored first; the
 * ones only in adjacent industries are scored only when they could still reach the list
 * (ADJACENT_ONLY_MAX), else just counted. `exclude`: entity ids never to list (evaluation).
 */
export function rankEntities(
  index: MatchIndex,
  bundle: EntityBundle,
  project: ProjectFeatures,
  filters: EntityFilters = {},
  exclude?: Set<number>,
): RankedList {
  const tax = taxonomy();
  if (project.top < 0) return sortRanked([], 0);
  const industries = industryIndexes(tax, filters.industry);
  const regions = regionFilter(tax, filters.region);
  const regionProvinces = regions
    ? [...regions.provinces, ...[...regions.cities].map((c) => provinceOf(tax, String(c)))]
    : [];
  const [ticketLow, ticketHigh] = orderRange(filters.ticketMin, filters.ticketMax);
  const seen = new Uint8Array(bundle.size);
  const scratch = new DenseScratch(index.vocabulary.idf.length);
  scratch.load(project.vec);
  const fits = new Float64Array(7);
  const sim: PairSimilarity = { portfolio: 0, thesis: 0 };
  const items: Item[] = [];
  let total = 0;

  const passes = (e: EntityProfile) => {
    if (exclude?.has(e.id)) return false;
    // Stated or invested: the flags hold tops and subs alike, and so do the counts.
    if (industries && !industries.some((k) => e.statesIndustry(k) || e.industryCount(k) > 0)) return false;
    if (filters.stage?.length && !filters.stage.some((s) => e.statesStage(s) || e.stageCount(s) > 0))
      return false;
    if (regions && e.statedProvinceCount > 0) {
      if (!regionProvinces.some((k) => e.statesProvince(k) || e.provinceCount(k) > 0)) return false;
    }
    if (ticketLow !== null || ticketHigh !== null) {
      const [low, high] = entityTicketRange(e);
      if (low === null || high === null) return false;
      if (ticketLow !== null && high < ticketLow) return false;
      if (ticketHigh !== null && low > ticketHigh) return false;
    }
    if (filters.excludeConflicts && isConflict(project, e)) return false;
    return true;
  };
  const score = (i: number, e: EntityProfile) => {
    sim.portfolio = e.dotPortfolio(scratch);
    sim.thesis = e.dotThesis(scratch);
    const base = scoreFits(tax, project, e, sim, fits);
    if (base < 0) return;
    total++;
    items.push({ idx: i, id: e.id, score: base, base, vip: 0 });
  };

  for (const i of bundle.byTop.get(project.top) ?? []) {
    seen[i] = 1;
    const e = bundle.profile(i);
    if (passes(e)) score(i, e);
  }
  const mustScore = listThreshold(items) < ADJACENT_ONLY_MAX;
  for (const top of tax.adjacent[project.top]!) {
    for (const i of bundle.byTop.get(top) ?? []) {
      if (seen[i]) continue;
      seen[i] = 1;
      const e = bundle.profile(i);
      if (!passes(e)) continue;
      // In an adjacent industry's list: stated or invested there, so the industry fit is > 0.
      if (mustScore) score(i, e);
      else total++;
    }
  }
  return sortRanked(items, total);
}

function isConflict(p: ProjectCore, e: EntityProfile) {
  return conflictCount(p, e) > 0;
}

/** The cheque range an investor states, else the one its deals show (万元); nulls when unknown. */
export function entityTicketRange(e: EntityProfile): [number | null, number | null] {
  if (e.ticketMin !== null || e.ticketMax !== null) return [e.ticketMin ?? 0, e.ticketMax ?? e.ticketMin];
  if (e.chequeCount === 0) return [null, null];
  return [Math.exp(e.chequeLogMean - e.chequeLogSd), Math.exp(e.chequeLogMean + e.chequeLogSd)];
}

/**
 * Investor (or thesis) → projects. `vipOwners`: user ids whose projects get VIP priority:
 * at most VIP_BOOST points, only for matches of at least VIP_MIN_BASE. Projects of the
 * investor's own industries are scored first, those of adjacent ones only when they could
 * still reach the list.
 */
export function rankProjects(
  index: MatchIndex,
  seeker: EntityProfile,
  filters: ProjectFilters = {},
  vipOwners: ReadonlySet<number> = new Set(),
): RankedList {
  const tax = taxonomy();
  const table = index.projects;
  const industries = industryIndexes(tax, filters.industry);
  const regions = regionFilter(tax, filters.region);
  const [amountLow, amountHigh] = orderRange(filters.amountMin, filters.amountMax);
  const stages = filters.stage?.length ? new Set(filters.stage) : undefined;
  const portfolio = new DenseScratch(index.vocabulary.idf.length);
  const thesis = new DenseScratch(index.vocabulary.idf.length);
  portfolio.load(seeker.portfolioVec);
  thesis.load(seeker.thesisVec);
  const memo = new SeekerMemo(tax.industryIds.length);
  const direct = new Set<number>([...seeker.statedTops, ...seeker.topCounts.keys()]);
  const adjacent = new Set<number>();
  for (const top of direct) for (const a of tax.adjacent[top]!) if (!direct.has(a)) adjacent.add(a);
  for (const sub of [...seeker.statedSubs, ...seeker.subCounts.keys()])
    for (const a of tax.adjacent[sub]!) if (!direct.has(tax.topOf[a]!)) adjacent.add(tax.topOf[a]!);
  const fits = new Float64Array(7);
  const sim: PairSimilarity = { portfolio: 0, thesis: 0 };
  const p: ProjectCore = { idx: 0, top: 0, sub: 0, stage: 0, amount: null, province: 0, group: 0 };
  const items: Item[] = [];
  let total = 0;

  const visit = (top: number, mustScore: boolean) => {
    const list = table.byTop.get(top);
    if (!list) return;
    for (const i of list) {
      const sub = table.sub[i]!;
      if (industries && !industries.some((k) => k === top || k === sub)) continue;
      if (stages && !stages.has(table.stage[i]!)) continue;
      if (regions && !regions.provinces.has(table.province[i]!) && !regions.cities.has(table.city[i]!))
        continue;
      const amount = table.amount[i]!;
      if (amountLow !== null && !(amount >= amountLow)) continue;
      if (amountHigh !== null && !(amount <= amountHigh)) continue;
      p.idx = i;
      p.top = top;
      p.sub = sub;
      p.stage = table.stage[i]!;
      p.amount = Number.isNaN(amount) ? null : amount;
      p.province = table.province[i]!;
      p.group = table.group[i]!;
      if (filters.excludeConflicts && isConflict(p, seeker)) continue;
      if (!mustScore) {
        const key = sub >= 0 ? sub : top;
        if (Number.isNaN(memo.industry[key]!)) memo.industry[key] = industryFit(tax, p, seeker);
        if (memo.industry[key]! > 0) total++;
        continue;
      }
      const start = table.vecStart[i]!;
      const end = table.vecStart[i + 1]!;
      sim.portfolio = portfolio.dotSlice(table.vecIds, table.vecWeights, start, end);
      sim.thesis = thesis.dotSlice(table.vecIds, table.vecWeights, start, end);
      const base = scoreFits(tax, p, seeker, sim, fits, memo);
      if (base < 0) continue;
      total++;
      const owner = table.owner[i]!;
      const vip = owner > 0 && base >= VIP_MIN_BASE && vipOwners.has(owner) ? VIP_BOOST : 0;
      items.push({ idx: i, id: table.id[i]!, score: Math.min(100, base + vip), base, vip });
    }
  };
  for (const top of direct) visit(top, true);
  const mustScore = listThreshold(items) < ADJACENT_ONLY_MAX + VIP_BOOST;
  for (const top of adjacent) visit(top, mustScore);
  return sortRanked(items, total);
}
