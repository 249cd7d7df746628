import { STAGE_CODES } from '@jq/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoDataset } from '../../src/modules/demo/index.js';
import { projectFeaturesAt } from '../../src/modules/matching/features.js';
import { investorItems, projectItems } from '../../src/modules/matching/items.js';
import { entityTicketRange, rankEntities, rankProjects } from '../../src/modules/matching/rank.js';
import { STAGE_BANDS, stageBand, taxonomy } from '../../src/modules/matching/taxonomy.js';
import type { MatchIndex } from '../../src/modules/matching/types.js';
import { CONFLICT_PENALTY, VIP_BOOST, VIP_MIN_BASE, WEIGHTS } from '../../src/modules/matching/weights.js';
import { smallDemo } from './demo-index.js';

let data: DemoDataset;
let index: MatchIndex;
beforeAll(() => {
  ({ data, index } = smallDemo());
}, 120_000);

const tax = () => taxonomy();
const allProfiles = () => Array.from({ length: index.investors.size }, (_, i) => index.investors.profile(i));
const position = (id: number) => index.projects.position(id);

/** Venture-stage projects with a sub-industry, spread over the dataset: fixed by the seed. */
function fixedProjects(count: number) {
  return data.projects.filter((p, i) => i % 97 === 0 && p.stage >= 1 && p.stage <= 8).slice(0, count);
}

