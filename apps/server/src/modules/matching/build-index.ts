/**
 * Builds the in-process match index from plain rows: project features in flat arrays (a
 * few hundred bytes a project), and for every investor and institution a profile of what
 * it says (stated industries, stages, ticket, regions, thesis) and what it did (deal
 * counts by industry, stage and province, cheque sizes, dated deals, portfolio centroid).
 * Pure and synchronous: the same rows give the same index, whether they came from the
 * database or from the demo generator.
 */
import { provinceOf, type Taxonomy, taxonomy } from './taxonomy.js';
import type {
  EntityBundle,
  EntityProfile,
  MatchIndex,
  MatchSource,
  ProjectTable,
  SourceDeal,
  SourceEntity,
  SourceProject,
} from './types.js';
import { addInto, buildVocabulary, EMPTY_VECTOR, toSparse, type Vocabulary, vectorOfIds } from './vectors.js';
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

function buildProjects(tax: Taxonomy, vocabulary: Vocabulary, projects: SourceProject[]) {
  const n = projects.length;
  const groupIndex = new Map<string, number>();
  const groupLabel: string[] = [];
  const table: ProjectTable = {
    id: new Int32Array(n),
    name: new Array<string>(n),
    top: new Int16Array(n),
    sub: new Int16Array(n),
    stage: new Uint8Array(n),
    amount: new Float32Array(n),
    province: new Int16Array(n),
    city: new Int32Array(n),
    group: new Int32Array(n),
    owner: new Float64Array(n),
    vecStart: new Int32Array(n + 1),
    vecIds: new Int32Array(n * PROJECT_VECTOR_SIZE),
    vecWeights: new Float32Array(n * PROJECT_VECTOR_SIZE),
    byTop: new Map(),
    positionById: new Map(),
    groupLabel,
  };
  const byTop = new Map<number, number[]>();
  let at = 0;
  projects.forEach((p, i) => {
    const { top, sub } = industryPair(tax, p.industryId, p.industries);
    table.id[i] = p.id;
    table.name[i] = p.name;
    table.top[i] = top;
    table.sub[i] = sub;
    table.stage[i] = p.stage;
    table.amount[i] = p.amount ?? Number.NaN;
    table.province[i] = provinceOf(tax, p.provinceCode ?? p.cityCode);
    table.city[i] = Number(p.cityCode ?? 0) || 0;
    const key = sub >= 0 ? groupKey(tax.industryIds[sub]!, p.tags[0]) : undefined;
    let group = -1;
    if (key) {
      group = groupIndex.get(key) ?? groupLabel.length;
      if (group === groupLabel.length) {
        groupIndex.set(key, group);
        groupLabel.push(p.tags[0]!);
      }
    }
    table.group[i] = group;
    table.owner[i] = p.ownerUserId ?? 0;
    table.positionById.set(p.id, i);
    const vec = vectorOfIds(vocabulary, p.tokens, PROJECT_VECTOR_SIZE);
    table.vecStart[i] = at;
    table.vecIds.set(vec.ids, at);
    table.vecWeights.set(vec.weights, at);
    at += vec.ids.length;
    if (top >= 0) {
      if (!byTop.has(top)) byTop.set(top, []);
      byTop.get(top)!.push(i);
    }
  });
  table.vecStart[n] = at;
  table.vecIds = table.vecIds.slice(0, at);
  table.vecWeights = table.vecWeights.slice(0, at);
  for (const [top, list] of byTop) table.byTop.set(top, Int32Array.from(list));
  return { table, groupIndex };
}

interface DealRef {
  deal: SourceDeal;
  project: number;
}

