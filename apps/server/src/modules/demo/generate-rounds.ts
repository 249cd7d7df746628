/**
 * Who invested in each round. Investors are drawn with probability proportional to how well the
 * round fits their latent preferences:
 *
 *   fit = industry × sub-industry boost × stage × ticket × region × active-at-date × activity
 *
 * from the pool of investors whose latent industries include the project's; a few slots
 * (EXPLORE) come from outside the pool, as real funds stray now and then. An investor's share
 * of all deals follows activity × years active; a soft capacity keeps a busy investor in a
 * thin industry pool from taking every deal in it. Existing investors sometimes follow on. Each
 * round takes at most one investor per institution; the first drawn leads. docs/demo-data.md
 * states the same formula for the matching evaluation. Preferences are held in typed arrays
 * indexed by industry, sub-industry and province: the 100,000-project set evaluates ~10^8 fits.
 */
import { INDUSTRIES, PROVINCES } from '../reference/index.js';
import { decimalYear } from './format.js';
import type { ProjectDraft } from './generate-projects.js';
import { INVESTORS_PER_ROUND, STAGE_AMOUNTS } from './market.js';
import type { Random } from './random.js';
import type { DemoInvestor, DemoRound, DemoRoundInvestor } from './types.js';

export const EXPLORE = 0.06;
const SUB_BOOST = 1.8;
const TICKET_SIGMA = 0.9;
const FOLLOW_ON = 0.3;
/** Written into the latent file so the evaluation knows how deals were drawn. */
export const FIT_PARAMETERS = {
  subBoost: SUB_BOOST,
  ticketSigma: TICKET_SIGMA,
  followOn: FOLLOW_ON,
  stageFloor: 0.03,
};
const MAX_STAGE = 40;
const MAX_POOL = 600;

const TOP_INDEX = new Map(INDUSTRIES.map((top, i) => [top.id, i]));
const SUB_INDEX = new Map(INDUSTRIES.flatMap((top) => top.subs).map((sub, i) => [sub.id, i]));
const PROVINCE_INDEX = new Map(PROVINCES.map((p, i) => [p.code, i]));

interface Candidate {
  investor: DemoInvestor;
  institutionId: number;
  industryIds: string[];
  industry: Float64Array;
  subs: Uint8Array;
  stage: Float64Array;
  logTicket: number;
  region: Float64Array;
  from: number;
  until: number;
  activity: number;
  /** Deals this investor's activity entitles it to in the whole dataset, and deals so far. */
  budget: number;
  deals: number;
}

function toCandidate(investor: DemoInvestor): Candidate {
  const l = investor.latent;
  const maxIndustry = Math.max(...l.industries.map((i) => i.weight));
  const maxStage = Math.max(...l.stages.map((s) => s.weight));
  const maxRegion = Math.max(...l.regions.map((r) => r.weight));
  const stage = new Float64Array(MAX_STAGE).fill(0.03);
  for (const s of l.stages) stage[s.id] = Math.max(0.03, s.weight / maxStage);
  const industry = new Float64Array(TOP_INDEX.size);
  for (const i of l.industries) industry[TOP_INDEX.get(i.id)!] = i.weight / maxIndustry;
  const subs = new Uint8Array(SUB_INDEX.size);
  for (const sub of l.subIndustries) subs[SUB_INDEX.get(sub)!] = 1;
  const region = new Float64Array(PROVINCE_INDEX.size).fill(l.regionOpenness);
  for (const r of l.regions)
    region[PROVINCE_INDEX.get(r.id)!] = Math.max(l.regionOpenness, r.weight / maxRegion);
  return {
    investor,
    institutionId: investor.institutionId,
    industryIds: l.industries.map((i) => i.id),
    industry,
    subs,
    stage,
    logTicket: Math.log(Math.sqrt(l.ticket.min * l.ticket.max)),
    region,
    from: decimalYear(new Date(`${l.activeFrom}T00:00:00Z`)),
    until: l.activeUntil ? decimalYear(new Date(`${l.activeUntil}T00:00:00Z`)) : Number.POSITIVE_INFINITY,
    activity: l.activity,
    budget: 0,
    deals: 0,
  };
}

/** Spreads the expected number of deal slots over investors by activity × years active. */
function setBudgets(all: Candidate[], projects: ProjectDraft[], endYear: number): void {
  let slots = 0;
  for (const p of projects)
    for (const r of p.rounds) {
      const [min, max] = INVESTORS_PER_ROUND[r.stage] ?? [1, 3];
      slots += (min + max) / 2;
    }
  const start = endYear - 6;
  const share = all.map(
    (c) => c.activity * Math.max(0.25, Math.min(endYear, c.until) - Math.max(start, c.from)),
  );
  const total = share.reduce((a, b) => a + b, 0) || 1;
  all.forEach((c, i) => {
    c.budget = 2 + (1.5 * slots * share[i]!) / total;
  });
}

interface RoundContext {
  industry: number;
  sub: number;
  province: number;
  stage: number;
  year: number;
  logShare: number;
}

