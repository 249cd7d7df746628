/**
 * The industry (two levels) and region (province, city) options of the filter panel.
 * No call returns the taxonomy yet, so they are derived from a sample of project cards:
 * a card names its top industry (`industryId`) and its sub-industries (the other ids of
 * `industries`, named in order by `industryNames`), and its province and city with a
 * display name like `广东 · 深圳`. Options are ordered by how often they occur, so the
 * chips show the busiest sectors first. Replace the sample with the taxonomy call when it lands.
 */
import type { ProjectCard } from '@jq/contract';

export interface Named {
  id: string;
  name: string;
}

export interface IndustryOption extends Named {
  subs: Named[];
}

export interface RegionOption extends Named {
  cities: Named[];
}

type IndustryFields = Pick<ProjectCard, 'industryId' | 'industryName' | 'industries' | 'industryNames'>;
type RegionFields = Pick<ProjectCard, 'provinceCode' | 'cityCode' | 'regionName'>;

interface Tally {
  name: string;
  count: number;
  children: Map<string, { name: string; count: number }>;
}

function bump(map: Map<string, Tally>, id: string, name: string): Tally {
  const entry = map.get(id) ?? { name, count: 0, children: new Map() };
  entry.count += 1;
  map.set(id, entry);
  return entry;
}

function bumpChild(parent: Tally, id: string, name: string) {
  const child = parent.children.get(id) ?? { name, count: 0 };
  child.count += 1;
  parent.children.set(id, child);
}

const byCount = <T extends { count: number }>(entries: [string, T][]) =>
  entries.sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));

export function deriveIndustries(cards: readonly IndustryFields[]): IndustryOption[] {
  const tops = new Map<string, Tally>();
  for (const card of cards) {
    if (!card.industryId || !card.industryName) continue;
    const top = bump(tops, card.industryId, card.industryName);
    const subIds = card.industries.filter((id) => id !== card.industryId);
    // Names pair with ids only when none was dropped for being unknown.
    if (subIds.length !== card.industryNames.length) continue;
    subIds.forEach((id, i) => {
      bumpChild(top, id, card.industryNames[i] ?? id);
    });
  }
  return byCount([...tops]).map(([id, top]) => ({
    id,
    name: top.name,
    subs: byCount([...top.children]).map(([subId, sub]) => ({ id: subId, name: sub.name })),
  }));
}

/** `广东 · 深圳` → 广东, 深圳; a municipality (`上海`) is its own province and city. */
export function deriveRegions(cards: readonly RegionFields[]): RegionOption[] {
  const provinces = new Map<string, Tally>();
  for (const card of cards) {
    if (!card.provinceCode || !card.regionName) continue;
    const [provinceName = '', cityName = provinceName] = card.regionName
      .split('·')
      .map((part) => part.trim());
    if (!provinceName) continue;
    const province = bump(provinces, card.provinceCode, provinceName);
    if (card.cityCode && cityName) bumpChild(province, card.cityCode, cityName);
  }
  return byCount([...provinces]).map(([id, province]) => ({
    id,
    name: province.name,
    cities: byCount([...province.children]).map(([cityId, city]) => ({ id: cityId, name: city.name })),
  }));
}

/** Every id with its name and, for a sub-option, its parent: the selected-filter chips' labels. */
export function indexOptions<T extends Named>(
  options: readonly (T & { subs?: Named[]; cities?: Named[] })[],
) {
  const index = new Map<string, { name: string; parentId: string | null }>();
  for (const option of options) {
    index.set(option.id, { name: option.name, parentId: null });
    for (const child of option.subs ?? option.cities ?? []) {
      if (!index.has(child.id)) index.set(child.id, { name: child.name, parentId: option.id });
    }
  }
  return index;
}