describe('matching engine on generated demo data', () => {
  it('puts only investors of the project industry and stage band in the top 10', () => {
    const projects = fixedProjects(8);
    expect(projects.length).toBe(8);
    for (const p of projects) {
      const features = projectFeaturesAt(index, position(p.id));
      const ranked = rankEntities(index, index.investors, features);
      expect(ranked.idx.length).toBeGreaterThanOrEqual(10);
      const band = STAGE_BANDS[stageBand(p.stage)] as readonly number[];
      for (const i of ranked.idx.subarray(0, 10)) {
        const e = index.investors.profile(i);
        const inIndustry = e.statedTops.has(features.top) || e.topCounts.has(features.top);
        const inBand = band.some((s) => e.statedStages.has(s) || e.stageCounts.has(s));
        expect(inIndustry, `investor ${e.id} for project ${p.id}`).toBe(true);
        expect(inBand, `investor ${e.id} stage band for project ${p.id}`).toBe(true);
      }
    }
  });

  it('flags an investor that backs a direct competitor and ranks it down by the penalty', () => {
    // A project whose competitor (same sub-industry and product line) has an investor not in the project.
    let found: { project: number; investor: number; competitor: number } | undefined;
    const rounds = new Map<number, Set<number>>();
    for (const r of data.rounds)
      for (const s of r.investors) {
        if (!rounds.has(r.projectId)) rounds.set(r.projectId, new Set());
        rounds.get(r.projectId)!.add(s.investorId);
      }
    outer: for (const a of data.projects) {
      for (const b of data.projects) {
        if (a.id === b.id || a.subIndustryId !== b.subIndustryId || a.tags[0] !== b.tags[0]) continue;
        for (const investor of rounds.get(b.id) ?? []) {
          if (!rounds.get(a.id)?.has(investor)) {
            found = { project: a.id, investor, competitor: b.id };
            break outer;
          }
        }
      }
    }
    expect(found).toBeDefined();
    const features = projectFeaturesAt(index, position(found!.project));
    const ranked = rankEntities(index, index.investors, features);
    const at = [...ranked.idx].findIndex((i) => index.investors.profile(i).id === found!.investor);
    expect(at).toBeGreaterThanOrEqual(0);
    const [item] = investorItems(index, index.investors, features, '本项目', ranked, at, 1);
    expect(item!.conflict.isConflict).toBe(true);
    const competitor = data.projects.find((p) => p.id === found!.competitor)!;
    expect(item!.conflict.competitors.map((c) => c.id)).toContain(competitor.id);
    expect(item!.reasons[0]).toMatchObject({ component: 'conflict' });
    expect(item!.reasons[0]!.text).toContain('已投竞品');
    expect(item!.breakdown.conflict.points).toBe(-CONFLICT_PENALTY);
    const positive = Object.entries(item!.breakdown)
      .filter(([key]) => key in WEIGHTS)
      .reduce((sum, [, c]) => sum + c.points, 0);
    expect(item!.score).toBeCloseTo(Math.max(0, positive - CONFLICT_PENALTY), 0);
    // Excluding conflicts drops it.
    const clean = rankEntities(index, index.investors, features, { excludeConflicts: true });
    expect([...clean.idx].map((i) => index.investors.profile(i).id)).not.toContain(found!.investor);
  });

  it('never lists an investor a filter excludes', () => {
    const t = tax();
    for (const p of fixedProjects(4)) {
      const features = projectFeaturesAt(index, position(p.id));
      const filters = { stage: [4, 5], region: ['440000', '310100'], ticketMin: 3000, ticketMax: 1000 };
      const ranked = rankEntities(index, index.investors, features, filters);
      const guangdong = t.provinceIndex.get('440000')!;
      const shanghai = t.provinceIndex.get('310000')!;
      for (const i of ranked.idx) {
        const e = index.investors.profile(i);
        expect([4, 5].some((s) => e.statedStages.has(s) || e.stageCounts.has(s))).toBe(true);
        const open = e.statedProvinces.size === 0;
        const region = [guangdong, shanghai].some((r) => e.statedProvinces.has(r) || e.provinceCounts.has(r));
        expect(open || region).toBe(true);
        // Reversed bounds are swapped: ticket range overlaps 1000–3000.
        const [low, high] = entityTicketRange(e);
        expect(low !== null && high !== null && high >= 1000 && low <= 3000).toBe(true);
      }
      const industryOnly = rankEntities(index, index.investors, features, { industry: ['ai'] });
      for (const i of industryOnly.idx) {
        const e = index.investors.profile(i);
        const ai = t.industryIndex.get('ai')!;
        expect(e.statedTops.has(ai) || e.topCounts.has(ai)).toBe(true);
      }
    }
  });

  it('gives 2–4 reasons that cite projects, rounds and investors that exist', async () => {
    const projects = new Map(data.projects.map((p) => [p.id, p]));
    const rounds = new Map(data.rounds.map((r) => [r.id, r]));
    const investors = new Set(data.investors.map((i) => i.id));
    for (const p of fixedProjects(5)) {
      const features = projectFeaturesAt(index, position(p.id));
      const ranked = rankEntities(index, index.investors, features);
      for (const item of investorItems(index, index.investors, features, p.brandName, ranked, 0, 20)) {
        expect(item.reasons.length).toBeGreaterThanOrEqual(2);
        expect(item.reasons.length).toBeLessThanOrEqual(4);
        for (const reason of item.reasons) {
          expect(reason.text.length).toBeGreaterThan(4);
          for (const ref of reason.refs) {
            if (ref.kind === 'project')
              expect(projects.get(ref.id)?.brandName || projects.get(ref.id)?.name).toBe(ref.label);
            if (ref.kind === 'round') {
              // The round exists and this investor sat in it.
              expect(rounds.get(ref.id)?.investors.some((s) => s.investorId === item.id)).toBe(true);
            }
            if (ref.kind === 'investor') expect(investors.has(ref.id)).toBe(true);
          }
        }
      }
    }
    // The investor side cites existing projects too.
    const seeker = allProfiles().find((e) => e.n >= 3)!;
    const ranked = rankProjects(index, seeker);
    const summaries = async (ids: number[]) =>
      new Map(
        ids.map((id) => {
          const p = projects.get(id)!;
          return [id, { id, name: p.brandName, brandName: p.brandName } as never];
        }),
      );
    const items = await projectItems(index, seeker, index.investors, ranked, 0, 10, summaries);
    expect(items.length).toBe(10);
    for (const item of items) {
      expect(item.reasons.length).toBeGreaterThanOrEqual(2);
      for (const ref of item.reasons.flatMap((r) => r.refs))
        if (ref.kind === 'project') expect(projects.has(ref.id)).toBe(true);
    }
  });

  it('scores a pair the same in both directions', () => {
    const seeker = allProfiles().find((e) => e.n >= 3)!;
    const ranked = rankProjects(index, seeker);
    for (let r = 0; r < 5; r++) {
      const features = projectFeaturesAt(index, ranked.idx[r]!);
      const back = rankEntities(index, index.investors, features);
      const at = [...back.idx].indexOf(seeker.idx);
      if (at < 0) continue; // beyond the listed 500
      expect(back.base[at]).toBeCloseTo(ranked.base[r]!, 3);
    }
  });

  it('bounds the VIP boost: a clearly better match always stays ahead', () => {
    const seeker = allProfiles().find((e) => e.n >= 5)!;
    const plain = rankProjects(index, seeker);
    // VIP owners on every third listed project, including weak ones.
    const vipOwners = new Set<number>();
    const owners = index.projects.owner;
    const saved = Float64Array.from(owners);
    try {
      plain.idx.forEach((p, r) => {
        if (r % 3 === 0) {
          owners[p] = 100_000 + r;
          vipOwners.add(100_000 + r);
        }
      });
      const boosted = rankProjects(index, seeker, {}, vipOwners);
      let boostedCount = 0;
      for (let r = 0; r < boosted.idx.length; r++) {
        const vip = boosted.vip[r]!;
        expect(vip).toBeLessThanOrEqual(VIP_BOOST);
        if (vip > 0) {
          boostedCount++;
          expect(boosted.base[r]).toBeGreaterThanOrEqual(VIP_MIN_BASE);
        }
        for (let s = r + 1; s < Math.min(boosted.idx.length, r + 60); s++) {
          // Anything listed later is never clearly better (base more than VIP_BOOST higher).
          expect(boosted.base[s]! - boosted.base[r]!).toBeLessThanOrEqual(VIP_BOOST + 1e-6);
        }
      }
      expect(boostedCount).toBeGreaterThan(0);
      // A VIP project does move ahead of a near tie.
      const moved = [...boosted.idx].findIndex(
        (p, r) => boosted.vip[r]! > 0 && [...plain.idx].indexOf(p) > r,
      );
      expect(moved).toBeGreaterThanOrEqual(0);
    } finally {
      owners.set(saved);
    }
  });

  it('knows every stage code in exactly one band', () => {
    for (const code of STAGE_CODES) {
      const bands = Object.values(STAGE_BANDS).filter((b) => (b as readonly number[]).includes(code));
      expect(bands.length, `stage ${code}`).toBe(1);
    }
  });
});
