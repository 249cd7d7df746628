/**
 * Investor and institution profiles stored column-wise: every profile of a bundle in a few
 * typed arrays (dense per-industry, per-stage and per-province counts and flags in rows of
 * fixed width; deals, portfolio projects, competitor groups and vectors as CSR lists), not
 * one object with a dozen maps, sets and typed arrays per investor. At 20,000 investors the
 * object form cost about 250 MB, mostly per-object overhead; this costs what the numbers do.
 *
 * `StoredProfile` is a light view of one profile (made when asked for, not kept): the scorer
 * reads it through methods that index the arrays directly; the set- and map-like members
 * (`statedTops`, `topCounts` …) are made on first use, for reasons and tests.
 */
import { Growable } from '../../lib/growable.js';
import { taxonomy } from './taxonomy.js';
import type { EntityDeals, EntityKind, SparseVector, VectorIds } from './types.js';
import type { DenseScratch } from './vectors.js';

/** Per-entity counts are Uint16 cells: a count stops at 65,535. */
const COUNT_MAX = 65_535;
/** Stage codes and province indexes are below 64. */
export const SMALL = 64;

export interface ProfileDraft {
  id: number;
  statedIndustries: Iterable<number>;
  statedStages: Iterable<number>;
  statedProvinces: Iterable<number>;
  ticketMin: number | null;
  ticketMax: number | null;
  /** Deals newest first. */
  deals: {
    project: number;
    round: number;
    day: number;
    stage: number;
    amount: number;
    investorCount: number;
  }[];
  industryCounts: Map<number, number>;
  stageCounts: Map<number, number>;
  provinceCounts: Map<number, number>;
  groupCounts: Map<number, number>;
  /** Portfolio project indexes, each once, in the order of `deals`. */
  projects: Iterable<number>;
  chequeLogMean: number;
  chequeLogSd: number;
  chequeCount: number;
  deals12: number;
  deals24: number;
  lastDealDay: number;
  portfolioVec: SparseVector;
  thesisVec: SparseVector;
}

export class ProfileStore {
  readonly ids: Float64Array;
  readonly ticketMin: Float64Array;
  readonly ticketMax: Float64Array;
  readonly n: Int32Array;
  readonly chequeLogMean: Float64Array;
  readonly chequeLogSd: Float64Array;
  readonly chequeCount: Int32Array;
  readonly deals12: Int32Array;
  readonly deals24: Int32Array;
  readonly lastDealDay: Int32Array;
  readonly industryCount: Uint16Array;
  readonly industryStated: Uint8Array;
  readonly stageCount: Uint16Array;
  readonly stageStated: Uint8Array;
  readonly statedStageCount: Uint8Array;
  readonly provinceCount: Uint16Array;
  readonly provinceStated: Uint8Array;
  readonly statedProvinceCount: Uint8Array;
  // CSR lists, each `xStart` of length m + 1.
  dealStart: Int32Array;
  dealProject: Int32Array;
  dealRound: Float64Array;
  dealDay: Int32Array;
  dealStage: Uint8Array;
  dealAmount: Float32Array;
  dealInvestors: Uint8Array;
  projectStart: Int32Array;
  projectIdx: Int32Array;
  groupStart: Int32Array;
  groupKey: Int32Array;
  groupCount: Uint16Array;
  portfolioStart: Int32Array;
  portfolioIds: VectorIds;
  portfolioWeights: Float32Array;
  thesisStart: Int32Array;
  thesisIds: VectorIds;
  thesisWeights: Float32Array;

  private added = 0;
  private lists: ListBuilders | undefined;

