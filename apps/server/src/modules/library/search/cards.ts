/**
 * Rows of the library tables as the cards the contract sends: names of industries and
 * regions filled in from the vocabulary, amounts and dates as the wire wants them, and
 * highlights when a keyword was searched. Each column list selects the table's columns
 * under the names Drizzle gives them, so its row type is a `Pick` of the table's inferred
 * row, not a second copy. Raw SQL answers differ between drivers (node-postgres gives int8
 * as strings), so ids are typed as either and every number goes through Number().
 */
import { type InvestorCard, type OrgCard, type ProjectCard, stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { institutions, investors, projects } from '../../../db/schema.js';
import { findRanges, highlightSnippet, summarize } from './highlight.js';
import { industryName, regionName, type Vocabulary } from './vocabulary.js';

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A project as `projectColumns` selects it (the description cut to 600 characters). */
export type ProjectRow = Pick<
  typeof projects.$inferSelect,
  | 'name'
  | 'brandName'
  | 'industryId'
  | 'industries'
  | 'tags'
  | 'stage'
  | 'amountSought'
  | 'provinceCode'
  | 'cityCode'
  | 'foundedYear'
  | 'latestRoundAt'
  | 'latestRoundStage'
  | 'totalRaised'
  | 'logo'
  | 'description'
  | 'isDemo'
> & { id: number | string };

export const projectColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.brand_name as "brandName", ${a}.industry_id as "industryId", ${a}.industries,
    ${a}.tags, ${a}.stage, ${a}.amount_sought as "amountSought", ${a}.province_code as "provinceCode",
    ${a}.city_code as "cityCode", ${a}.founded_year as "foundedYear", ${a}.latest_round_at::text as "latestRoundAt",
    ${a}.latest_round_stage as "latestRoundStage", ${a}.total_raised as "totalRaised", ${a}.logo,
    left(${a}.description, 600) as description, ${a}.is_demo as "isDemo"`);

type Highlights = NonNullable<ProjectCard['highlight']>;

/**
 * A card's highlights: the name, the other name, a snippet of the text; only those that
 * matched. Ranges are over the card's own fields, so their text is not repeated; only a
 * snippet that is not the card's summary (its match lies further in) carries its text.
 */
function highlightsOf(
  card: { name: string; summary: string },
  alias: string,
  text: string,
  terms: readonly string[],
): Highlights {
  const out: Highlights = {};
  const inName = findRanges(card.name, terms);
  if (inName.length) out.name = { ranges: inName };
  const inAlias = findRanges(alias, terms);
  if (inAlias.length) out.alias = { ranges: inAlias };
  const inText = highlightSnippet(text, terms);
  if (inText) out.summary = inText.text === card.summary ? { ranges: inText.ranges } : inText;
  return out;
}

const names = (v: Vocabulary, ids: readonly string[]) => ids.map((id) => industryName(v, id)).filter(Boolean);

/** A project card's highlights for the terms, from its row's other name and text. */
export const projectHighlights = (card: ProjectCard, row: ProjectRow, terms: readonly string[]) =>
  highlightsOf(card, row.brandName, row.description, terms);

export function toProjectCard(row: ProjectRow, v: Vocabulary, terms: readonly string[] = []): ProjectCard {
  const card: ProjectCard = {
    id: num(row.id),
    name: row.name,
    brandName: row.brandName,
    industryId: row.industryId,
    industryName: industryName(v, row.industryId),
    industries: row.industries ?? [],
    industryNames: names(
      v,
      (row.industries ?? []).filter((id) => id !== row.industryId),
    ),
    tags: row.tags ?? [],
    stage: num(row.stage),
    stageLabel: stageLabel(num(row.stage)),
    amountSought: numOrNull(row.amountSought),
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    regionName: regionName(v, row.provinceCode, row.cityCode),
    foundedYear: numOrNull(row.foundedYear),
    latestRoundAt: row.latestRoundAt,
    latestRoundStage: numOrNull(row.latestRoundStage),
    totalRaised: numOrNull(row.totalRaised),
    logo: row.logo,
    summary: summarize(row.description),
    isDemo: row.isDemo,
  };
  if (terms.length) card.highlight = projectHighlights(card, row, terms);
  return card;
}

/** An institution as `orgColumns` selects it (the description, or else the thesis, cut to 600 characters). */
export type OrgRow = Pick<
  typeof institutions.$inferSelect,
  | 'name'
  | 'shortName'
  | 'type'
  | 'foundedYear'
  | 'aumMin'
  | 'aumMax'
  | 'currency'
  | 'regions'
  | 'industries'
  | 'stages'
  | 'ticketMin'
  | 'ticketMax'
  | 'logo'
  | 'description'
  | 'isDemo'
> & { id: number | string };

export const orgColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.short_name as "shortName", ${a}.type, ${a}.founded_year as "foundedYear",
    ${a}.aum_min as "aumMin", ${a}.aum_max as "aumMax", ${a}.currency, ${a}.regions, ${a}.industries, ${a}.stages,
    ${a}.ticket_min as "ticketMin", ${a}.ticket_max as "ticketMax", ${a}.logo,
    left(coalesce(nullif(${a}.description, ''), ${a}.thesis), 600) as description, ${a}.is_demo as "isDemo"`);

