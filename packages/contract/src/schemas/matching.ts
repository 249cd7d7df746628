/**
 * Two-way matching on the wire (API.md "Matching"): the project profile a match runs on,
 * stored investor matches (AiOrgSearchCreate/Result/History), investors active in an
 * industry, the investor side (thesis or institution → projects), the brochure and the
 * streamed recommendations. Amounts are 万元, dates `YYYY-MM-DD`, times ISO.
 *
 * Every match carries its score (0–100), the points of each component and 2–4 reasons;
 * each reason names the records it rests on (`refs`), which exist in the library.
 */

import { STAGE_CODES } from '../constants.js';
import { PageQuerySchema, pageOf } from './common.js';
import { SearchFiltersSchema, StageListSchema } from './library.js';
import { z } from './zod.js';

/** Accepted for compatibility (API.md); the access layer checks `uguid` against the session. */
const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };
const id = z.coerce.number().int().positive();
const nullableInt = z.number().int().nullable();

export const MATCH_DESCRIPTION_MAX_CHARS = 2000;
/** Reasons per match: at least 2 when the evidence allows, at most 4. */
export const MATCH_REASONS_MAX = 4;
/** getRecommendInvestorsStream sends at most this many matches. */
export const MATCH_STREAM_MAX = 20;

export const MATCH_COMPONENTS = [
  'industry',
  'stage',
  'ticket',
  'region',
  'portfolio',
  'thesis',
  'activity',
  'conflict',
  'vip',
] as const;
export type MatchComponent = (typeof MATCH_COMPONENTS)[number];

export const MATCH_COMPONENT_LABELS: Record<MatchComponent, string> = {
  industry: '行业匹配',
  stage: '阶段匹配',
  ticket: '金额匹配',
  region: '地域匹配',
  portfolio: '投资组合相似度',
  thesis: '投资理念相似度',
  activity: '出手活跃度',
  conflict: '竞品冲突',
  vip: 'VIP 优先匹配',
};

export const MATCH_TARGETS = ['investor', 'institution'] as const;
export type MatchTarget = (typeof MATCH_TARGETS)[number];

// ---- Evidence ----
export const MatchRefSchema = z.object({
  kind: z.enum(['project', 'round', 'investor', 'institution']),
  id: z.number().int(),
  /** What the web shows for the link: a project name, 2025-03 A轮, an institution name. */
  label: z.string(),
});
export type MatchRef = z.infer<typeof MatchRefSchema>;

export const MatchReasonSchema = z.object({
  /** Short Chinese sentence: 近两年在新能源汽车领域投资 8 次，其中 3 次为 A 轮. */
  text: z.string(),
  /** The component the reason explains. */
  component: z.enum(MATCH_COMPONENTS),
  refs: z.array(MatchRefSchema),
});
export type MatchReason = z.infer<typeof MatchReasonSchema>;

/**
 * One component of a score: `fit` 0–1, `points` what it adds to the 0–100 total (`max` at
 * full fit). `conflict` has max 0 and negative points; `vip` is the bounded VIP boost.
 */
export const ComponentScoreSchema = z.object({
  fit: z.number(),
  points: z.number(),
  max: z.number(),
});
export type ComponentScore = z.infer<typeof ComponentScoreSchema>;

export const MatchBreakdownSchema = z.object({
  industry: ComponentScoreSchema,
  stage: ComponentScoreSchema,
  ticket: ComponentScoreSchema,
  region: ComponentScoreSchema,
  portfolio: ComponentScoreSchema,
  thesis: ComponentScoreSchema,
  activity: ComponentScoreSchema,
  conflict: ComponentScoreSchema,
  vip: ComponentScoreSchema,
});
export type MatchBreakdown = z.infer<typeof MatchBreakdownSchema>;

