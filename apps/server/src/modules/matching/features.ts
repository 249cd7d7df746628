/**
 * Project features for the scorer: from the index (a library project), or built from a
 * profile (a description, or a project not yet in the index) with the index's vocabulary.
 */
import { industryPair } from './build-index.js';
import { provinceOf, taxonomy } from './taxonomy.js';
import type { MatchIndex, ProjectFeatures } from './types.js';
import { vectorOfTokens } from './vectors.js';
import { PROJECT_VECTOR_SIZE } from './weights.js';

export function projectFeaturesAt(index: MatchIndex, i: number): ProjectFeatures {
  const t = index.projects;
  const start = t.vecStart[i]!;
  const end = t.vecStart[i + 1]!;
  const amount = t.amount[i]!;
  return {
    idx: i,
    id: t.id[i]!,
    top: t.top[i]!,
    sub: t.sub[i]!,
    stage: t.stage[i]!,
    amount: Number.isNaN(amount) ? null : amount,
    province: t.province[i]!,
    group: t.group[i]!,
    vec: { ids: t.vecIds.slice(start, end), weights: t.vecWeights.slice(start, end) },
  };
}

export interface ProfileFields {
  id?: number | null;
  industries: string[];
  stage: number | null;
  amount: number | null;
  regions: string[];
  tags: string[];
  tokens: string[];
}

export function projectFeaturesOf(index: MatchIndex, profile: ProfileFields): ProjectFeatures {
  const tax = taxonomy();
  const known = profile.id != null ? index.projects.position(profile.id) : -1;
  const { top, sub } = industryPair(tax, profile.industries[0] ?? '', profile.industries);
  const subId = sub >= 0 ? tax.industryIds[sub]! : undefined;
  const group = subId && profile.tags[0] ? (index.groupIndex.get(`${subId}|${profile.tags[0]}`) ?? -1) : -1;
  return {
    idx: known,
    id: profile.id ?? 0,
    top,
    sub,
    stage: profile.stage ?? 0,
    amount: profile.amount,
    province: provinceOf(tax, profile.regions[0]),
    group,
    vec: vectorOfTokens(index.vocabulary, profile.tokens, PROJECT_VECTOR_SIZE),
  };
}