function fit(c: Candidate, r: RoundContext, ignoreIndustry: boolean): number {
  const industry = ignoreIndustry ? 1 : c.industry[r.industry]!;
  if (industry === 0) return 0;
  const sub = c.subs[r.sub] ? SUB_BOOST : 1;
  const stage = c.stage[r.stage] ?? 0.03;
  const d = r.logShare - c.logTicket;
  const ticket = Math.max(0.02, Math.exp(-(d * d) / (2 * TICKET_SIGMA * TICKET_SIGMA)));
  const region = c.region[r.province]!;
  const time = r.year >= c.from && r.year <= c.until ? 1 : 0.01;
  const capacity = c.deals >= 2 * c.budget ? 0 : 1 / (1 + (c.deals / c.budget) ** 3);
  return industry * sub * stage * ticket * region * time * c.activity * capacity;
}

/** Index drawn with probability proportional to its weight, or -1 when all are zero. */
function draw(rng: Random, weights: Float64Array, total: number): number {
  if (total <= 1e-12) return -1;
  let x = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0 && weights[i]! > 0) return i;
  }
  for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
  return -1;
}

/** Zeroes the weights of an institution's investors; returns the weight removed. */
function exclude(orgs: Int32Array, weights: Float64Array, institutionId: number): number {
  let removed = 0;
  for (let i = 0; i < orgs.length; i++) {
    if (orgs[i] === institutionId) {
      removed += weights[i]!;
      weights[i] = 0;
    }
  }
  return removed;
}

export function generateRounds(
  rng: Random,
  projects: ProjectDraft[],
  investors: DemoInvestor[],
  now: Date,
): DemoRound[] {
  const all = investors.map(toCandidate);
  setBudgets(all, projects, decimalYear(now));
  const pools = new Map<string, Candidate[]>();
  for (const c of all) {
    for (const id of c.industryIds) {
      if (!pools.has(id)) pools.set(id, []);
      pools.get(id)!.push(c);
    }
  }
  // In a large set a pool has thousands of investors: it is dealt once into random shards of at
  // most MAX_POOL, and each project weighs one shard, so every investor keeps the same chance in
  // expectation at a bounded cost per round.
  const shards = new Map<string, { pool: Candidate[]; orgs: Int32Array }[]>();
  for (const [id, pool] of pools) {
    const mixed = rng.sample(pool, pool.length);
    const count = Math.ceil(mixed.length / MAX_POOL);
    const parts = Array.from({ length: count }, (_, k) => mixed.filter((_c, i) => i % count === k));
    shards.set(
      id,
      parts.map((part) => ({ pool: part, orgs: Int32Array.from(part, (c) => c.institutionId) })),
    );
  }
  const none = { pool: [] as Candidate[], orgs: new Int32Array(0) };
  const rounds: DemoRound[] = [];
  for (const project of projects) {
    const options = shards.get(project.industryId);
    const { pool, orgs } = options ? rng.pick(options) : none;
    const weights = new Float64Array(pool.length);
    const earlier: DemoRoundInvestor[] = [];
    for (const planned of project.rounds) {
      const [min, max] = INVESTORS_PER_ROUND[planned.stage] ?? [1, 3];
      const count = rng.int(min, max);
      const size = planned.amount ?? STAGE_AMOUNTS[planned.stage]?.median ?? 3000;
      const context: RoundContext = {
        industry: TOP_INDEX.get(project.industryId)!,
        sub: SUB_INDEX.get(project.subIndustryId)!,
        province: PROVINCE_INDEX.get(project.provinceCode)!,
        stage: planned.stage,
        year: decimalYear(new Date(`${planned.date}T00:00:00Z`)),
        logShare: Math.log(size / count),
      };
      let total = 0;
      for (let i = 0; i < pool.length; i++) {
        weights[i] = fit(pool[i]!, context, false);
        total += weights[i]!;
      }
      const taken = new Set<number>();
      const chosen: DemoRoundInvestor[] = [];
      const take = (institutionId: number, investorId: number) => {
        taken.add(institutionId);
        total -= exclude(orgs, weights, institutionId);
        chosen.push({ institutionId, investorId, isLead: chosen.length === 0 });
      };
      for (let slot = 0; slot < count; slot++) {
        if (slot > 0 && earlier.length && rng.chance(FOLLOW_ON)) {
          const previous = rng.pick(earlier);
          if (!taken.has(previous.institutionId)) {
            take(previous.institutionId, previous.investorId);
            continue;
          }
        }
        let pick: Candidate | undefined;
        if (rng.chance(EXPLORE) || pool.length === 0) {
          // 200 investors at random (with replacement: copying a large list per slot is too slow).
          const outside = Array.from(
            { length: Math.min(200, all.length) },
            () => all[rng.int(0, all.length - 1)]!,
          );
          const w = Float64Array.from(outside, (c) =>
            taken.has(c.institutionId) ? 0 : fit(c, context, true),
          );
          pick =
            outside[
              draw(
                rng,
                w,
                w.reduce((a, b) => a + b, 0),
              )
            ];
        } else {
          pick = pool[draw(rng, weights, total)];
        }
        if (!pick) continue;
        pick.deals += 1;
        take(pick.institutionId, pick.investor.id);
      }
      if (chosen.length && !chosen.some((c) => c.isLead)) chosen[0]!.isLead = true;
      earlier.push(...chosen);
      rounds.push({ id: rounds.length + 1, ...planned, investors: chosen });
    }
  }
  return rounds;
}
