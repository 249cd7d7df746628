/**
 * The editable project profile of /jq/match: what AiOrgSearchPrjSearchInfo read from a
 * project or a description, as form fields (one industry with an optional sub-industry, one
 * stage, one amount, one region), and back to the AiOrgSearchCreate input. Industry ids are
 * `top` or `top.sub` (nev, nev.battery); region codes are province or city codes.
 */
import { type MatchProfileInput, type PrjSearchInfo, stageLabel } from '@jq/contract';
import type { IndustryOption, Named, RegionOption } from '../../shared/taxonomy/taxonomy';

export interface ProfileDraft {
  pid: number | null;
  name: string;
  industry: string | null;
  subIndustry: string | null;
  stage: number | null;
  amount: number | null;
  region: string | null;
  tags: string[];
  description: string;
}

/** nev.battery → nev; a top id is its own top. */
export function topIndustryOf(id: string): string {
  const dot = id.indexOf('.');
  return dot > 0 ? id.slice(0, dot) : id;
}

export function toDraft(info: PrjSearchInfo): ProfileDraft {
  const main = info.industries[0] ?? null;
  const top = main ? topIndustryOf(main) : null;
  // A sub-industry may come first or after its top; take the first sub of the main top.
  const sub = info.industries.find((id) => id !== top && top !== null && topIndustryOf(id) === top) ?? null;
  return {
    pid: info.pid,
    name: info.name,
    industry: top,
    subIndustry: sub,
    stage: info.stage,
    amount: info.amount,
    region: info.regions[0] ?? null,
    tags: info.tags,
    description: info.description,
  };
}

/** A profile without an industry would match everyone: the user has to choose one first. */
export function isMissingIndustry(draft: ProfileDraft): boolean {
  return !draft.industry;
}

export function toMatchInput(draft: ProfileDraft): MatchProfileInput {
  const name = draft.name.trim();
  const description = draft.description.trim();
  return {
    pid: draft.pid ?? undefined,
    name: name || undefined,
    industry: [draft.subIndustry ?? draft.industry].filter((id): id is string => Boolean(id)),
    stage: draft.stage ?? undefined,
    amount: draft.amount ?? undefined,
    region: draft.region ? [draft.region] : [],
    tags: draft.tags.length ? draft.tags : undefined,
    description: description || undefined,
  };
}

/** Names the parse gave, by id, so a parsed id outside the taxonomy sample still has a label. */
export function namesOf(ids: readonly string[], names: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  ids.forEach((id, i) => {
    if (names[i]) map.set(id, names[i]);
  });
  return map;
}

/** The industry options with the parsed ones added when the taxonomy sample lacks them. */
export function industryOptions(taxonomy: readonly IndustryOption[], info: PrjSearchInfo): IndustryOption[] {
  const parsedNames = namesOf(info.industries, info.industryNames);
  const options = taxonomy.map((option) => ({ ...option, subs: [...option.subs] }));
  for (const id of info.industries) {
    const topId = topIndustryOf(id);
    let top = options.find((option) => option.id === topId);
    if (!top) {
      top = { id: topId, name: parsedNames.get(topId) ?? parsedNames.get(id) ?? topId, subs: [] };
      options.push(top);
    }
    if (id !== topId && !top.subs.some((sub) => sub.id === id)) {
      top.subs.push({ id, name: parsedNames.get(id) ?? id });
    }
  }
  return options;
}

/** Provinces with their cities, plus a parsed region the sample lacks (as its own entry). */
export function regionOptions(taxonomy: readonly RegionOption[], info: PrjSearchInfo): RegionOption[] {
  const options = taxonomy.map((option) => ({ ...option, cities: [...option.cities] }));
  const known = new Set(options.flatMap((option) => [option.id, ...option.cities.map((city) => city.id)]));
  info.regions.forEach((code, i) => {
    if (!known.has(code)) options.push({ id: code, name: info.regionNames[i] ?? code, cities: [] });
  });
  return options;
}

export type { Named };

/**
 * AiOrgSearchPrjSearchInfo refuses a description without a recognisable industry (-422)
 * and sends what it did read ({stage, amount, regions}); this turns that into a profile
 * whose industry the user must choose, so nothing they wrote is lost.
 */
export function infoWithoutIndustry(
  data: unknown,
  description: string,
  regionName: (code: string) => string | undefined,
): PrjSearchInfo {
  const read = (data ?? {}) as { stage?: unknown; amount?: unknown; regions?: unknown };
  const stage = typeof read.stage === 'number' ? read.stage : null;
  const amount = typeof read.amount === 'number' ? read.amount : null;
  const regions = Array.isArray(read.regions)
    ? read.regions.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    pid: null,
    name: '',
    industries: [],
    industryNames: [],
    stage,
    stageLabel: stage === null ? '' : stageLabel(stage),
    amount,
    regions,
    regionNames: regions.map((code) => regionName(code) ?? code),
    tags: [],
    description,
    source: 'description',
    parsed: { industry: false, stage: stage !== null, amount: amount !== null, region: regions.length > 0 },
  };
}

/** A region code's name from the taxonomy: 江苏, or 江苏 · 常州 for a city. */
export function regionNameIn(taxonomy: readonly RegionOption[], code: string): string | undefined {
  for (const province of taxonomy) {
    if (province.id === code) return province.name;
    const city = province.cities.find((c) => c.id === code);
    if (city) return `${province.name} · ${city.name}`;
  }
  return undefined;
}