  constructor(
    readonly kind: EntityKind,
    readonly m: number,
    /** Industries in the taxonomy: the width of an industry row. */
    readonly width: number,
    /** Tokens in the vocabulary: vector indexes are 16-bit when they fit. */
    vocabularySize: number,
  ) {
    this.ids = new Float64Array(m);
    this.ticketMin = new Float64Array(m);
    this.ticketMax = new Float64Array(m);
    this.n = new Int32Array(m);
    this.chequeLogMean = new Float64Array(m);
    this.chequeLogSd = new Float64Array(m);
    this.chequeCount = new Int32Array(m);
    this.deals12 = new Int32Array(m);
    this.deals24 = new Int32Array(m);
    this.lastDealDay = new Int32Array(m);
    this.industryCount = new Uint16Array(m * width);
    this.industryStated = new Uint8Array(m * width);
    this.stageCount = new Uint16Array(m * SMALL);
    this.stageStated = new Uint8Array(m * SMALL);
    this.statedStageCount = new Uint8Array(m);
    this.provinceCount = new Uint16Array(m * SMALL);
    this.provinceStated = new Uint8Array(m * SMALL);
    this.statedProvinceCount = new Uint8Array(m);
    this.lists = new ListBuilders(vocabularySize <= 0x10000);
    const empty = new Int32Array(0);
    this.dealStart = empty;
    this.dealProject = empty;
    this.dealRound = new Float64Array(0);
    this.dealDay = empty;
    this.dealStage = new Uint8Array(0);
    this.dealAmount = new Float32Array(0);
    this.dealInvestors = new Uint8Array(0);
    this.projectStart = empty;
    this.projectIdx = empty;
    this.groupStart = empty;
    this.groupKey = empty;
    this.groupCount = new Uint16Array(0);
    this.portfolioStart = empty;
    this.portfolioIds = empty;
    this.portfolioWeights = new Float32Array(0);
    this.thesisStart = empty;
    this.thesisIds = empty;
    this.thesisWeights = new Float32Array(0);
  }

  /** Stores the next profile (profiles are added in order, 0 … m − 1). */
  add(draft: ProfileDraft) {
    const i = this.added++;
    const lists = this.lists!;
    this.ids[i] = draft.id;
    this.ticketMin[i] = draft.ticketMin ?? Number.NaN;
    this.ticketMax[i] = draft.ticketMax ?? Number.NaN;
    this.n[i] = draft.deals.length;
    this.chequeLogMean[i] = draft.chequeLogMean;
    this.chequeLogSd[i] = draft.chequeLogSd;
    this.chequeCount[i] = draft.chequeCount;
    this.deals12[i] = draft.deals12;
    this.deals24[i] = draft.deals24;
    this.lastDealDay[i] = draft.lastDealDay;
    const row = i * this.width;
    for (const k of draft.statedIndustries) this.industryStated[row + k] = 1;
    for (const [k, c] of draft.industryCounts) this.industryCount[row + k] = Math.min(COUNT_MAX, c);
    const small = i * SMALL;
    for (const s of draft.statedStages) {
      if (s < 0 || s >= SMALL || this.stageStated[small + s]) continue;
      this.stageStated[small + s] = 1;
      this.statedStageCount[i]!++;
    }
    for (const [s, c] of draft.stageCounts)
      if (s >= 0 && s < SMALL) this.stageCount[small + s] = Math.min(COUNT_MAX, c);
    for (const p of draft.statedProvinces) {
      if (p < 0 || p >= SMALL || this.provinceStated[small + p]) continue;
      this.provinceStated[small + p] = 1;
      this.statedProvinceCount[i]!++;
    }
    for (const [p, c] of draft.provinceCounts)
      if (p >= 0 && p < SMALL) this.provinceCount[small + p] = Math.min(COUNT_MAX, c);
    for (const d of draft.deals) {
      lists.dealProject.push(d.project);
      lists.dealRound.push(d.round);
      lists.dealDay.push(d.day);
      lists.dealStage.push(d.stage);
      lists.dealAmount.push(d.amount);
      lists.dealInvestors.push(d.investorCount);
    }
    lists.dealStart.push(lists.dealProject.length);
    for (const p of draft.projects) lists.projectIdx.push(p);
    lists.projectStart.push(lists.projectIdx.length);
    for (const g of [...draft.groupCounts.keys()].sort((a, b) => a - b)) {
      lists.groupKey.push(g);
      lists.groupCount.push(Math.min(COUNT_MAX, draft.groupCounts.get(g)!));
    }
    lists.groupStart.push(lists.groupKey.length);
    for (let k = 0; k < draft.portfolioVec.ids.length; k++) {
      lists.portfolioIds.push(draft.portfolioVec.ids[k]!);
      lists.portfolioWeights.push(draft.portfolioVec.weights[k]!);
    }
    lists.portfolioStart.push(lists.portfolioIds.length);
    for (let k = 0; k < draft.thesisVec.ids.length; k++) {
      lists.thesisIds.push(draft.thesisVec.ids[k]!);
      lists.thesisWeights.push(draft.thesisVec.weights[k]!);
    }
    lists.thesisStart.push(lists.thesisIds.length);
    if (this.added === this.m) this.seal();
  }

