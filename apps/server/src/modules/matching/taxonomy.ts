/**
 * The reference data as small integers for the index: every industry (tops and subs) with
 * its top and its chain neighbours (both directions), provinces, and the stage ladder.
 */
import {
  adjacentTopIndustries,
  getIndustry,
  INDUSTRIES,
  industryRows,
  PROVINCES,
} from '../library/reference/index.js';

export interface Taxonomy {
  industryIds: string[];
  industryIndex: Map<string, number>;
  topOf: Int16Array;
  adjacent: number[][];
  provinceIds: string[];
  provinceIndex: Map<string, number>;
}

let cached: Taxonomy | undefined;

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
  for (const top of INDUSTRIES) {
    const t = industryIndex.get(top.id)!;
    for (const other of adjacentTopIndustries(top.id)) adjacent[t]!.add(industryIndex.get(other)!);
    for (const sub of top.subs) {
      const s = industryIndex.get(sub.id)!;
      for (const other of sub.adjacent ?? []) {
        const o = industryIndex.get(other);
        if (o === undefined) continue;
        adjacent[s]!.add(o);
        adjacent[o]!.add(s);
      }
    }
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
