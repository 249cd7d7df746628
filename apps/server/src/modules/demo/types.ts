/**
 * What the demo generator produces: plain records with local ids (1..n per kind) that the
 * loader offsets into database ids, plus each investor's latent preferences, which are the
 * truth the rounds were drawn from and never go into the database.
 */
import type { Patent, ProjectContact, TeamMember } from '../../db/schema.js';

export type ScaleName = 'default' | 'large';

export interface DemoCounts {
  institutions: number;
  investors: number;
  projects: number;
  reports: number;
  news: number;
}

export const SCALES: Record<ScaleName, DemoCounts> = {
  default: { institutions: 500, investors: 3000, projects: 10_000, reports: 200, news: 500 },
  large: { institutions: 3000, investors: 20_000, projects: 100_000, reports: 200, news: 500 },
};

export interface GenerateOptions {
  seed: number;
  /** A named scale or explicit counts (tests use small ones). */
  scale: ScaleName | DemoCounts;
  /** "Today" for the data: rounds run up to it. Defaults to the current UTC date. */
  now?: Date;
}

export interface WeightedId<T = string> {
  id: T;
  weight: number;
}

/** The hidden truth behind an investor's deals (docs/demo-data.md describes every field). */
export interface LatentPreference {
  industries: WeightedId[];
  subIndustries: string[];
  stages: WeightedId<number>[];
  /** Comfortable cheque per deal, 万元. */
  ticket: { min: number; max: number };
  regions: WeightedId[];
  /** Relative chance of a deal outside `regions` (0 never, 1 as likely as inside). */
  regionOpenness: number;
  /** Expected deals a year while active. */
  activity: number;
  activeFrom: string;
  activeUntil: string | null;
}

export interface DemoInstitution {
  id: number;
  externalId: string;
  name: string;
  shortName: string;
  type: string;
  foundedYear: number;
  aumMin: number;
  aumMax: number;
  currency: string;
  regions: string[];
  industries: string[];
  stages: number[];
  ticketMin: number;
  ticketMax: number;
  thesis: string;
  description: string;
  hqCityCode: string;
  latent: LatentPreference;
}

export interface DemoInvestor {
  id: number;
  externalId: string;
  name: string;
  pinyin: string;
  institutionId: number;
  title: string;
  industries: string[];
  stages: number[];
  ticketMin: number;
  ticketMax: number;
  regions: string[];
  bio: string;
  phone: string;
  email: string;
  wechat: string;
  latent: LatentPreference;
}

export interface DemoProject {
  id: number;
  externalId: string;
  name: string;
  brandName: string;
  industryId: string;
  subIndustryId: string;
  /** The competitor group: projects with the same product line in the same sub-industry. */
  productLine: string;
  industries: string[];
  tags: string[];
  stage: number;
  amountSought: number;
  provinceCode: string;
  cityCode: string;
  foundedYear: number;
  description: string;
  products: string;
  team: TeamMember[];
  patents: Patent[];
  contacts: ProjectContact[];
  latestRoundAt: string | null;
  latestRoundStage: number | null;
  totalRaised: number | null;
}

export interface DemoRoundInvestor {
  institutionId: number;
  investorId: number;
  isLead: boolean;
}

export interface DemoRound {
  id: number;
  projectId: number;
  date: string;
  stage: number;
  amount: number | null;
  amountText: string;
  investors: DemoRoundInvestor[];
}

export interface DemoReportPage {
  pageNo: number;
  text: string;
}

export interface DemoReport {
  id: number;
  externalId: string;
  title: string;
  publisher: string;
  industryId: string;
  publishedAt: string;
  summary: string;
  pages: DemoReportPage[];
}

export interface DemoNews {
  id: number;
  externalId: string;
  title: string;
  source: string;
  publishedAt: string;
  summary: string;
  content: string;
  industries: string[];
  institutionIds: number[];
  projectIds: number[];
}

export interface DemoDataset {
  seed: number;
  counts: DemoCounts;
  now: string;
  institutions: DemoInstitution[];
  investors: DemoInvestor[];
  projects: DemoProject[];
  rounds: DemoRound[];
  reports: DemoReport[];
  news: DemoNews[];
}