/** The investor already backs a direct competitor (same sub-industry and product line). */
export const MatchConflictSchema = z.object({
  isConflict: z.boolean(),
  competitors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const MatchStatsSchema = z.object({
  /** Projects invested in (all time). */
  dealCount: z.number().int(),
  deals12m: z.number().int(),
  deals24m: z.number().int(),
  /** Deals in the matched project's top industry. */
  industryDeals: z.number().int(),
  lastDealAt: z.string().nullable(),
});

// ---- The project profile a match runs on ----
export const MatchProfileSchema = z.object({
  /** The user's project the profile came from, null for a description. */
  pid: nullableInt,
  name: z.string(),
  /** Industry ids, top or sub (nev, nev.battery); the first is the main one. */
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stage: nullableInt,
  stageLabel: z.string(),
  /** Amount sought, 万元. */
  amount: nullableInt,
  /** Province or city codes. */
  regions: z.array(z.string()),
  regionNames: z.array(z.string()),
  /** Product lines (tags[0] decides competitors). */
  tags: z.array(z.string()),
  description: z.string(),
});
export type MatchProfile = z.infer<typeof MatchProfileSchema>;

/** From one of the user's projects (`pid`) or a free-text description. */
export const PrjSearchInfoRequestSchema = z
  .object({
    ...compat,
    pid: id.nullish(),
    description: z.string().trim().max(MATCH_DESCRIPTION_MAX_CHARS).nullish(),
  })
  .refine((v) => v.pid != null || (v.description ?? '') !== '', {
    message: '请选择项目或填写项目描述',
    path: ['description'],
  });
export const PrjSearchInfoSchema = MatchProfileSchema.extend({
  source: z.enum(['project', 'description']),
  /** Which fields the description gave (the others are for the user to fill in). */
  parsed: z.object({ industry: z.boolean(), stage: z.boolean(), amount: z.boolean(), region: z.boolean() }),
});
export type PrjSearchInfo = z.infer<typeof PrjSearchInfoSchema>;

const stageCode = z.coerce
  .number()
  .int()
  .refine((c) => (STAGE_CODES as readonly number[]).includes(c), '未知的轮次代码')
  .nullish();
const amount = z.coerce.number().int().min(0, '不能为负数').max(100_000_000).nullish();
/** true/false, 1/0, "true"/"false" (query-string style), absent → false. */
const flag = z
  .preprocess(
    (v) => (v === 'false' || v === '0' || v === 0 ? false : v === 'true' || v === '1' || v === 1 ? true : v),
    z.boolean(),
  )
  .optional();

/** The profile as the user confirmed or edited it. `industry` is required. */
export const MatchProfileInputSchema = z.object({
  pid: id.nullish(),
  name: z.string().trim().max(100).nullish(),
  industry: SearchFiltersSchema.shape.industry.unwrap().refine((ids) => ids.length > 0, '请选择行业'),
  stage: stageCode,
  amount,
  region: SearchFiltersSchema.shape.region,
  tags: z.array(z.string().trim().max(40)).max(10).nullish(),
  description: z.string().trim().max(MATCH_DESCRIPTION_MAX_CHARS).nullish(),
});
export type MatchProfileInput = z.infer<typeof MatchProfileInputSchema>;

export const MatchSearchCreateRequestSchema = MatchProfileInputSchema.extend(compat);
export const MatchSearchCreatedSchema = z.object({
  id: z.number().int(),
  /** Investors that match at all (positive industry fit). */
  total: z.number().int(),
  /** Financing-need submissions left today (FinancingNeedsLmt). */
  remaining: z.number().int(),
});

// ---- Filters on a result ----
export const MatchFiltersSchema = z.object({
  /** Keep investors that state or have invested in one of these industries. */
  industry: SearchFiltersSchema.shape.industry,
  /** Keep investors that state or have invested at one of these stages. */
  stage: StageListSchema.optional(),
  /** Keep investors that state (or are open to) or have invested in one of these regions. */
  region: SearchFiltersSchema.shape.region,
  /** Keep investors whose ticket range overlaps [ticketMin, ticketMax] (万元; swapped when reversed). */
  ticketMin: amount,
  ticketMax: amount,
  /** Drop investors that back a direct competitor. */
  excludeConflicts: flag,
});
export type MatchFilters = z.infer<typeof MatchFiltersSchema>;

// ---- Ranked investors and institutions ----
const listFields = {
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stages: z.array(z.number().int()),
  ticketMin: nullableInt,
  ticketMax: nullableInt,
  regions: z.array(z.string()),
  regionNames: z.array(z.string()),
  isDemo: z.boolean(),
};
export const MatchInvestorSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  avatar: z.string(),
  institutionId: nullableInt,
  institutionName: z.string(),
  ...listFields,
});
export const MatchInstitutionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  type: z.string(),
  logo: z.string(),
  ...listFields,
});

