/**
 * The score of one (project, investor) pair, component by component. The same function
 * serves both directions, so a pair scores the same whichever side asks. Each fit is 0–1
 * and explains itself: what the investor states, and (weighted more) what it did.
 */
import type { ComponentScore, MatchBreakdown } from '@jq/contract';
import { stageNeighbours, type Taxonomy } from './taxonomy.js';
import type { EntityProfile, ProjectCore } from './types.js';
import {
  ACTIVITY_SCALE,
  ADJACENT_ONLY_SCALE,
  CONFLICT_PENALTY,
  EVIDENCE_SCALE,
  INDUSTRY_LEVEL,
  INVESTORS_PER_ROUND,
  PORTFOLIO_COSINE_SCALE,
  REGION_OPEN,
  REGION_OUTSIDE,
  REVEALED_SHARE,
  STAGE_NEIGHBOUR,
  STATED_ONLY_TRUST,
  STATED_SHARE,
  THESIS_COSINE_SCALE,
  TICKET_SIGMA,
  UNKNOWN_FIT,
  WEIGHTS,
  type WeightedComponent,
} from './weights.js';

/** The weighted components in a fixed order (the `fits` array of `scoreFits`). */
export const FIT_ORDER = [
  'industry',
  'stage',
  'ticket',
  'region',
  'portfolio',
  'thesis',
  'activity',
] as const;
const W = FIT_ORDER.map((key) => WEIGHTS[key]);

/** Cosine similarities of the project's text with the investor's portfolio and thesis. */
export interface PairSimilarity {
  portfolio: number;
  thesis: number;
}

const NONE: number[] = [];

/** A share of the portfolio as a fit: concave in the share, discounted when deals are few. */
function evidenceFit(evidence: number, n: number): number {
  if (evidence <= 0 || n <= 0) return 0;
  return Math.sqrt(Math.min(1, evidence / n)) * (1 - Math.exp(-evidence / EVIDENCE_SCALE));
}

function blend(stated: number, revealed: number, e: EntityProfile): number {
  return e.n > 0 ? STATED_SHARE * stated + REVEALED_SHARE * revealed : stated * STATED_ONLY_TRUST;
}

export function industryFit(tax: Taxonomy, p: ProjectCore, e: EntityProfile): number {
  if (p.top < 0) return 0;
  const adjacentTops = tax.adjacent[p.top]!;
  const adjacentSubs = p.sub >= 0 ? tax.adjacent[p.sub]! : NONE;
  let stated = 0;
  if (p.sub >= 0 && e.statesIndustry(p.sub)) stated = INDUSTRY_LEVEL.sub;
  else if (e.statesIndustry(p.top)) stated = INDUSTRY_LEVEL.top;
  else if (statesAny(e, adjacentTops) || statesAny(e, adjacentSubs)) stated = INDUSTRY_LEVEL.adjacent;
  if (e.n === 0) return stated * STATED_ONLY_TRUST;
  const subCount = p.sub >= 0 ? e.industryCount(p.sub) : 0;
  const topCount = e.industryCount(p.top);
  let adjacentCount = 0;
  for (const a of adjacentTops) adjacentCount += e.industryCount(a);
  for (const a of adjacentSubs) adjacentCount += e.industryCount(a);
  const evidence =
    subCount * INDUSTRY_LEVEL.sub +
    (topCount - subCount) * INDUSTRY_LEVEL.top +
    adjacentCount * INDUSTRY_LEVEL.adjacent;
  const revealed = evidenceFit(evidence, e.n);
  if (stated === 0 && revealed === 0) return 0;
  return blend(stated, revealed, e);
}

function statesAny(e: EntityProfile, industries: number[]): boolean {
  for (const k of industries) if (e.statesIndustry(k)) return true;
  return false;
}

/** Whether the investor states or has done a deal in the project's own industry (not only adjacent ones). */
export function isSameIndustry(p: ProjectCore, e: EntityProfile): boolean {
  return e.statesIndustry(p.top) || e.industryCount(p.top) > 0;
}

export function stageFit(p: ProjectCore, e: EntityProfile): number {
  if (!p.stage) return UNKNOWN_FIT;
  const neighbours = stageNeighbours(p.stage);
  let statesNeighbour = false;
  for (const s of neighbours) if (e.statesStage(s)) statesNeighbour = true;
  const stated =
    e.statedStageCount === 0
      ? UNKNOWN_FIT
      : e.statesStage(p.stage)
        ? 1
        : statesNeighbour
          ? STAGE_NEIGHBOUR
          : 0;
  let evidence = e.stageCount(p.stage);
  for (const s of neighbours) evidence += STAGE_NEIGHBOUR * e.stageCount(s);
  return blend(stated, evidenceFit(evidence, e.n), e);
}

const gauss = (distance: number, sigma: number) => Math.exp(-(distance * distance) / (2 * sigma * sigma));

export function ticketFit(p: ProjectCore, e: EntityProfile): number {
  if (p.amount === null || !(p.amount > 0)) return UNKNOWN_FIT;
  const cheque = Math.log(p.amount / INVESTORS_PER_ROUND);
  let stated = UNKNOWN_FIT;
  if (e.ticketMin !== null || e.ticketMax !== null) {
    const low = Math.log(Math.max(1, e.ticketMin ?? 1));
    const high = Math.log(Math.max(1, e.ticketMax ?? 1e9, e.ticketMin ?? 1));
    stated = gauss(cheque < low ? low - cheque : cheque > high ? cheque - high : 0, TICKET_SIGMA);
  }
  if (e.n === 0) return stated * STATED_ONLY_TRUST;
  if (e.chequeCount === 0) return stated;
  const confidence = 1 - Math.exp(-e.chequeCount / EVIDENCE_SCALE);
  const revealed = gauss(cheque - e.chequeLogMean, Math.max(TICKET_SIGMA, e.chequeLogSd));
  return STATED_SHARE * stated + REVEALED_SHARE * (confidence * revealed + (1 - confidence) * stated);
}

