/**
 * The market the demo data imitates: how projects spread over stages, round sizes by stage,
 * where companies and funds sit, and what each kind of institution invests in. Shapes follow
 * the Chinese venture market (many seed/angel/A deals, few late ones; Beijing, Shanghai,
 * Shenzhen and Hangzhou dominate); the numbers are the generator's, not statistics.
 */
import type { WeightedId } from './types.js';

export { FUND_CITIES, INDUSTRY_CLUSTERS, PROJECT_CITIES } from './market-cities.js';

/** Stage a project is raising now: early stages > 60 %, late stages (D+, Pre-IPO) < 10 %. */
export const PROJECT_STAGE_MIX: WeightedId<number>[] = [
  { id: 0, weight: 2.5 },
  { id: 1, weight: 12 },
  { id: 2, weight: 24 },
  { id: 3, weight: 27 },
  { id: 4, weight: 14 },
  { id: 5, weight: 7 },
  { id: 6, weight: 2.5 },
  { id: 7, weight: 1 },
  { id: 8, weight: 0.5 },
  { id: 9, weight: 1.5 },
  { id: 10, weight: 5 },
  { id: 32, weight: 2.5 },
];

/** Round size range in 万元 by stage, and its median: angel 300–2000万, A 2000万–1亿, B 1–3亿 … */
export const STAGE_AMOUNTS: Record<number, { min: number; median: number; max: number }> = {
  0: { min: 500, median: 3000, max: 20_000 },
  1: { min: 100, median: 250, max: 500 },
  2: { min: 300, median: 800, max: 2000 },
  3: { min: 2000, median: 4500, max: 10_000 },
  4: { min: 10_000, median: 16_000, max: 30_000 },
  5: { min: 30_000, median: 45_000, max: 80_000 },
  6: { min: 50_000, median: 80_000, max: 150_000 },
  7: { min: 80_000, median: 120_000, max: 200_000 },
  8: { min: 100_000, median: 150_000, max: 300_000 },
  9: { min: 1000, median: 5000, max: 30_000 },
  10: { min: 1000, median: 10_000, max: 50_000 },
  11: { min: 1000, median: 5000, max: 30_000 },
  32: { min: 50_000, median: 90_000, max: 200_000 },
};

/** How many institutions join a round of a stage: [min, max]. */
export const INVESTORS_PER_ROUND: Record<number, [number, number]> = {
  0: [1, 2],
  1: [1, 2],
  2: [1, 3],
  3: [1, 4],
  4: [2, 4],
  5: [2, 5],
  6: [2, 5],
  7: [2, 5],
  8: [2, 5],
  9: [1, 3],
  10: [1, 2],
  11: [1, 2],
  32: [2, 5],
};

export interface InstitutionProfile {
  type: string;
  share: number;
  stages: WeightedId<number>[];
  /** Median cheque range in 万元. */
  ticket: [number, number];
  /** Assets under management in 万元. */
  aum: [number, number];
  industryCount: [number, number];
  /** Relative head count. */
  size: number;
  /** Median deals a year for a mid-level investor. */
  activity: number;
  regionOpenness: number;
}

export const INSTITUTION_PROFILES: InstitutionProfile[] = [
  {
    type: 'VC',
    share: 40,
    stages: [
      { id: 2, weight: 0.2 },
      { id: 3, weight: 0.45 },
      { id: 4, weight: 0.25 },
      { id: 5, weight: 0.1 },
    ],
    ticket: [1500, 8000],
    aum: [50_000, 1_000_000],
    industryCount: [2, 4],
    size: 7,
    activity: 1.6,
    regionOpenness: 0.55,
  },
  {
    type: '天使',
    share: 17,
    stages: [
      { id: 1, weight: 0.35 },
      { id: 2, weight: 0.5 },
      { id: 3, weight: 0.15 },
    ],
    ticket: [100, 1000],
    aum: [10_000, 100_000],
    industryCount: [1, 3],
    size: 4.5,
    activity: 2.2,
    regionOpenness: 0.35,
  },
  {
    type: 'PE',
    share: 13,
    stages: [
      { id: 4, weight: 0.2 },
      { id: 5, weight: 0.35 },
      { id: 6, weight: 0.2 },
      { id: 32, weight: 0.2 },
      { id: 10, weight: 0.05 },
    ],
    ticket: [10_000, 50_000],
    aum: [500_000, 5_000_000],
    industryCount: [2, 5],
    size: 9,
    activity: 0.9,
    regionOpenness: 0.7,
  },
  {
    type: 'CVC',
    share: 11,
    stages: [
      { id: 3, weight: 0.3 },
      { id: 4, weight: 0.3 },
      { id: 10, weight: 0.3 },
      { id: 5, weight: 0.1 },
    ],
    ticket: [2000, 20_000],
    aum: [100_000, 1_000_000],
    industryCount: [1, 2],
    size: 4,
    activity: 1,
    regionOpenness: 0.8,
  },
  {
    type: '政府引导基金',
    share: 7,
    stages: [
      { id: 2, weight: 0.2 },
      { id: 3, weight: 0.3 },
      { id: 4, weight: 0.3 },
      { id: 5, weight: 0.2 },
    ],
    ticket: [3000, 20_000],
    aum: [200_000, 3_000_000],
    industryCount: [3, 5],
    size: 4.5,
    activity: 0.8,
    regionOpenness: 0.08,
  },
  {
    type: 'FOF',
    share: 3,
    stages: [
      { id: 4, weight: 0.3 },
      { id: 5, weight: 0.4 },
      { id: 6, weight: 0.3 },
    ],
    ticket: [10_000, 30_000],
    aum: [500_000, 3_000_000],
    industryCount: [3, 5],
    size: 3,
    activity: 0.35,
    regionOpenness: 0.6,
  },
  {
    type: '券商直投',
    share: 6,
    stages: [
      { id: 5, weight: 0.3 },
      { id: 6, weight: 0.3 },
      { id: 32, weight: 0.4 },
    ],
    ticket: [5000, 30_000],
    aum: [100_000, 1_000_000],
    industryCount: [2, 4],
    size: 4,
    activity: 0.8,
    regionOpenness: 0.7,
  },
  {
    type: '家族办公室',
    share: 4,
    stages: [
      { id: 2, weight: 0.3 },
      { id: 3, weight: 0.3 },
      { id: 4, weight: 0.2 },
      { id: 10, weight: 0.2 },
    ],
    ticket: [500, 5000],
    aum: [20_000, 300_000],
    industryCount: [2, 4],
    size: 1.5,
    activity: 0.6,
    regionOpenness: 0.6,
  },
];

/** Investor titles, most senior first, with how much more often they lead deals. */
export const TITLES: { title: string; activity: number; senior: boolean }[] = [
  { title: '创始合伙人', activity: 1.7, senior: true },
  { title: '管理合伙人', activity: 1.6, senior: true },
  { title: '合伙人', activity: 1.5, senior: true },
  { title: '董事总经理', activity: 1.35, senior: true },
  { title: '执行董事', activity: 1.15, senior: false },
  { title: '副总裁', activity: 1, senior: false },
  { title: '投资总监', activity: 1, senior: false },
  { title: '高级投资经理', activity: 0.7, senior: false },
  { title: '投资经理', activity: 0.5, senior: false },
];