const regionNames = (v: Vocabulary, codes: readonly string[]) =>
  codes.map((code) => v.regions.get(code)?.shortName ?? '').filter(Boolean);

export function toOrgCard(
  row: OrgRow,
  v: Vocabulary,
  dealCount: number,
  terms: readonly string[] = [],
): OrgCard {
  const card: OrgCard = {
    id: num(row.id),
    name: row.name,
    shortName: row.shortName,
    type: row.type,
    foundedYear: numOrNull(row.foundedYear),
    aumMin: numOrNull(row.aumMin),
    aumMax: numOrNull(row.aumMax),
    currency: row.currency,
    regions: row.regions ?? [],
    regionNames: regionNames(v, row.regions ?? []),
    industries: row.industries ?? [],
    industryNames: names(v, row.industries ?? []),
    stages: (row.stages ?? []).map(num),
    ticketMin: numOrNull(row.ticketMin),
    ticketMax: numOrNull(row.ticketMax),
    logo: row.logo,
    summary: summarize(row.description),
    dealCount,
    isDemo: row.isDemo,
  };
  if (terms.length) card.highlight = highlightsOf(card, row.shortName, row.description, terms);
  return card;
}

/** An investor as `investorColumns` selects it (the bio cut to 600 characters). */
export type InvestorRow = Pick<
  typeof investors.$inferSelect,
  | 'name'
  | 'title'
  | 'industries'
  | 'stages'
  | 'ticketMin'
  | 'ticketMax'
  | 'regions'
  | 'avatar'
  | 'bio'
  | 'isDemo'
> & { id: number | string; institutionId: number | string | null };

export const investorColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.institution_id as "institutionId", ${a}.title, ${a}.industries, ${a}.stages,
    ${a}.ticket_min as "ticketMin", ${a}.ticket_max as "ticketMax", ${a}.regions, ${a}.avatar,
    left(${a}.bio, 600) as bio, ${a}.is_demo as "isDemo"`);

/** An investor's card; the institution's name is looked up apart (`withInstitutionNames`). */
export function toInvestorCard(
  row: InvestorRow,
  institutionName: string,
  v: Vocabulary,
  terms: readonly string[] = [],
): InvestorCard {
  const card: InvestorCard = {
    id: num(row.id),
    name: row.name,
    institutionId: numOrNull(row.institutionId),
    institutionName,
    title: row.title,
    industries: row.industries ?? [],
    industryNames: names(v, row.industries ?? []),
    stages: (row.stages ?? []).map(num),
    ticketMin: numOrNull(row.ticketMin),
    ticketMax: numOrNull(row.ticketMax),
    regions: row.regions ?? [],
    regionNames: regionNames(v, row.regions ?? []),
    avatar: row.avatar,
    summary: summarize(row.bio),
    isDemo: row.isDemo,
  };
  if (terms.length) card.highlight = highlightsOf(card, institutionName, row.bio, terms);
  return card;
}
