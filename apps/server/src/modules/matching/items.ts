/**
 * Ranked lists as wire items: summaries, score, breakdown, reasons, conflict and stats.
 * Only the page being answered is explained (reasons are the costly part), so a page of 20
 * costs the same on 1,000 investors as on 20,000.
 */
import type { InvestorMatchItem, MatchReason, ProjectMatchItem } from '@jq/contract';
import { industryName, regionName } from '../reference/index.js';
import { dayString } from './build-index.js';
import { projectFeaturesAt } from './features.js';
import type { RankedList } from './rank.js';
import { buildReasons, competitorsOf, type Direction } from './reasons.js';
import { scoreFits, toBreakdown } from './score.js';
import { taxonomy } from './taxonomy.js';
import type { EntityBundle, EntityProfile, EntitySummary, MatchIndex, ProjectFeatures } from './types.js';
import { dotSparse } from './vectors.js';
import { VIP_BOOST } from './weights.js';

export interface Explained {
  fits: Float64Array;
  conflicts: number[];
  reasons: MatchReason[];
}

/** Recomputes one pair's fits (as ranked) and its reasons. */
export function explainPair(
  index: MatchIndex,
  project: ProjectFeatures,
  projectName: string,
  entity: EntityProfile,
  bundle: EntityBundle | null,
  vipBoost: number,
  direction: Direction,
  withReasons = true,
): Explained {
  const fits = new Float64Array(7);
  scoreFits(
    taxonomy(),
    project,
    entity,
    {
      portfolio: dotSparse(project.vec, entity.portfolioVec),
      thesis: dotSparse(project.vec, entity.thesisVec),
    },
    fits,
  );
  const conflicts = competitorsOf(index, project, entity);
  const reasons = withReasons
    ? buildReasons({ index, project, projectName, entity, bundle, fits, conflicts, vipBoost, direction })
    : [];
  return { fits, conflicts, reasons };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function listFields(s: EntitySummary) {
  return {
    industries: s.industries,
    industryNames: s.industries.map(industryName),
    stages: s.stages,
    ticketMin: s.ticketMin,
    ticketMax: s.ticketMax,
    regions: s.regions,
    regionNames: s.regions.map(regionName),
    isDemo: s.isDemo,
  };
}

export function entitySummaries(index: MatchIndex, bundle: EntityBundle, idx: number) {
  const s = bundle.summary(idx);
  if (bundle.kind === 'investor') {
    const org = s.institutionId !== null ? index.institutions.position(s.institutionId) : -1;
    return {
      investor: {
        id: s.id,
        name: s.name,
        title: s.title,
        avatar: s.avatar,
        institutionId: s.institutionId,
        institutionName: org >= 0 ? index.institutions.summary(org).name : '',
        ...listFields(s),
      },
      institution: null,
    };
  }
  return {
    investor: null,
    institution: {
      id: s.id,
      name: s.name,
      shortName: s.title,
      type: s.type,
      logo: s.avatar,
      ...listFields(s),
    },
  };
}

export function entityStats(e: EntityProfile, project: ProjectFeatures) {
  return {
    dealCount: e.n,
    deals12m: e.deals12,
    deals24m: e.deals24,
    industryDeals: e.topCounts.get(project.top) ?? 0,
    lastDealAt: e.lastDealDay >= 0 ? dayString(e.lastDealDay) : null,
  };
}

/** Items `from` .. `from + count` of a project → investors ranking. */
export function investorItems(
  index: MatchIndex,
  bundle: EntityBundle,
  project: ProjectFeatures,
  projectName: string,
  ranked: RankedList,
  from: number,
  count: number,
  withReasons = true,
): InvestorMatchItem[] {
  const items: InvestorMatchItem[] = [];
  for (let r = from; r < Math.min(ranked.idx.length, from + count); r++) {
    const idx = ranked.idx[r]!;
    const e = bundle.profile(idx);
    const explained = explainPair(index, project, projectName, e, bundle, 0, 'toInvestors', withReasons);
    items.push({
      rank: r + 1,
      kind: bundle.kind,
      id: e.id,
      ...entitySummaries(index, bundle, idx),
      score: round1(ranked.score[r]!),
      baseScore: round1(ranked.base[r]!),
      breakdown: toBreakdown(explained.fits, explained.conflicts.length > 0, 0, 0),
      reasons: explained.reasons,
      conflict: {
        isConflict: explained.conflicts.length > 0,
        competitors: explained.conflicts.map((q) => ({
          id: index.projects.id[q]!,
          name: index.projects.name(q),
        })),
      },
      stats: entityStats(e, project),
    });
  }
  return items;
}

export type ProjectSummaryLoader = (ids: number[]) => Promise<Map<number, ProjectMatchItem['project']>>;

/** Items `from` .. `from + count` of an investor → projects ranking. */
export async function projectItems(
  index: MatchIndex,
  seeker: EntityProfile,
  bundle: EntityBundle | null,
  ranked: RankedList,
  from: number,
  count: number,
  loadSummaries: ProjectSummaryLoader,
): Promise<ProjectMatchItem[]> {
  const rows: { r: number; idx: number }[] = [];
  for (let r = from; r < Math.min(ranked.idx.length, from + count); r++)
    rows.push({ r, idx: ranked.idx[r]! });
  const summaries = await loadSummaries(rows.map(({ idx }) => index.projects.id[idx]!));
  const items: ProjectMatchItem[] = [];
  for (const { r, idx } of rows) {
    const summary = summaries.get(index.projects.id[idx]!);
    if (!summary) continue; // deleted since the index was built
    const project = projectFeaturesAt(index, idx);
    const vip = ranked.vip[r]!;
    const explained = explainPair(index, project, summary.name, seeker, bundle, vip, 'toProjects');
    items.push({
      rank: r + 1,
      project: summary,
      score: round1(ranked.score[r]!),
      baseScore: round1(ranked.base[r]!),
      breakdown: toBreakdown(explained.fits, explained.conflicts.length > 0, vip, VIP_BOOST),
      reasons: explained.reasons,
      conflict: {
        isConflict: explained.conflicts.length > 0,
        competitors: explained.conflicts.map((q) => ({
          id: index.projects.id[q]!,
          name: index.projects.name(q),
        })),
      },
      isVipPriority: vip > 0,
    });
  }
  return items;
}
