/**
 * Card rows from the snapshot: the same objects the card queries (search/cards.ts) return
 * for a row, so a search answered from the snapshot makes the same cards without a query.
 */
import type { InvestorRow, OrgRow, ProjectRow } from '../search/cards.js';
import { intOrNull } from './columns.js';
import type { LibrarySnapshot } from './snapshot.js';

export function projectRowAt(s: LibrarySnapshot, row: number): ProjectRow {
  const p = s.projects;
  return {
    id: p.ids[row]!,
    name: p.name.get(row),
    brandName: p.brandName.get(row),
    industryId: p.industryId.get(row)!,
    industries: p.industries.strings(row),
    tags: p.tags.strings(row),
    stage: p.stage[row]!,
    amountSought: intOrNull(p.amountSought[row]!),
    provinceCode: p.provinceCode.get(row),
    cityCode: p.cityCode.get(row),
    foundedYear: intOrNull(p.foundedYear[row]!),
    latestRoundAt: p.latestRoundAt.get(row),
    latestRoundStage: intOrNull(p.latestRoundStage[row]!),
    totalRaised: intOrNull(p.totalRaised[row]!),
    logo: p.logo.get(row),
    description: p.description.get(row),
    isDemo: p.isDemo[row] === 1,
  };
}

export function orgRowAt(s: LibrarySnapshot, row: number): OrgRow {
  const i = s.institutions;
  return {
    id: i.ids[row]!,
    name: i.name.get(row),
    shortName: i.shortName.get(row),
    type: i.type.get(row) ?? '',
    foundedYear: intOrNull(i.foundedYear[row]!),
    aumMin: intOrNull(i.aumMin[row]!),
    aumMax: intOrNull(i.aumMax[row]!),
    currency: i.currency.get(row) ?? '',
    regions: i.regions.strings(row),
    industries: i.industries.strings(row),
    stages: i.stages.numbers(row),
    ticketMin: intOrNull(i.ticketMin[row]!),
    ticketMax: intOrNull(i.ticketMax[row]!),
    logo: i.logo.get(row),
    description: i.description.get(row),
    isDemo: i.isDemo[row] === 1,
  };
}

export function investorRowAt(s: LibrarySnapshot, row: number): InvestorRow {
  const v = s.investors;
  const institution = v.institutionId[row]!;
  return {
    id: v.ids[row]!,
    name: v.name.get(row),
    institutionId: Number.isNaN(institution) ? null : institution,
    title: v.title.get(row) ?? '',
    industries: v.industries.strings(row),
    stages: v.stages.numbers(row),
    ticketMin: intOrNull(v.ticketMin[row]!),
    ticketMax: intOrNull(v.ticketMax[row]!),
    regions: v.regions.strings(row),
    avatar: v.avatar.get(row),
    bio: v.bio.get(row),
    isDemo: v.isDemo[row] === 1,
  };
}

/** An institution's name by id, '' when it is not in the snapshot. */
export function institutionNameOf(s: LibrarySnapshot, id: number | string | null): string {
  if (id === null) return '';
  const row = s.institutionRow(Number(id));
  return row < 0 ? '' : s.institutions.name.get(row);
}