  private seal() {
    const lists = this.lists!;
    this.dealStart = lists.dealStart.build();
    this.dealProject = lists.dealProject.build();
    this.dealRound = lists.dealRound.build();
    this.dealDay = lists.dealDay.build();
    this.dealStage = lists.dealStage.build();
    this.dealAmount = lists.dealAmount.build();
    this.dealInvestors = lists.dealInvestors.build();
    this.projectStart = lists.projectStart.build();
    this.projectIdx = lists.projectIdx.build();
    this.groupStart = lists.groupStart.build();
    this.groupKey = lists.groupKey.build();
    this.groupCount = lists.groupCount.build();
    this.portfolioStart = lists.portfolioStart.build();
    this.portfolioIds = lists.portfolioIds.build();
    this.portfolioWeights = lists.portfolioWeights.build();
    this.thesisStart = lists.thesisStart.build();
    this.thesisIds = lists.thesisIds.build();
    this.thesisWeights = lists.thesisWeights.build();
    this.lists = undefined;
  }

  /** A view of profile `i` (`idx` is the index the bundle knows it by; -1 for a thesis). */
  profile(i: number, idx = i): StoredProfile {
    return new StoredProfile(this, i, idx);
  }
}

class ListBuilders {
  readonly portfolioIds: Growable<VectorIds>;
  readonly thesisIds: Growable<VectorIds>;

  constructor(narrowIds: boolean) {
    const ids = (): Growable<VectorIds> =>
      narrowIds
        ? new Growable<VectorIds>((n) => new Uint16Array(n))
        : new Growable<VectorIds>((n) => new Int32Array(n));
    this.portfolioIds = ids();
    this.thesisIds = ids();
  }

  dealStart = startList();
  dealProject = new Growable((n) => new Int32Array(n));
  dealRound = new Growable((n) => new Float64Array(n));
  dealDay = new Growable((n) => new Int32Array(n));
  dealStage = new Growable((n) => new Uint8Array(n));
  dealAmount = new Growable((n) => new Float32Array(n));
  dealInvestors = new Growable((n) => new Uint8Array(n));
  projectStart = startList();
  projectIdx = new Growable((n) => new Int32Array(n));
  groupStart = startList();
  groupKey = new Growable((n) => new Int32Array(n));
  groupCount = new Growable((n) => new Uint16Array(n));
  portfolioStart = startList();
  portfolioWeights = new Growable((n) => new Float32Array(n));
  thesisStart = startList();
  thesisWeights = new Growable((n) => new Float32Array(n));
}

function startList(): Growable<Int32Array> {
  const list = new Growable((n) => new Int32Array(n));
  list.push(0);
  return list;
}

/** A set of small integers read from a row of flags (or counts > 0). */
class FlagSet implements Iterable<number> {
  constructor(
    private readonly flags: Uint8Array | Uint16Array,
    private readonly keep: (k: number) => boolean = () => true,
  ) {}

  has(k: number): boolean {
    return k >= 0 && k < this.flags.length && this.flags[k]! > 0 && this.keep(k);
  }

