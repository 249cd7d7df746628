/**
 * What a research report is written from: its industry's vocabulary, one market-size series per
 * industry (so every report quotes the same figure for the same year), and the demo library's
 * own projects and rounds, so a report's 竞争格局 and 投融资动态 pages name companies and deal
 * counts that exist in the platform.
 */
import { stageLabel } from '@jq/contract';
import type { IndustryDef } from '../reference/index.js';
import { formatYi } from './format.js';
import { hashString, type Random } from './random.js';
import type { DemoInstitution, DemoProject, DemoRound } from './types.js';
import type { IndustryVocab } from './vocab/index.js';

export interface LibraryIndex {
  projectsByIndustry: Map<string, DemoProject[]>;
  roundsByProject: Map<number, DemoRound[]>;
  institutions: Map<number, DemoInstitution>;
  /** Filled as reports ask: every round of an industry's projects. */
  roundsByIndustry: Map<string, DemoRound[]>;
}

export function buildLibraryIndex(
  projects: DemoProject[],
  rounds: DemoRound[],
  institutions: DemoInstitution[],
): LibraryIndex {
  const projectsByIndustry = new Map<string, DemoProject[]>();
  for (const p of projects) {
    if (!projectsByIndustry.has(p.industryId)) projectsByIndustry.set(p.industryId, []);
    projectsByIndustry.get(p.industryId)!.push(p);
  }
  const roundsByProject = new Map<number, DemoRound[]>();
  for (const r of rounds) {
    if (!roundsByProject.has(r.projectId)) roundsByProject.set(r.projectId, []);
    roundsByProject.get(r.projectId)!.push(r);
  }
  return {
    projectsByIndustry,
    roundsByProject,
    institutions: new Map(institutions.map((i) => [i.id, i])),
    roundsByIndustry: new Map(),
  };
}

export interface ReportContext {
  rng: Random;
  industry: IndustryDef;
  vocab: IndustryVocab;
  publisher: string;
  title: string;
  publishedAt: string;
  /** The latest full year the report has data for (the year before publication). */
  dataYear: number;
  forecastYear: number;
  projects: DemoProject[];
  index: LibraryIndex;
}

/** Market size in 亿元 of an industry in a year: one compound series from the 2024 figure. */
export function marketSize(vocab: IndustryVocab, year: number): number {
  return vocab.market.size * (1 + vocab.market.cagr / 100) ** (year - 2024);
}

/** A sub-industry's fixed share of its industry, in %, the same for every seed. */
export function subShares(industry: IndustryDef): Map<string, number> {
  const raw = industry.subs.map((sub) => 1 + (hashString(sub.id) % 100) / 25);
  const total = raw.reduce((a, b) => a + b, 0);
  return new Map(industry.subs.map((sub, i) => [sub.id, Math.round((raw[i]! / total) * 1000) / 10]));
}

/** CR5 of an industry in %, fixed per industry. */
export function concentration(industry: IndustryDef): number {
  return 18 + (hashString(`cr5:${industry.id}`) % 52);
}

export function sizeText(ctx: ReportContext, year: number): string {
  return formatYi(marketSize(ctx.vocab, year));
}

export interface FinancingStats {
  year: number;
  deals: number;
  disclosedYi: number;
  earlyShare: number;
  stages: string[];
  activeOrgs: string[];
}

/** Deals of the report's industry in a year, from the demo rounds. */
export function financingStats(ctx: ReportContext, year: number): FinancingStats {
  const { roundsByIndustry } = ctx.index;
  if (!roundsByIndustry.has(ctx.industry.id)) {
    roundsByIndustry.set(
      ctx.industry.id,
      ctx.projects.flatMap((p) => ctx.index.roundsByProject.get(p.id) ?? []),
    );
  }
  const rounds = roundsByIndustry.get(ctx.industry.id)!;
  const inYear = rounds.filter((r) => Number(r.date.slice(0, 4)) === year);
  const early = inYear.filter((r) => r.stage >= 1 && r.stage <= 3).length;
  const byStage = new Map<number, number>();
  const byOrg = new Map<number, number>();
  for (const r of inYear) {
    byStage.set(r.stage, (byStage.get(r.stage) ?? 0) + 1);
    for (const i of r.investors) byOrg.set(i.institutionId, (byOrg.get(i.institutionId) ?? 0) + 1);
  }
  const top = <K>(m: Map<K, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    year,
    deals: inYear.length,
    disclosedYi: inYear.reduce((sum, r) => sum + (r.amount ?? 0), 0) / 10_000,
    earlyShare: inYear.length ? Math.round((early / inYear.length) * 100) : 0,
    stages: top(byStage, 3).map(([stage, n]) => `${stageLabel(stage)}${n}起`),
    activeOrgs: top(byOrg, 4).map(([id]) => ctx.index.institutions.get(id)!.shortName),
  };
}