const increment = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Flat copies of a profile's sets and counts (built once, read in every score). */
export function denseOf(tax: Taxonomy, e: EntityProfile): EntityProfile['dense'] {
  const n = tax.industryIds.length;
  const dense = {
    industryCount: new Float32Array(n),
    industryStated: new Uint8Array(n),
    stageCount: new Float32Array(64),
    stageStated: new Uint8Array(64),
    provinceCount: new Float32Array(64),
    provinceStated: new Uint8Array(64),
  };
  for (const [k, c] of e.topCounts) dense.industryCount[k] = c;
  for (const [k, c] of e.subCounts) dense.industryCount[k] = c;
  for (const k of e.statedTops) dense.industryStated[k] = 1;
  for (const k of e.statedSubs) dense.industryStated[k] = 1;
  for (const [k, c] of e.stageCounts) if (k < 64) dense.stageCount[k] = c;
  for (const k of e.statedStages) if (k < 64) dense.stageStated[k] = 1;
  for (const [k, c] of e.provinceCounts) dense.provinceCount[k] = c;
  for (const k of e.statedProvinces) dense.provinceStated[k] = 1;
  return dense;
}

export function buildProfile(
  tax: Taxonomy,
  vocabulary: Vocabulary,
  projects: ProjectTable,
  kind: EntityProfile['kind'],
  idx: number,
  entity: Pick<
    SourceEntity,
    'id' | 'industries' | 'stages' | 'ticketMin' | 'ticketMax' | 'regions' | 'tokens'
  >,
  deals: DealRef[],
  nowDay: number,
): EntityProfile {
  const statedTops = new Set<number>();
  const statedSubs = new Set<number>();
  for (const id of entity.industries) {
    const i = tax.industryIndex.get(id);
    if (i === undefined) continue;
    if (tax.topOf[i] === i) statedTops.add(i);
    else {
      statedSubs.add(i);
      statedTops.add(tax.topOf[i]!);
    }
  }
  const statedProvinces = new Set<number>();
  for (const code of entity.regions) {
    const p = provinceOf(tax, code);
    if (p >= 0) statedProvinces.add(p);
  }
  deals.sort((a, b) => (a.deal.date < b.deal.date ? 1 : a.deal.date > b.deal.date ? -1 : 0));
  const profile: EntityProfile = {
    kind,
    idx,
    id: entity.id,
    statedTops,
    statedSubs,
    statedStages: new Set(entity.stages),
    ticketMin: entity.ticketMin,
    ticketMax: entity.ticketMax,
    statedProvinces,
    n: deals.length,
    topCounts: new Map(),
    subCounts: new Map(),
    stageCounts: new Map(),
    provinceCounts: new Map(),
    groupCounts: new Map(),
    projects: new Set(),
    chequeLogMean: 0,
    chequeLogSd: 0,
    chequeCount: 0,
    deals12: 0,
    deals24: 0,
    lastDealDay: -1,
    portfolioVec: EMPTY_VECTOR,
    thesisVec: vectorOfIds(vocabulary, entity.tokens, ENTITY_VECTOR_SIZE),
    dense: undefined as unknown as EntityProfile['dense'],
    deals: {
      project: new Int32Array(deals.length),
      round: new Int32Array(deals.length),
      day: new Int32Array(deals.length),
      stage: new Uint8Array(deals.length),
      amount: new Float32Array(deals.length),
      investorCount: new Uint8Array(deals.length),
    },
  };
  const centroid = new Map<number, number>();
  let sum = 0;
  let sumSq = 0;
  deals.forEach(({ deal, project }, k) => {
    const day = dayNumber(deal.date);
    const d = profile.deals;
    d.project[k] = project;
    d.round[k] = deal.roundId;
    d.day[k] = day;
    d.stage[k] = deal.stage;
    d.amount[k] = deal.amount ?? Number.NaN;
    d.investorCount[k] = Math.min(255, Math.max(1, deal.investorCount));
    const top = projects.top[project]!;
    const sub = projects.sub[project]!;
    if (top >= 0) increment(profile.topCounts, top);
    if (sub >= 0) increment(profile.subCounts, sub);
    increment(profile.stageCounts, deal.stage);
    const province = projects.province[project]!;
    if (province >= 0) increment(profile.provinceCounts, province);
    if (deal.amount && deal.amount > 0) {
      const log = Math.log(deal.amount / d.investorCount[k]!);
      sum += log;
      sumSq += log * log;
      profile.chequeCount++;
    }
    if (nowDay - day <= 365) profile.deals12++;
    if (nowDay - day <= 730) profile.deals24++;
    profile.lastDealDay = Math.max(profile.lastDealDay, day);
    if (!profile.projects.has(project)) {
      profile.projects.add(project);
      const group = projects.group[project]!;
      if (group >= 0) increment(profile.groupCounts, group);
      const start = projects.vecStart[project]!;
      const end = projects.vecStart[project + 1]!;
      addInto(centroid, {
        ids: projects.vecIds.subarray(start, end),
        weights: projects.vecWeights.subarray(start, end),
      });
    }
  });
  if (profile.chequeCount) {
    profile.chequeLogMean = sum / profile.chequeCount;
    profile.chequeLogSd = Math.sqrt(Math.max(0, sumSq / profile.chequeCount - profile.chequeLogMean ** 2));
  }
  profile.portfolioVec = toSparse(centroid, ENTITY_VECTOR_SIZE);
  profile.dense = denseOf(tax, profile);
  return profile;
}