  get size(): number {
    let size = 0;
    for (const _ of this) size++;
    return size;
  }

  *[Symbol.iterator]() {
    for (let k = 0; k < this.flags.length; k++) if (this.flags[k]! > 0 && this.keep(k)) yield k;
  }

  keys() {
    return this[Symbol.iterator]();
  }
}

/** Counts by small integer, read from a row of counts (0 = absent). */
class CountMap extends FlagSet {
  constructor(
    private readonly counts: Uint16Array,
    keep?: (k: number) => boolean,
  ) {
    super(counts, keep);
  }

  get(k: number): number | undefined {
    return this.has(k) ? this.counts[k] : undefined;
  }
}

/** One profile of a store. Cheap to make: a few numbers; everything else is read on demand. */
export class StoredProfile {
  readonly kind: EntityKind;
  private readonly row: number;
  private readonly small: number;
  private cache: Partial<Record<string, unknown>> | undefined;

  constructor(
    private readonly store: ProfileStore,
    private readonly i: number,
    readonly idx: number,
  ) {
    this.kind = store.kind;
    this.row = i * store.width;
    this.small = i * SMALL;
  }

  get id() {
    return this.store.ids[this.i]!;
  }
  get n() {
    return this.store.n[this.i]!;
  }
  get ticketMin() {
    const v = this.store.ticketMin[this.i]!;
    return Number.isNaN(v) ? null : v;
  }
  get ticketMax() {
    const v = this.store.ticketMax[this.i]!;
    return Number.isNaN(v) ? null : v;
  }
  get chequeLogMean() {
    return this.store.chequeLogMean[this.i]!;
  }
  get chequeLogSd() {
    return this.store.chequeLogSd[this.i]!;
  }
  get chequeCount() {
    return this.store.chequeCount[this.i]!;
  }
  get deals12() {
    return this.store.deals12[this.i]!;
  }
  get deals24() {
    return this.store.deals24[this.i]!;
  }
  get lastDealDay() {
    return this.store.lastDealDay[this.i]!;
  }

  // The scorer's reads: straight into the arrays.
  industryCount(k: number): number {
    return this.store.industryCount[this.row + k]!;
  }
  statesIndustry(k: number): boolean {
    return this.store.industryStated[this.row + k] === 1;
  }
  stageCount(s: number): number {
    return s >= 0 && s < SMALL ? this.store.stageCount[this.small + s]! : 0;
  }
  statesStage(s: number): boolean {
    return s >= 0 && s < SMALL && this.store.stageStated[this.small + s] === 1;
  }
  get statedStageCount(): number {
    return this.store.statedStageCount[this.i]!;
  }
  provinceCount(p: number): number {
    return p >= 0 && p < SMALL ? this.store.provinceCount[this.small + p]! : 0;
  }
  statesProvince(p: number): boolean {
    return p >= 0 && p < SMALL && this.store.provinceStated[this.small + p] === 1;
  }
  get statedProvinceCount(): number {
    return this.store.statedProvinceCount[this.i]!;
  }
  /** Portfolio projects in a competitor group. */
  groupCount(group: number): number {
    const { groupStart, groupKey, groupCount } = this.store;
    let lo = groupStart[this.i]!;
    let hi = groupStart[this.i + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (groupKey[mid]! < group) lo = mid + 1;
      else hi = mid;
    }
    return lo < groupStart[this.i + 1]! && groupKey[lo] === group ? groupCount[lo]! : 0;
  }
  hasProject(project: number): boolean {
    const { projectStart, projectIdx } = this.store;
    for (let k = projectStart[this.i]!; k < projectStart[this.i + 1]!; k++)
      if (projectIdx[k] === project) return true;
    return false;
  }
  /** Portfolio project indexes, in the order first invested in (newest deal first). */
  projectList(): Int32Array {
    const { projectStart, projectIdx } = this.store;
    return projectIdx.subarray(projectStart[this.i]!, projectStart[this.i + 1]!);
  }
  dotPortfolio(scratch: DenseScratch): number {
    const s = this.store;
    return scratch.dotSlice(
      s.portfolioIds,
      s.portfolioWeights,
      s.portfolioStart[this.i]!,
      s.portfolioStart[this.i + 1]!,
    );
  }
  dotThesis(scratch: DenseScratch): number {
    const s = this.store;
    return scratch.dotSlice(s.thesisIds, s.thesisWeights, s.thesisStart[this.i]!, s.thesisStart[this.i + 1]!);
  }

