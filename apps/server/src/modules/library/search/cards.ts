/**
 * Rows of the library tables as the cards the contract sends: names of industries and
 * regions filled in from the vocabulary, amounts and dates as the wire wants them, and
 * highlights when a keyword was searched. Raw SQL answers differ between drivers
 * (node-postgres gives int8 as strings), so every number goes through Number().
 */
import { type InvestorCard, type OrgCard, type ProjectCard, stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { highlightField, highlightSnippet, summarize } from './highlight.js';
import { industryName, regionName, type Vocabulary } from './vocabulary.js';

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

export interface ProjectRow {
  id: number | string;
  name: string;
  brand_name: string;
  industry_id: string;
  industries: string[];
  tags: string[];
  stage: number;
  amount_sought: number | null;
  province_code: string | null;
  city_code: string | null;
  founded_year: number | null;
  latest_round_at: string | null;
  latest_round_stage: number | null;
  total_raised: number | null;
  logo: string;
  description: string;
  is_demo: boolean;
}

export const projectColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.brand_name, ${a}.industry_id, ${a}.industries, ${a}.tags, ${a}.stage,
    ${a}.amount_sought, ${a}.province_code, ${a}.city_code, ${a}.founded_year,
    ${a}.latest_round_at::text as latest_round_at, ${a}.latest_round_stage, ${a}.total_raised, ${a}.logo,
    left(${a}.description, 600) as description, ${a}.is_demo`);

const names = (v: Vocabulary, ids: readonly string[]) => ids.map((id) => industryName(v, id)).filter(Boolean);

export function toProjectCard(row: ProjectRow, v: Vocabulary, terms: readonly string[] = []): ProjectCard {
  const card: ProjectCard = {
    id: num(row.id),
    name: row.name,
    brandName: row.brand_name,
    industryId: row.industry_id,
    industryName: industryName(v, row.industry_id),
    industries: row.industries ?? [],
    industryNames: names(
      v,
      (row.industries ?? []).filter((id) => id !== row.industry_id),
    ),
    tags: row.tags ?? [],
    stage: num(row.stage),
    stageLabel: stageLabel(num(row.stage)),
    amountSought: numOrNull(row.amount_sought),
    provinceCode: row.province_code,
    cityCode: row.city_code,
    regionName: regionName(v, row.province_code, row.city_code),
    foundedYear: numOrNull(row.founded_year),
    latestRoundAt: row.latest_round_at,
    latestRoundStage: numOrNull(row.latest_round_stage),
    totalRaised: numOrNull(row.total_raised),
    logo: row.logo,
    summary: summarize(row.description),
    isDemo: row.is_demo,
  };
  if (terms.length) {
    const name = highlightField(row.name, terms);
    const alias = highlightField(row.brand_name, terms);
    const summary = highlightSnippet(row.description, terms);
    card.highlight = {
      ...(name ? { name } : {}),
      ...(alias ? { alias } : {}),
      ...(summary ? { summary } : {}),
    };
  }
  return card;
}

export interface OrgRow {
  id: number | string;
  name: string;
  short_name: string;
  type: string;
  founded_year: number | null;
  aum_min: number | null;
  aum_max: number | null;
  currency: string;
  regions: string[];
  industries: string[];
  stages: number[];
  ticket_min: number | null;
  ticket_max: number | null;
  logo: string;
  description: string;
  is_demo: boolean;
}

export const orgColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.short_name, ${a}.type, ${a}.founded_year, ${a}.aum_min, ${a}.aum_max,
    ${a}.currency, ${a}.regions, ${a}.industries, ${a}.stages, ${a}.ticket_min, ${a}.ticket_max, ${a}.logo,
    left(coalesce(nullif(${a}.description, ''), ${a}.thesis), 600) as description, ${a}.is_demo`);

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
    shortName: row.short_name,
    type: row.type,
    foundedYear: numOrNull(row.founded_year),
    aumMin: numOrNull(row.aum_min),
    aumMax: numOrNull(row.aum_max),
    currency: row.currency,
    regions: row.regions ?? [],
    regionNames: regionNames(v, row.regions ?? []),
    industries: row.industries ?? [],
    industryNames: names(v, row.industries ?? []),
    stages: (row.stages ?? []).map(num),
    ticketMin: numOrNull(row.ticket_min),
    ticketMax: numOrNull(row.ticket_max),
    logo: row.logo,
    summary: summarize(row.description),
    dealCount,
    isDemo: row.is_demo,
  };
  if (terms.length) {
    const name = highlightField(row.name, terms);
    const alias = highlightField(row.short_name, terms);
    const summary = highlightSnippet(row.description, terms);
    card.highlight = {
      ...(name ? { name } : {}),
      ...(alias ? { alias } : {}),
      ...(summary ? { summary } : {}),
    };
  }
  return card;
}

export interface InvestorRow {
  id: number | string;
  name: string;
  institution_id: number | string | null;
  institution_name: string | null;
  title: string;
  industries: string[];
  stages: number[];
  ticket_min: number | null;
  ticket_max: number | null;
  regions: string[];
  avatar: string;
  bio: string;
  is_demo: boolean;
}

export const investorColumns = (a: string): SQL =>
  sql.raw(`${a}.id, ${a}.name, ${a}.institution_id, ${a}.title, ${a}.industries, ${a}.stages, ${a}.ticket_min,
    ${a}.ticket_max, ${a}.regions, ${a}.avatar, left(${a}.bio, 600) as bio, ${a}.is_demo`);

export function toInvestorCard(row: InvestorRow, v: Vocabulary, terms: readonly string[] = []): InvestorCard {
  const card: InvestorCard = {
    id: num(row.id),
    name: row.name,
    institutionId: numOrNull(row.institution_id),
    institutionName: row.institution_name ?? '',
    title: row.title,
    industries: row.industries ?? [],
    industryNames: names(v, row.industries ?? []),
    stages: (row.stages ?? []).map(num),
    ticketMin: numOrNull(row.ticket_min),
    ticketMax: numOrNull(row.ticket_max),
    regions: row.regions ?? [],
    regionNames: regionNames(v, row.regions ?? []),
    avatar: row.avatar,
    summary: summarize(row.bio),
    isDemo: row.is_demo,
  };
  if (terms.length) {
    const name = highlightField(row.name, terms);
    const alias = highlightField(row.institution_name ?? '', terms);
    const summary = highlightSnippet(row.bio, terms);
    card.highlight = {
      ...(name ? { name } : {}),
      ...(alias ? { alias } : {}),
      ...(summary ? { summary } : {}),
    };
  }
  return card;
}