function buildBundle(
  kind: 'investor' | 'institution',
  tax: Taxonomy,
  vocabulary: Vocabulary,
  projects: ProjectTable,
  entities: SourceEntity[],
  dealsOf: Map<number, DealRef[]>,
  nowDay: number,
): EntityBundle {
  const byTop = new Map<number, number[]>();
  const profiles = entities.map((entity, idx) => {
    const profile = buildProfile(
      tax,
      vocabulary,
      projects,
      kind,
      idx,
      entity,
      dealsOf.get(entity.id) ?? [],
      nowDay,
    );
    for (const top of new Set([...profile.statedTops, ...profile.topCounts.keys()])) {
      if (!byTop.has(top)) byTop.set(top, []);
      byTop.get(top)!.push(idx);
    }
    return profile;
  });
  return {
    kind,
    summaries: entities.map(({ tokens: _tokens, ...summary }) => summary),
    profiles,
    positionById: new Map(entities.map((e, i) => [e.id, i])),
    byTop: new Map([...byTop].map(([top, list]) => [top, Int32Array.from(list)])),
  };
}

export function buildMatchIndex(source: MatchSource): MatchIndex {
  const tax = taxonomy();
  const nowDay = dayNumber(source.now);
  const vocabulary = buildVocabulary(
    source.dictionary,
    source.projects.map((p) => p.tokens),
  );
  const { table: projects, groupIndex } = buildProjects(tax, vocabulary, source.projects);
  const byInvestor = new Map<number, DealRef[]>();
  const byInstitution = new Map<number, DealRef[]>();
  const institutionSeats = new Set<string>();
  for (const deal of source.deals) {
    const project = projects.positionById.get(deal.projectId);
    if (project === undefined) continue;
    if (deal.investorId !== null) {
      if (!byInvestor.has(deal.investorId)) byInvestor.set(deal.investorId, []);
      byInvestor.get(deal.investorId)!.push({ deal, project });
    }
    // One seat per institution and round, however many of its people are named.
    if (deal.institutionId !== null && !institutionSeats.has(`${deal.roundId}:${deal.institutionId}`)) {
      institutionSeats.add(`${deal.roundId}:${deal.institutionId}`);
      if (!byInstitution.has(deal.institutionId)) byInstitution.set(deal.institutionId, []);
      byInstitution.get(deal.institutionId)!.push({ deal, project });
    }
  }
  return {
    builtAt: Date.now(),
    nowDay,
    vocabulary,
    groupIndex,
    projects,
    investors: buildBundle('investor', tax, vocabulary, projects, source.investors, byInvestor, nowDay),
    institutions: buildBundle(
      'institution',
      tax,
      vocabulary,
      projects,
      source.institutions,
      byInstitution,
      nowDay,
    ),
  };
}