  private memo<T>(key: string, make: () => T): T {
    this.cache ??= {};
    if (!(key in this.cache)) this.cache[key] = make();
    return this.cache[key] as T;
  }

  // Set- and map-like members, for reasons, filters and tests.
  get portfolioVec(): SparseVector {
    return this.memo('portfolioVec', () => {
      const s = this.store;
      const start = s.portfolioStart[this.i]!;
      const end = s.portfolioStart[this.i + 1]!;
      return { ids: s.portfolioIds.subarray(start, end), weights: s.portfolioWeights.subarray(start, end) };
    });
  }
  get thesisVec(): SparseVector {
    return this.memo('thesisVec', () => {
      const s = this.store;
      const start = s.thesisStart[this.i]!;
      const end = s.thesisStart[this.i + 1]!;
      return { ids: s.thesisIds.subarray(start, end), weights: s.thesisWeights.subarray(start, end) };
    });
  }
  get deals(): EntityDeals {
    return this.memo('deals', () => {
      const s = this.store;
      const start = s.dealStart[this.i]!;
      const end = s.dealStart[this.i + 1]!;
      return {
        project: s.dealProject.subarray(start, end),
        round: s.dealRound.subarray(start, end),
        day: s.dealDay.subarray(start, end),
        stage: s.dealStage.subarray(start, end),
        amount: s.dealAmount.subarray(start, end),
        investorCount: s.dealInvestors.subarray(start, end),
      };
    });
  }
  private industryRow<T extends Uint8Array | Uint16Array>(values: T): T {
    return values.subarray(this.row, this.row + this.store.width) as T;
  }
  private smallRow<T extends Uint8Array | Uint16Array>(values: T): T {
    return values.subarray(this.small, this.small + SMALL) as T;
  }
  /** Stated top industries (with the tops of stated sub-industries). */
  get statedTops(): FlagSet {
    const { topOf } = taxonomy();
    return this.memo(
      'statedTops',
      () => new FlagSet(this.industryRow(this.store.industryStated), (k) => topOf[k] === k),
    );
  }
  get statedSubs(): FlagSet {
    const { topOf } = taxonomy();
    return this.memo(
      'statedSubs',
      () => new FlagSet(this.industryRow(this.store.industryStated), (k) => topOf[k] !== k),
    );
  }
  /** Deals by top industry. */
  get topCounts(): CountMap {
    const { topOf } = taxonomy();
    return this.memo(
      'topCounts',
      () => new CountMap(this.industryRow(this.store.industryCount), (k) => topOf[k] === k),
    );
  }
  /** Deals by sub-industry. */
  get subCounts(): CountMap {
    const { topOf } = taxonomy();
    return this.memo(
      'subCounts',
      () => new CountMap(this.industryRow(this.store.industryCount), (k) => topOf[k] !== k),
    );
  }
  get statedStages(): FlagSet {
    return this.memo('statedStages', () => new FlagSet(this.smallRow(this.store.stageStated)));
  }
  get stageCounts(): CountMap {
    return this.memo('stageCounts', () => new CountMap(this.smallRow(this.store.stageCount)));
  }
  get statedProvinces(): FlagSet {
    return this.memo('statedProvinces', () => new FlagSet(this.smallRow(this.store.provinceStated)));
  }
  get provinceCounts(): CountMap {
    return this.memo('provinceCounts', () => new CountMap(this.smallRow(this.store.provinceCount)));
  }
}
