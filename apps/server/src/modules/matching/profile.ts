/**
 * The project profile a match runs on: from one of the user's projects, or from a free-text
 * description read with the reference vocabulary. A description that names no known
 * industry is refused with INDUSTRY_REQUIRED (the page then asks for one) rather than
 * matched against everyone.
 */
import {
  Code,
  type MatchProfile,
  type MatchProfileInput,
  type PrjSearchInfo,
  stageLabel,
} from '@jq/contract';
import { AppError, badRequest } from '../../errors.js';
import { tokenize } from '../../lib/text.js';
import type { Db } from '../../platform/database/index.js';
import { getIndustry, getRegion, industryName, regionName } from '../reference/index.js';
import type { ProfileFields } from './features.js';
import { parseDescription } from './parse-description.js';
import { readOwnProject } from './projects.js';

/** Sub-industries first (the most specific is the main one), then tops not covered. */
export function orderIndustries(mainId: string, ids: readonly string[]): string[] {
  const all = [...new Set([mainId, ...ids])].filter((id) => getIndustry(id));
  const subs = all.filter((id) => id.includes('.'));
  const tops = all.filter((id) => !id.includes('.') && !subs.some((s) => s.startsWith(`${id}.`)));
  const main = getIndustry(mainId);
  const firstSub = subs.find((s) => main && getIndustry(s)?.parentId === (main.parentId ?? main.id));
  return [...new Set([...(firstSub ? [firstSub] : []), ...subs, ...tops])];
}

export function toProfile(fields: {
  pid: number | null;
  name: string;
  industries: string[];
  stage: number | null;
  amount: number | null;
  regions: string[];
  tags: string[];
  description: string;
}): MatchProfile {
  return {
    ...fields,
    industryNames: fields.industries.map(industryName),
    stageLabel: fields.stage === null ? '' : stageLabel(fields.stage),
    regionNames: fields.regions.map(regionName),
  };
}

/** AiOrgSearchPrjSearchInfo. */
export async function getProfileInfo(
  db: Db,
  userId: number,
  input: { pid?: number | null | undefined; description?: string | null | undefined },
): Promise<PrjSearchInfo> {
  if (input.pid != null) {
    const p = await readOwnProject(db, userId, input.pid);
    return {
      ...toProfile({
        pid: p.id,
        name: p.brandName || p.name,
        industries: orderIndustries(p.industryId, p.industries),
        stage: p.stage,
        amount: p.amountSought,
        regions: [p.cityCode ?? p.provinceCode].filter((c): c is string => !!c),
        tags: p.tags,
        description: p.fullDescription,
      }),
      source: 'project',
      parsed: { industry: true, stage: true, amount: p.amountSought !== null, region: !!p.provinceCode },
    };
  }
  const description = input.description ?? '';
  const parsed = parseDescription(description);
  if (!parsed.industries.length) {
    throw new AppError(Code.INDUSTRY_REQUIRED, undefined, {
      data: { field: 'industry', stage: parsed.stage, amount: parsed.amount, regions: parsed.regions },
    });
  }
  return {
    ...toProfile({
      pid: null,
      name: '',
      industries: parsed.industries,
      stage: parsed.stage,
      amount: parsed.amount,
      regions: parsed.regions,
      tags: [],
      description,
    }),
    source: 'description',
    parsed: {
      industry: true,
      stage: parsed.stage !== null,
      amount: parsed.amount !== null,
      region: parsed.regions.length > 0,
    },
  };
}

/** The profile the user confirmed (AiOrgSearchCreate): ids checked, an own project's gaps filled from it. */
export async function confirmProfile(
  db: Db,
  userId: number,
  input: MatchProfileInput,
): Promise<MatchProfile> {
  for (const id of input.industry) if (!getIndustry(id)) throw badRequest(`行业：未知的行业编号 ${id}`);
  for (const code of input.region ?? [])
    if (!getRegion(code)) throw badRequest(`地区：未知的地区编号 ${code}`);
  const own = input.pid != null ? await readOwnProject(db, userId, input.pid) : undefined;
  return toProfile({
    pid: own?.id ?? null,
    name: input.name || (own ? own.brandName || own.name : ''),
    industries: orderIndustries(input.industry[0]!, input.industry),
    stage: input.stage ?? null,
    amount: input.amount ?? null,
    regions: input.region ?? [],
    tags: input.tags?.length ? input.tags : (own?.tags ?? []),
    description: input.description || own?.fullDescription || '',
  });
}

/** The fields the scorer needs; an own project's stored tokens, else the profile's text segmented now. */
export function profileFields(profile: MatchProfile, storedTokens?: string): ProfileFields {
  const tokens = storedTokens
    ? storedTokens.split(' ')
    : tokenize([profile.name, profile.description, ...profile.industryNames, ...profile.tags].join(' '));
  return {
    id: profile.pid,
    industries: profile.industries,
    stage: profile.stage,
    amount: profile.amount,
    regions: profile.regions,
    tags: profile.tags,
    tokens,
  };
}
