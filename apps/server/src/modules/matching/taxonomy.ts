/**
 * The reference data as small integers for the index: every industry (tops and subs) with
 * its top and its neighbours (both directions), provinces, and the stage ladder.
 *
 * Neighbours ("adjacent industry", INDUSTRY_LEVEL.adjacent) come from the taxonomy's
 * `adjacent` lists, from the curated industry chains (modules/chain: same or feeding node),
 * or from both; INDUSTRY_ADJACENCY (weights.ts) says which, chosen by `npm run eval:match`.
 */
import { seededChainAdjacency } from '../chain/index.js';
import {
  adjacentTopIndustries,
  getIndustry,
  INDUSTRIES,
  industryRows,
  PROVINCES,
} from '../reference/index.js';
import { INDUSTRY_ADJACENCY, type IndustryAdjacency } from './weights.js';

export interface Taxonomy {
  industryIds: string[];
  industryIndex: Map<string, number>;
  topOf: Int16Array;
  adjacent: number[][];
  provinceIds: string[];
  provinceIndex: Map<string, number>;
}

let cached: Taxonomy | undefined;
let mode: IndustryAdjacency = INDUSTRY_ADJACENCY;

/**
 * Which neighbours the index uses from now on (`npm run eval:match --adjacency` compares
 * them); indexes built before keep theirs only as far as they cached them, so set it first.
 */
export function useIndustryAdjacency(next: IndustryAdjacency) {
  if (next !== mode) cached = undefined;
  mode = next;
}

export function industryAdjacency(): IndustryAdjacency {
  return mode;
}

export function taxonomy(): Taxonomy {
  if (cached) return cached;
  const industryIds = industryRows().map((row) => row.id);
  const industryIndex = new Map(industryIds.map((id, i) => [id, i]));
  const topOf = new Int16Array(industryIds.length);
  const adjacent: Set<number>[] = industryIds.map(() => new Set());
  industryIds.forEach((id, i) => {
    const row = getIndustry(id)!;
    topOf[i] = industryIndex.get(row.parentId ?? row.id)!;
  });
  const link = (a: string, b: string) => {
    const x = industryIndex.get(a);
    const y = industryIndex.get(b);
    if (x === undefined || y === undefined || x === y) return;
    adjacent[x]!.add(y);
    adjacent[y]!.add(x);
  };
  if (mode !== 'chain') {
    for (const top of INDUSTRIES) {
      for (const other of adjacentTopIndustries(top.id)) link(top.id, other);
      for (const sub of top.subs) for (const other of sub.adjacent ?? []) link(sub.id, other);
    }
  }
  if (mode !== 'taxonomy') {
    const chain = seededChainAdjacency();
    const subsToo = mode !== 'taxonomy+chain-tops';
    const topsToo = mode !== 'taxonomy+chain-subs';
    if (topsToo) for (const [top, others] of chain.tops) for (const other of others) link(top, other);
    if (subsToo) for (const [sub, others] of chain.subs) for (const other of others) link(sub, other);
  }
  const provinceIds = PROVINCES.map((p) => p.code);
  cached = {
    industryIds,
    industryIndex,
    topOf,
    adjacent: adjacent.map((set) => [...set]),
    provinceIds,
    provinceIndex: new Map(provinceIds.map((code, i) => [code, i])),
  };
  return cached;
}

/** A province index from a province or city code (-1 when unknown). */
export function provinceOf(tax: Taxonomy, code: string | null | undefined): number {
  if (!code) return -1;
  return tax.provinceIndex.get(`${code.slice(0, 2)}0000`) ?? -1;
}

/** The venture ladder; a stage's neighbours are the stages next to it here. */
const LADDER = [1, 2, 3, 4, 5, 6, 7, 8, 32, 33];

const NEIGHBOURS = new Map<number, number[]>(
  LADDER.map((stage, i) => [
    stage,
    [LADDER[i - 1], LADDER[i + 1]].filter((s): s is number => s !== undefined),
  ]),
);
const NONE: number[] = [];

export function stageNeighbours(stage: number): number[] {
  return NEIGHBOURS.get(stage) ?? NONE;
}

/**
 * Stage bands for filters, tests and reasons: early (seed, angel, A), growth (B, C),
 * late (D and on, Pre-IPO, IPO, cornerstone, private placement), other (equity, strategic,
 * debt, M&A, undisclosed).
 */
export const STAGE_BANDS = {
  early: [1, 2, 3],
  growth: [4, 5],
  late: [6, 7, 8, 30, 31, 32, 33],
  other: [0, 9, 10, 11, 12],
} as const;

export function stageBand(stage: number): keyof typeof STAGE_BANDS {
  for (const [band, stages] of Object.entries(STAGE_BANDS))
    if ((stages as readonly number[]).includes(stage)) return band as keyof typeof STAGE_BANDS;
  return 'other';
}
