/**
 * Matching for profiles that are not library projects (teasers, issue 17): the same ranking
 * and reasons as a stored match, both ways. Project side: a profile → investors or
 * institutions. Investor side: a seeker (thesis, investor, institution, or the user's own
 * institution) → the given candidate profiles, with the bounded VIP boost of weights.ts.
 */
import type { InvestorMatchItem, MatchReason, MatchTarget, ProjectMatchRequest } from '@jq/contract';
import type { User } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { type ProfileFields, projectFeaturesOf } from './features.js';
import { getMatchIndex } from './index-cache.js';
import { explainPair, investorItems } from './items.js';
import { orderIndustries } from './profile.js';
import { rankEntities } from './rank.js';
import { scoreFits } from './score.js';
import { resolveSeeker } from './seekers.js';
import { taxonomy } from './taxonomy.js';
import { dotSparse } from './vectors.js';
import { VIP_BOOST, VIP_MIN_BASE } from './weights.js';

export type MatchProfileFields = Omit<ProfileFields, 'id'>;

const round1 = (n: number) => Math.round(n * 10) / 10;

function featuresOf(index: Awaited<ReturnType<typeof getMatchIndex>>, fields: MatchProfileFields) {
  const industries = fields.industries.length
    ? orderIndustries(fields.industries[0]!, fields.industries)
    : [];
  return projectFeaturesOf(index, { ...fields, industries, id: null });
}

/** Investors (or institutions) for a profile: `from`..`from+count` of the ranking, with reasons when asked. */
export async function matchInvestorsForProfile(
  db: Db,
  fields: MatchProfileFields,
  name: string,
  options: { target: MatchTarget; from: number; count: number; withReasons?: boolean },
): Promise<{ list: InvestorMatchItem[]; total: number }> {
  const index = await getMatchIndex(db);
  const bundle = options.target === 'institution' ? index.institutions : index.investors;
  const features = featuresOf(index, fields);
  const ranked = rankEntities(index, bundle, features);
  return {
    list: investorItems(
      index,
      bundle,
      features,
      name,
      ranked,
      options.from,
      options.count,
      options.withReasons ?? true,
    ),
    total: ranked.total,
  };
}

export interface ProfileCandidate {
  id: number;
  ownerId: number;
  name: string;
  fields: MatchProfileFields;
}

export interface ScoredCandidate {
  id: number;
  score: number;
  baseScore: number;
  vipBoost: number;
  reasons: MatchReason[];
}

/**
 * Scores candidate profiles for a seeker, best first; candidates with no industry fit are
 * left out. `vipOwners` get at most VIP_BOOST points, only when their base is at least
 * VIP_MIN_BASE, and the boost is its own reason line.
 */
export async function scoreProfilesForSeeker(
  db: Db,
  user: Pick<User, 'id'> | null,
  request: Pick<ProjectMatchRequest, 'thesis' | 'institutionId' | 'investorId' | 'industry'>,
  candidates: ProfileCandidate[],
  vipOwners: ReadonlySet<number>,
) {
  const index = await getMatchIndex(db);
  const seeker = await resolveSeeker(db, index, user, request);
  const tax = taxonomy();
  const fits = new Float64Array(7);
  const scored: ScoredCandidate[] = [];
  for (const candidate of candidates) {
    const p = featuresOf(index, candidate.fields);
    if (p.top < 0) continue;
    const base = scoreFits(
      tax,
      p,
      seeker.profile,
      {
        portfolio: dotSparse(p.vec, seeker.profile.portfolioVec),
        thesis: dotSparse(p.vec, seeker.profile.thesisVec),
      },
      fits,
    );
    if (!(base > 0) || fits[0]! <= 0) continue;
    const vip = base >= VIP_MIN_BASE && vipOwners.has(candidate.ownerId) ? VIP_BOOST : 0;
    const explained = explainPair(index, p, candidate.name, seeker.profile, seeker.bundle, 0, 'toProjects');
    const reasons =
      vip > 0
        ? [{ component: 'vip' as const, text: `VIP 优先展示（+${vip} 分）`, refs: [] }, ...explained.reasons]
        : explained.reasons;
    scored.push({
      id: candidate.id,
      score: round1(Math.min(100, base + vip)),
      baseScore: round1(base),
      vipBoost: vip,
      reasons,
    });
  }
  scored.sort((a, b) => b.score - a.score || b.baseScore - a.baseScore || a.id - b.id);
  return { seeker: seeker.wire, scored };
}