export const InvestorMatchItemSchema = z.object({
  rank: z.number().int(),
  kind: z.enum(MATCH_TARGETS),
  /** The investor's or institution's id, by `kind`. */
  id: z.number().int(),
  investor: MatchInvestorSummarySchema.nullable(),
  institution: MatchInstitutionSummarySchema.nullable(),
  /** 0–100, VIP boost and conflict penalty included. */
  score: z.number(),
  /** The score without the VIP boost. */
  baseScore: z.number(),
  breakdown: MatchBreakdownSchema,
  reasons: z.array(MatchReasonSchema),
  conflict: MatchConflictSchema,
  stats: MatchStatsSchema,
});
export type InvestorMatchItem = z.infer<typeof InvestorMatchItemSchema>;

export const MatchSearchSchema = z.object({
  id: z.number().int(),
  profile: MatchProfileSchema,
  total: z.number().int(),
  createdAt: z.string(),
});
export type MatchSearch = z.infer<typeof MatchSearchSchema>;

export const MatchSearchResultRequestSchema = PageQuerySchema.extend({
  ...compat,
  ...MatchFiltersSchema.shape,
  id,
  target: z.enum(MATCH_TARGETS).default('investor'),
});
/** Of `total`, the strong matches (score MATCH_STRONG_SCORE or more): the first `strongTotal` ranks. */
const strongTotal = z.number().int();

export const MatchSearchResultSchema = pageOf(InvestorMatchItemSchema).extend({
  strongTotal,
  search: MatchSearchSchema,
  target: z.enum(MATCH_TARGETS),
});
export type MatchSearchResult = z.infer<typeof MatchSearchResultSchema>;

export const MatchHistoryRequestSchema = PageQuerySchema.extend(compat);
export const MatchHistoryItemSchema = MatchSearchSchema;
export const MatchHistoryPageSchema = pageOf(MatchHistoryItemSchema);

// ---- Investors active in an industry ----
export const IndustryInvestorsRequestSchema = PageQuerySchema.extend({
  ...compat,
  industry: z.string().trim().min(1, '请选择行业').max(64),
  stage: stageCode,
  region: SearchFiltersSchema.shape.region,
  target: z.enum(MATCH_TARGETS).default('investor'),
});
export const IndustryInvestorsSchema = pageOf(InvestorMatchItemSchema).extend({
  industry: z.object({ id: z.string(), name: z.string() }),
  target: z.enum(MATCH_TARGETS),
});

// ---- Match page data (aimatchpage) ----
export const MatchOwnProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandName: z.string(),
  industryId: z.string(),
  industryName: z.string(),
  stage: z.number().int(),
  stageLabel: z.string(),
  amountSought: nullableInt,
  regionName: z.string(),
  logo: z.string(),
  isDemo: z.boolean(),
});
export const MatchPageRequestSchema = z.object(compat);
export const MatchPageSchema = z.object({
  /** Signed-in user's own projects (first 20). */
  projects: z.array(MatchOwnProjectSchema),
  /** FinancingNeedsLmt; null when signed out. */
  limit: z
    .object({
      limit: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      resetAt: z.string(),
    })
    .nullable(),
  /** The latest stored matches (at most 5). */
  recent: z.array(MatchHistoryItemSchema),
  /** Example descriptions for the input box. */
  examples: z.array(z.string()),
  isVip: z.boolean(),
});

export const PrivateProjectsRequestSchema = PageQuerySchema.extend(compat);
export const PrivateProjectsSchema = pageOf(MatchOwnProjectSchema);

// ---- Investor side: thesis or institution → projects (aiprojectpage) ----
export const ProjectMatchRequestSchema = PageQuerySchema.extend({
  ...compat,
  /** Free-text thesis (投资方向、阶段、金额、地区). */
  thesis: z.string().trim().max(MATCH_DESCRIPTION_MAX_CHARS).nullish(),
  /** Match as this institution / investor (its stated preferences and portfolio). */
  institutionId: id.nullish(),
  investorId: id.nullish(),
  /** Filters on the projects. */
  industry: SearchFiltersSchema.shape.industry,
  stage: StageListSchema.optional(),
  region: SearchFiltersSchema.shape.region,
  amountMin: amount,
  amountMax: amount,
  excludeConflicts: flag,
});
export type ProjectMatchRequest = z.infer<typeof ProjectMatchRequestSchema>;

