/**
 * Builds the in-process match index from its source columns: project features in flat
 * arrays (a few hundred bytes a project), and for every investor and institution a profile
 * of what it says (stated industries, stages, ticket, regions, thesis) and what it did (deal
 * counts by industry, stage and province, cheque sizes, dated deals, portfolio centroid),
 * stored column-wise (profile-store.ts). The same source gives the same index, whether it
 * came from the library snapshot or from the demo generator. `buildMatchIndex` runs through
 * at once; `buildMatchIndexSliced` pauses now and then (a server keeps answering meanwhile).
 */
import { type ProfileDraft, ProfileStore } from './profile-store.js';
import { provinceOf, type Taxonomy, taxonomy } from './taxonomy.js';
import type {
  EntityBundle,
  EntityProfile,
  EntitySource,
  MatchIndex,
  MatchSource,
  ProjectTable,
  SparseVector,
} from './types.js';
import {
  buildVocabulary,
  EMPTY_VECTOR,
  tokensOf,
  type Vocabulary,
  vectorIdArray,
  vectorOfIds,
  WeightAccumulator,
} from './vectors.js';
import { ENTITY_VECTOR_SIZE, PROJECT_VECTOR_SIZE } from './weights.js';

const DAY_MS = 86_400_000;

export function dayNumber(date: string | Date): number {
  const ms = typeof date === 'string' ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : date.getTime();
  return Math.floor(ms / DAY_MS);
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The top and sub-industry index of an industry list (the main id first). */
export function industryPair(tax: Taxonomy, mainId: string, ids: readonly string[]) {
  const main = tax.industryIndex.get(mainId);
  const top = main === undefined ? -1 : tax.topOf[main]!;
  let sub = main !== undefined && main !== top ? main : -1;
  for (const id of ids) {
    const i = tax.industryIndex.get(id);
    if (sub < 0 && i !== undefined && i !== top && tax.topOf[i] === top) sub = i;
  }
  return { top, sub };
}

export function groupKey(subId: string, productLine: string | undefined): string | undefined {
  return productLine ? `${subId}|${productLine}` : undefined;
}

/** The index of an id among ids: binary search when they ascend, else a map. */
function positionsOf(ids: ArrayLike<number>): (id: number) => number {
  let ascending = true;
  for (let i = 1; i < ids.length && ascending; i++) if (!(ids[i - 1]! < ids[i]!)) ascending = false;
  if (!ascending) {
    const map = new Map<number, number>();
    for (let i = 0; i < ids.length; i++) map.set(ids[i]!, i);
    return (id) => map.get(id) ?? -1;
  }
  return (id) => {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < ids.length && ids[lo] === id ? lo : -1;
  };
}

function* buildProjects(tax: Taxonomy, vocabulary: Vocabulary, source: MatchSource['projects']) {
  const n = source.n;
  const groupIndex = new Map<string, number>();
  const groupLabel: string[] = [];
  const id = Float64Array.from({ length: n }, (_, i) => source.ids[i]!);
  const table: ProjectTable = {
    id,
    // The source's own function: a closure here would keep the whole source (its tokens) alive.
    name: source.name,
    top: new Int16Array(n),
    sub: new Int16Array(n),
    stage: new Uint8Array(n),
    amount: new Float32Array(n),
    province: new Int16Array(n),
    city: new Int32Array(n),
    group: new Int32Array(n),
    owner: new Float64Array(n),
    vecStart: new Int32Array(n + 1),
    vecIds: vectorIdArray(vocabulary, n * PROJECT_VECTOR_SIZE),
    vecWeights: new Float32Array(n * PROJECT_VECTOR_SIZE),
    vocabularySize: vocabulary.idf.length,
    byTop: new Map(),
    position: positionsOf(id),
    groupLabel,
  };
  const byTop = new Map<number, number[]>();
  const scratch = new WeightAccumulator(vocabulary.idf.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    if ((i & 1023) === 0) yield;
    const { top, sub } = industryPair(tax, source.industryId(i), source.industries(i));
    table.top[i] = top;
    table.sub[i] = sub;
    table.stage[i] = source.stage(i);
    table.amount[i] = source.amount(i) ?? Number.NaN;
    const city = source.cityCode(i);
    table.province[i] = provinceOf(tax, source.provinceCode(i) ?? city);
    table.city[i] = Number(city ?? 0) || 0;
    const tag = source.firstTag(i);
    const key = sub >= 0 ? groupKey(tax.industryIds[sub]!, tag) : undefined;
    let group = -1;
    if (key) {
      group = groupIndex.get(key) ?? groupLabel.length;
      if (group === groupLabel.length) {
        groupIndex.set(key, group);
        groupLabel.push(tag!);
      }
    }
    table.group[i] = group;
    table.owner[i] = source.owner(i);
    const vec = vectorOfIds(vocabulary, tokensOf(source.tokens, i), PROJECT_VECTOR_SIZE, scratch);
    table.vecStart[i] = at;
    table.vecIds.set(vec.ids, at);
    table.vecWeights.set(vec.weights, at);
    at += vec.ids.length;
    if (top >= 0) {
      if (!byTop.has(top)) byTop.set(top, []);
      byTop.get(top)!.push(i);
    }
  }
  table.vecStart[n] = at;
  table.vecIds = table.vecIds.slice(0, at);
  table.vecWeights = table.vecWeights.slice(0, at);
  for (const [top, list] of byTop) table.byTop.set(top, Int32Array.from(list));
  return { table, groupIndex };
}

/** One seat of an entity: the deal row in the source and the project's index. */
interface DealRef {
  deal: number;
  project: number;
}

const increment = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** What a profile is made of beyond its deals. */
export interface ProfileEntity {
  id: number;
  industries: readonly string[];
  stages: ArrayLike<number>;
  ticketMin: number | null;
  ticketMax: number | null;
  regions: readonly string[];
}

/** A profile's draft: stated preferences from `entity`, the rest aggregated from its deals. */
export function draftProfile(
  tax: Taxonomy,
  projects: ProjectTable,
  deals: MatchSource['deals'] | null,
  entity: ProfileEntity,
  refs: DealRef[],
  nowDay: number,
  thesisVec: SparseVector,
  centroid = new WeightAccumulator(projects.vocabularySize),
): ProfileDraft {
  const statedIndustries = new Set<number>();
  for (const id of entity.industries) {
    const i = tax.industryIndex.get(id);
    if (i === undefined) continue;
    statedIndustries.add(i);
    statedIndustries.add(tax.topOf[i]!);
  }
  const statedProvinces = new Set<number>();
  for (const code of entity.regions) {
    const p = provinceOf(tax, code);
    if (p >= 0) statedProvinces.add(p);
  }
  // Newest first; a stable sort keeps seats of one day in source order.
  if (deals) refs.sort((a, b) => deals.day(b.deal) - deals.day(a.deal));
  const draft: ProfileDraft = {
    id: entity.id,
    statedIndustries,
    statedStages: Array.from(entity.stages),
    statedProvinces,
    ticketMin: entity.ticketMin,
    ticketMax: entity.ticketMax,
    deals: [],
    industryCounts: new Map(),
    stageCounts: new Map(),
    provinceCounts: new Map(),
    groupCounts: new Map(),
    projects: [],
    chequeLogMean: 0,
    chequeLogSd: 0,
    chequeCount: 0,
    deals12: 0,
    deals24: 0,
    lastDealDay: -1,
    portfolioVec: EMPTY_VECTOR,
    thesisVec,
  };
  const portfolio = new Set<number>();
  let sum = 0;
  let sumSq = 0;
  for (const { deal, project } of refs) {
    const d = deals!;
    const day = d.day(deal);
    const stage = d.stage(deal);
    const amount = d.amount(deal);
    const investorCount = Math.min(255, Math.max(1, d.investorCount(deal)));
    draft.deals.push({
      project,
      round: d.roundId(deal),
      day,
      stage,
      amount: amount ?? Number.NaN,
      investorCount,
    });
    const top = projects.top[project]!;
    const sub = projects.sub[project]!;
    if (top >= 0) increment(draft.industryCounts, top);
    if (sub >= 0) increment(draft.industryCounts, sub);
    increment(draft.stageCounts, stage);
    const province = projects.province[project]!;
    if (province >= 0) increment(draft.provinceCounts, province);
    if (amount && amount > 0) {
      const log = Math.log(amount / investorCount);
      sum += log;
      sumSq += log * log;
      draft.chequeCount++;
    }
    if (nowDay - day <= 365) draft.deals12++;
    if (nowDay - day <= 730) draft.deals24++;
    draft.lastDealDay = Math.max(draft.lastDealDay, day);
    if (!portfolio.has(project)) {
      portfolio.add(project);
      const group = projects.group[project]!;
      if (group >= 0) increment(draft.groupCounts, group);
      const start = projects.vecStart[project]!;
      const end = projects.vecStart[project + 1]!;
      for (let k = start; k < end; k++) centroid.add(projects.vecIds[k]!, projects.vecWeights[k]!);
    }
  }
  draft.projects = portfolio;
  if (draft.chequeCount) {
    draft.chequeLogMean = sum / draft.chequeCount;
    draft.chequeLogSd = Math.sqrt(Math.max(0, sumSq / draft.chequeCount - draft.chequeLogMean ** 2));
  }
  draft.portfolioVec = centroid.take(ENTITY_VECTOR_SIZE);
  return draft;
}

/** A profile of a free-text thesis (no deals), in a store of its own. */
export function thesisProfile(
  index: MatchIndex,
  entity: ProfileEntity,
  thesisVec: SparseVector,
): EntityProfile {
  const tax = taxonomy();
  const store = new ProfileStore('thesis', 1, tax.industryIds.length, index.vocabulary.idf.length);
  store.add(draftProfile(tax, index.projects, null, entity, [], index.nowDay, thesisVec));
  return store.profile(0, -1);
}

function* buildBundle(
  kind: 'investor' | 'institution',
  tax: Taxonomy,
  vocabulary: Vocabulary,
  projects: ProjectTable,
  source: EntitySource,
  deals: MatchSource['deals'],
  dealsOf: Map<number, DealRef[]>,
  nowDay: number,
) {
  const store = new ProfileStore(kind, source.n, tax.industryIds.length, vocabulary.idf.length);
  const byTop = new Map<number, number[]>();
  const scratch = new WeightAccumulator(vocabulary.idf.length);
  for (let idx = 0; idx < source.n; idx++) {
    if ((idx & 255) === 0) yield;
    const id = source.ids[idx]!;
    const draft = draftProfile(
      tax,
      projects,
      deals,
      {
        id,
        industries: source.industries(idx),
        stages: source.stages(idx),
        ticketMin: source.ticketMin(idx),
        ticketMax: source.ticketMax(idx),
        regions: source.regions(idx),
      },
      dealsOf.get(idx) ?? [],
      nowDay,
      vectorOfIds(vocabulary, tokensOf(source.tokens, idx), ENTITY_VECTOR_SIZE, scratch),
      scratch,
    );
    store.add(draft);
    const tops = new Set<number>();
    for (const k of draft.statedIndustries) if (tax.topOf[k] === k) tops.add(k);
    for (const k of draft.industryCounts.keys()) if (tax.topOf[k] === k) tops.add(k);
    for (const top of tops) {
      if (!byTop.has(top)) byTop.set(top, []);
      byTop.get(top)!.push(idx);
    }
  }
  const bundle: EntityBundle = {
    kind,
    size: source.n,
    summary: source.summary,
    profiles: store,
    profile: (idx) => store.profile(idx),
    position: positionsOf(source.ids),
    byTop: new Map([...byTop].map(([top, list]) => [top, Int32Array.from(list)])),
  };
  return bundle;
}

function* buildSteps(source: MatchSource) {
  const tax = taxonomy();
  const nowDay = dayNumber(source.now);
  const vocabulary = buildVocabulary(source.words, source.projects.tokens);
  yield;
  const { table: projects, groupIndex } = yield* buildProjects(tax, vocabulary, source.projects);
  const investorAt = positionsOf(source.investors.ids);
  const institutionAt = positionsOf(source.institutions.ids);
  const byInvestor = new Map<number, DealRef[]>();
  const byInstitution = new Map<number, DealRef[]>();
  const { deals } = source;
  // One seat per institution and round, however many of its people are named.
  const lastRoundOf = new Map<number, number>();
  for (let k = 0; k < deals.n; k++) {
    if ((k & 8191) === 0) yield;
    const project = projects.position(deals.projectId(k));
    if (project < 0) continue;
    const investorId = deals.investorId(k);
    const investor = investorId === null ? -1 : investorAt(investorId);
    if (investor >= 0) {
      if (!byInvestor.has(investor)) byInvestor.set(investor, []);
      byInvestor.get(investor)!.push({ deal: k, project });
    }
    const institutionId = deals.institutionId(k);
    const institution = institutionId === null ? -1 : institutionAt(institutionId);
    const roundId = deals.roundId(k);
    if (institution >= 0 && lastRoundOf.get(institution) !== roundId) {
      lastRoundOf.set(institution, roundId);
      if (!byInstitution.has(institution)) byInstitution.set(institution, []);
      byInstitution.get(institution)!.push({ deal: k, project });
    }
  }
  const investors = yield* buildBundle(
    'investor',
    tax,
    vocabulary,
    projects,
    source.investors,
    deals,
    byInvestor,
    nowDay,
  );
  const institutions = yield* buildBundle(
    'institution',
    tax,
    vocabulary,
    projects,
    source.institutions,
    deals,
    byInstitution,
    nowDay,
  );
  // Only the build maps interned ids; typed text goes through `index`.
  vocabulary.byDictionaryId = new Int32Array(0);
  const index: MatchIndex = {
    builtAt: Date.now(),
    nowDay,
    vocabulary,
    groupIndex,
    projects,
    investors,
    institutions,
  };
  return index;
}

export function buildMatchIndex(source: MatchSource): MatchIndex {
  const steps = buildSteps(source);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same build, pausing at every step for `slice` (which yields to pending I/O now and then). */
export async function buildMatchIndexSliced(
  source: MatchSource,
  slice: () => Promise<void>,
  isStale: () => boolean,
): Promise<MatchIndex> {
  const steps = buildSteps(source);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (isStale()) throw new Error('match index build superseded');
    await slice();
  }
}