export function regionFit(p: ProjectCore, e: EntityProfile): number {
  if (p.province < 0) return UNKNOWN_FIT;
  const stated =
    e.statedProvinceCount === 0 ? REGION_OPEN : e.statesProvince(p.province) ? 1 : REGION_OUTSIDE;
  return blend(stated, evidenceFit(e.provinceCount(p.province), e.n), e);
}

export function activityFit(e: EntityProfile): number {
  // A thesis typed now is someone deploying now.
  if (e.kind === 'thesis') return 1;
  return 1 - Math.exp(-(e.deals12 + 0.5 * (e.deals24 - e.deals12)) / ACTIVITY_SCALE);
}

/** Portfolio projects in the project's competitor group, the project itself not counted. */
export function conflictCount(p: ProjectCore, e: EntityProfile): number {
  if (p.group < 0) return 0;
  const inGroup = e.groupCount(p.group);
  return inGroup - (p.idx >= 0 && inGroup > 0 && e.hasProject(p.idx) ? 1 : 0);
}

/**
 * Per-seeker memo for ranking many projects for one investor: industry, stage, region and
 * same-industry answers depend only on the project's sub-industry, stage and province, so
 * each is computed once per value. Valid for one entity only.
 */
export class SeekerMemo {
  readonly industry: Float64Array;
  readonly same: Int8Array;
  readonly stage = new Float64Array(64).fill(Number.NaN);
  readonly region = new Float64Array(64).fill(Number.NaN);

  constructor(industries: number) {
    this.industry = new Float64Array(industries).fill(Number.NaN);
    this.same = new Int8Array(industries).fill(-1);
  }
}

/**
 * Fills `fits` (FIT_ORDER) and returns the base score (0–100, conflict penalty included,
 * VIP boost not). Returns -1 without filling the rest when the industry does not fit at all.
 */
export function scoreFits(
  tax: Taxonomy,
  p: ProjectCore,
  e: EntityProfile,
  sim: PairSimilarity,
  fits: Float64Array,
  memo?: SeekerMemo,
): number {
  const key = p.sub >= 0 ? p.sub : p.top;
  let industry = memo ? memo.industry[key]! : Number.NaN;
  if (Number.isNaN(industry)) {
    industry = industryFit(tax, p, e);
    if (memo) memo.industry[key] = industry;
  }
  if (industry <= 0) return -1;
  fits[0] = industry;
  let stage = memo ? memo.stage[p.stage]! : Number.NaN;
  if (Number.isNaN(stage)) {
    stage = stageFit(p, e);
    if (memo) memo.stage[p.stage] = stage;
  }
  fits[1] = stage;
  fits[2] = ticketFit(p, e);
  let region = memo ? memo.region[p.province + 1]! : Number.NaN;
  if (Number.isNaN(region)) {
    region = regionFit(p, e);
    if (memo) memo.region[p.province + 1] = region;
  }
  fits[3] = region;
  fits[4] = e.n > 0 ? 1 - Math.exp(-Math.max(0, sim.portfolio) / PORTFOLIO_COSINE_SCALE) : 0;
  fits[5] = 1 - Math.exp(-Math.max(0, sim.thesis) / THESIS_COSINE_SCALE);
  fits[6] = activityFit(e);
  let same = memo ? memo.same[p.top]! : -1;
  if (same < 0) {
    same = isSameIndustry(p, e) ? 1 : 0;
    if (memo) memo.same[p.top] = same;
  }
  if (!same) for (let i = 1; i < 7; i++) fits[i]! *= ADJACENT_ONLY_SCALE;
  let score = 0;
  for (let i = 0; i < 7; i++) score += W[i]! * fits[i]!;
  if (conflictCount(p, e) > 0) score -= CONFLICT_PENALTY;
  return Math.max(0, score);
}

/**
 * The most an investor with no stake in the project's own industry can score: industry at
 * its adjacent level, everything else full but scaled. Ranking uses it to skip scoring
 * adjacent-only candidates when enough same-industry ones already score higher.
 */
export const ADJACENT_ONLY_MAX =
  WEIGHTS.industry *
    (STATED_SHARE * INDUSTRY_LEVEL.adjacent + REVEALED_SHARE * Math.sqrt(INDUSTRY_LEVEL.adjacent)) +
  (100 - WEIGHTS.industry) * ADJACENT_ONLY_SCALE;

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The wire breakdown of a scored pair. */
export function toBreakdown(
  fits: Float64Array,
  isConflict: boolean,
  vipBoost: number,
  vipMax: number,
): MatchBreakdown {
  const part = (key: WeightedComponent, fit: number): ComponentScore => ({
    fit: round3(fit),
    points: round1(WEIGHTS[key] * fit),
    max: WEIGHTS[key],
  });
  const out = Object.fromEntries(FIT_ORDER.map((key, i) => [key, part(key, fits[i]!)])) as Record<
    WeightedComponent,
    ComponentScore
  >;
  return {
    ...out,
    conflict: { fit: isConflict ? 1 : 0, points: isConflict ? -CONFLICT_PENALTY : 0, max: 0 },
    vip: { fit: vipMax > 0 ? round3(vipBoost / vipMax) : 0, points: round1(vipBoost), max: vipMax },
  };
}