export const MatchProjectSummarySchema = MatchOwnProjectSchema.extend({
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  tags: z.array(z.string()),
  latestRoundAt: z.string().nullable(),
  latestRoundStage: nullableInt,
  totalRaised: nullableInt,
  summary: z.string(),
});
export const ProjectMatchItemSchema = z.object({
  rank: z.number().int(),
  project: MatchProjectSummarySchema,
  score: z.number(),
  baseScore: z.number(),
  breakdown: MatchBreakdownSchema,
  reasons: z.array(MatchReasonSchema),
  /** The seeker already backs a direct competitor of this project. */
  conflict: MatchConflictSchema,
  /** The project's owner has VIP priority matching (the boost is in `breakdown.vip`). */
  isVipPriority: z.boolean(),
});
export type ProjectMatchItem = z.infer<typeof ProjectMatchItemSchema>;

/** Who the projects were matched for. */
export const MatchSeekerSchema = z.object({
  kind: z.enum(['thesis', 'institution', 'investor']),
  id: nullableInt,
  name: z.string(),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stages: z.array(z.number().int()),
  ticketMin: nullableInt,
  ticketMax: nullableInt,
  regions: z.array(z.string()),
  regionNames: z.array(z.string()),
  thesis: z.string(),
});
export const ProjectMatchPageSchema = pageOf(ProjectMatchItemSchema).extend({
  strongTotal,
  seeker: MatchSeekerSchema,
});
export type ProjectMatchPage = z.infer<typeof ProjectMatchPageSchema>;

// ---- Brochure ----
export const BrochureRequestSchema = z.object({ ...compat, pid: id });
export const BrochureSchema = z.object({
  project: MatchProjectSummarySchema.extend({
    description: z.string(),
    products: z.string(),
    website: z.string(),
    foundedYear: nullableInt,
    team: z.array(z.object({ name: z.string(), title: z.string() })),
    patentCount: z.number().int(),
  }),
  rounds: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      stage: z.number().int(),
      stageLabel: z.string(),
      amount: nullableInt,
      amountText: z.string(),
      investors: z.array(z.object({ kind: z.enum(MATCH_TARGETS), id: z.number().int(), name: z.string() })),
    }),
  ),
  /** Short facts for the brochure's header (已完成 3 轮融资，累计约 1.2 亿元). */
  highlights: z.array(z.string()),
  /** Investors whose profile fits (positive industry fit), for "N 位投资人可能感兴趣". */
  matchingInvestorCount: z.number().int(),
});

// ---- Stream (getRecommendInvestorsStream) ----
export const RecommendStreamRequestSchema = z.object({
  ...compat,
  pid: id,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((n) => Math.min(n, MATCH_STREAM_MAX)),
  target: z.enum(MATCH_TARGETS).default('investor'),
});
/** First: each match as ranked, without reasons (`reasons: []`). */
export const MatchStreamItemEventSchema = z.object({
  type: z.literal('card'),
  card: z.literal('match'),
  item: InvestorMatchItemSchema,
  isend: z.literal(false),
});
/** Then: the reasons of each match, by rank. */
export const MatchStreamReasonsEventSchema = z.object({
  type: z.literal('card'),
  card: z.literal('reasons'),
  rank: z.number().int(),
  id: z.number().int(),
  reasons: z.array(MatchReasonSchema),
  isend: z.literal(false),
});
/** Last: `{type:'status', status:'done', total, isend:true}`, or an error event with isend. */
export const MatchStreamDoneEventSchema = z.object({
  type: z.literal('status'),
  status: z.literal('done'),
  total: z.number().int(),
  isend: z.literal(true),
});
export const MatchStreamErrorEventSchema = z.object({
  type: z.literal('error'),
  code: z.number().int(),
  msg: z.string(),
  isend: z.literal(true),
});
export const MatchStreamEventSchema = z.union([
  MatchStreamItemEventSchema,
  MatchStreamReasonsEventSchema,
  MatchStreamDoneEventSchema,
  MatchStreamErrorEventSchema,
]);
export type MatchStreamEvent = z.infer<typeof MatchStreamEventSchema>;
