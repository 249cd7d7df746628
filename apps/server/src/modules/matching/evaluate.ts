/**
 * Offline evaluation of the engine on the demo generator's data (`npm run eval:match`):
 * hold out 20% of each investor's round seats, build the index from the rest, and for every
 * held-out round rank all investors for that project at that round's stage and amount.
 * The held-out investors are the relevant ones; the round's remaining investors are known
 * and left out of the ranking. Rankers: random, industry only, the full engine.
 */
import type { DemoDataset } from '../demo/index.js';
import { buildMatchIndex } from './build-index.js';
import { projectFeaturesAt } from './features.js';
import { rankEntities } from './rank.js';
import { industryFit } from './score.js';
import { demoDeals, demoSource } from './source-demo.js';
import { taxonomy } from './taxonomy.js';
import type { EntityProfile, ProjectFeatures } from './types.js';

export interface RankerScore {
  ndcg10: number;
  recall20: number;
}

export interface EvaluationResult {
  heldOutSeats: number;
  queries: number;
  investors: number;
  rankers: Record<'random' | 'statedIndustry' | 'industry' | 'full', RankerScore>;
  seconds: number;
}

/** mulberry32: a small seeded generator, so a run is reproducible. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function metrics(ranked: number[], relevant: Set<number>): RankerScore {
  let dcg = 0;
  let hits20 = 0;
  ranked.slice(0, 20).forEach((id, i) => {
    if (!relevant.has(id)) return;
    if (i < 10) dcg += 1 / Math.log2(i + 2);
    hits20++;
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return { ndcg10: ideal ? dcg / ideal : 0, recall20: relevant.size ? hits20 / relevant.size : 0 };
}

/** Candidates by a key, best first; ties in random order. */
function rankByKey(ids: number[], key: (id: number) => number, random: () => number): number[] {
  const keyed = ids.map((id) => ({ id, key: key(id), tie: random() }));
  keyed.sort((a, b) => b.key - a.key || a.tie - b.tie);
  return keyed.map((k) => k.id);
}

export function evaluateMatching(data: DemoDataset, options: { seed?: number; holdout?: number } = {}) {
  const started = performance.now();
  const random = seededRandom(options.seed ?? 7);
  const holdout = options.holdout ?? 0.2;
  const allDeals = demoDeals(data);
  const seatsByInvestor = new Map<number, number[]>();
  allDeals.forEach((deal, i) => {
    const id = deal.investorId!;
    if (!seatsByInvestor.has(id)) seatsByInvestor.set(id, []);
    seatsByInvestor.get(id)!.push(i);
  });
  const heldOut = new Set<number>();
  for (const seats of seatsByInvestor.values()) {
    const count = Math.floor(seats.length * holdout + random());
    for (const i of shuffle([...seats], random).slice(0, count)) heldOut.add(i);
  }
  const train = allDeals.filter((_, i) => !heldOut.has(i));
  const index = buildMatchIndex(demoSource(data, train));
  const tax = taxonomy();

  // Queries: one per round with held-out seats.
  const queries = new Map<number, { relevant: Set<number>; known: Set<number> }>();
  allDeals.forEach((deal, i) => {
    if (!queries.has(deal.roundId)) queries.set(deal.roundId, { relevant: new Set(), known: new Set() });
    const q = queries.get(deal.roundId)!;
    (heldOut.has(i) ? q.relevant : q.known).add(deal.investorId!);
  });
  const rounds = new Map(data.rounds.map((r) => [r.id, r]));
  const allIds = Array.from(index.investors.profiles.ids);
  // One view per investor for the whole run (the views are light; the ranking makes its own).
  const profiles = new Map(allIds.map((id, i) => [id, index.investors.profile(i)]));
  const sums = {
    random: { ndcg10: 0, recall20: 0 },
    statedIndustry: { ndcg10: 0, recall20: 0 },
    industry: { ndcg10: 0, recall20: 0 },
    full: { ndcg10: 0, recall20: 0 },
  };
  let count = 0;
  for (const [roundId, q] of queries) {
    if (!q.relevant.size) continue;
    const round = rounds.get(roundId)!;
    const base = projectFeaturesAt(index, index.projects.position(round.projectId));
    const project: ProjectFeatures = { ...base, stage: round.stage, amount: round.amount };
    const candidates = allIds.filter((id) => !q.known.has(id));
    const add = (key: keyof typeof sums, ranked: number[]) => {
      const m = metrics(ranked, q.relevant);
      sums[key].ndcg10 += m.ndcg10;
      sums[key].recall20 += m.recall20;
    };
    add('random', shuffle([...candidates], random).slice(0, 20));
    add(
      'statedIndustry',
      rankByKey(candidates, (id) => statedLevel(profiles.get(id)!, project), random).slice(0, 20),
    );
    add(
      'industry',
      rankByKey(candidates, (id) => industryFit(tax, project, profiles.get(id)!), random).slice(0, 20),
    );
    const ranked = rankEntities(index, index.investors, project, {}, q.known);
    add(
      'full',
      [...ranked.idx.subarray(0, 20)].map((i) => index.investors.profiles.ids[i]!),
    );
    count++;
  }
  const mean = (s: RankerScore): RankerScore => ({ ndcg10: s.ndcg10 / count, recall20: s.recall20 / count });
  return {
    heldOutSeats: heldOut.size,
    queries: count,
    investors: allIds.length,
    rankers: {
      random: mean(sums.random),
      statedIndustry: mean(sums.statedIndustry),
      industry: mean(sums.industry),
      full: mean(sums.full),
    },
    seconds: (performance.now() - started) / 1000,
  } satisfies EvaluationResult;
}

/** What a directory search by industry gives: stated sub-industry 3, industry 2, adjacent 1. */
function statedLevel(e: EntityProfile, project: ProjectFeatures): number {
  const tax = taxonomy();
  if (project.sub >= 0 && e.statedSubs.has(project.sub)) return 3;
  if (e.statedTops.has(project.top)) return 2;
  if (tax.adjacent[project.top]!.some((a) => e.statedTops.has(a))) return 1;
  return 0;
}
