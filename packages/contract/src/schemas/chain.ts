/**
 * The industry-chain map on the wire (API.md "Industry chain"). A chain has three segments
 * (上游 up, 中游 mid, 下游 down) of nodes; ids are `nev` (a chain), `nev/battery` (a node) and
 * `nev/battery/solid` (a finer node of the deep chain). Amounts are 万元, dates `YYYY-MM-DD`.
 *
 * Streamed rows answer SSE events with `isend` on the last: a `status` start event, `card`
 * events (`graph`, `stats`, `companies`, `institutions`, `timeline`, `stages`, `investors`,
 * `facts`, `rounds`), `delta` and `quote` for the analysis, and a last `status` event: `done`,
 * `empty` (the node has no company: said, not drawn as nothing), `notfound` (an unknown
 * industry or keyword, with the nearest chains), or an `error` event.
 */

import { PageQuerySchema } from './common.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

export const CHAIN_SEGMENTS = ['up', 'mid', 'down'] as const;
export type ChainSegmentKey = (typeof CHAIN_SEGMENTS)[number];

/** A chain or node id: `nev`, `nev/battery`, `nev/battery/solid`. */
export const ChainIdSchema = z
  .string({ error: '缺少产业链环节编号' })
  .trim()
  .min(1, { error: '缺少产业链环节编号' })
  .max(120, { error: '产业链环节编号过长' })
  .regex(/^[a-z0-9][a-z0-9.-]*(\/[a-z0-9][a-z0-9-]*){0,2}$/, { error: '产业链环节编号格式不对' });

// ---- Requests ----
export const ChainGraphRequestSchema = z
  .object({
    /** A chain or node id (the node is highlighted). */
    id: ChainIdSchema.optional(),
    /** An industry id or name (新能源汽车, nev, 电动车). */
    industry: z.string().trim().max(40, { error: '行业名称不能超过 40 字' }).optional(),
    /** Any word: an industry, a sub-industry, a node (正极材料) or a product. */
    keyword: z.string().trim().max(40, { error: '关键词不能超过 40 字' }).optional(),
    ...compat,
  })
  .refine((b) => Boolean(b.id || b.industry || b.keyword), {
    error: '请输入行业或关键词',
    path: ['keyword'],
  });
export type ChainGraphRequest = z.infer<typeof ChainGraphRequestSchema>;

export const COMPANY_SORTS = ['latest', 'confidence', 'raised'] as const;
export const ChainCompaniesRequestSchema = PageQuerySchema.extend({
  id: ChainIdSchema,
  sort: z.enum(COMPANY_SORTS, { error: '排序方式只能是 latest、confidence 或 raised' }).default('latest'),
  ...compat,
});
export type ChainCompaniesRequest = z.infer<typeof ChainCompaniesRequestSchema>;

export const ChainInvestmentRequestSchema = z.object({
  id: ChainIdSchema,
  /** How many years back, this quarter included. */
  years: z.coerce
    .number()
    .int()
    .min(1, { error: '年数至少为 1' })
    .max(10, { error: '年数至多为 10' })
    .default(5),
  ...compat,
});
export type ChainInvestmentRequest = z.infer<typeof ChainInvestmentRequestSchema>;

export const ChainAnalyseRequestSchema = z.object({ id: ChainIdSchema, ...compat });
export type ChainAnalyseRequest = z.infer<typeof ChainAnalyseRequestSchema>;

export const DeepChainMenuRequestSchema = z.object({ id: ChainIdSchema, ...compat });
export type DeepChainMenuRequest = z.infer<typeof DeepChainMenuRequestSchema>;

export const GetChainAnalyseRequestSchema = z
  .object({
    analysisId: z.coerce.number().int().positive({ error: '分析编号不对' }).optional(),
    /** The caller's latest analysis of this chain or node. */
    id: ChainIdSchema.optional(),
    ...compat,
  })
  .refine((b) => b.analysisId !== undefined || b.id !== undefined, {
    error: '缺少分析编号或产业链环节编号',
    path: ['analysisId'],
  });
export type GetChainAnalyseRequest = z.infer<typeof GetChainAnalyseRequestSchema>;

// ---- Graph ----
export const ChainSummarySchema = z.object({
  id: z.string(),
  industryId: z.string(),
  name: z.string(),
  industryName: z.string(),
  summary: z.string(),
  version: z.number().int(),
});
export type ChainSummary = z.infer<typeof ChainSummarySchema>;

export const ChainNodeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  segment: z.enum(CHAIN_SEGMENTS),
  /** Expected to hold no company in the library. */
  sparse: z.boolean(),
  /** Finer nodes of the deep chain. */
  children: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ChainNodeView = z.infer<typeof ChainNodeViewSchema>;

export const ChainSegmentViewSchema = z.object({
  key: z.enum(CHAIN_SEGMENTS),
  name: z.string(),
  title: z.string(),
  nodes: z.array(ChainNodeViewSchema),
});
export type ChainSegmentView = z.infer<typeof ChainSegmentViewSchema>;

export const ChainEdgeSchema = z.object({ from: z.string(), to: z.string() });

export const ChainNodeStatsSchema = z.object({
  companies: z.number().int(),
  institutions: z.number().int(),
  /** Companies with a disclosed or undisclosed round in the last 24 months. */
  funded: z.number().int(),
  deals12m: z.number().int(),
  /** Deals in the 12 months before the last 12. */
  dealsPrev12m: z.number().int(),
  amount12m: z.number(),
  /** Recent deal heat, 0–1 within the chain (deals of the last 12 months, the busiest node = 1). */
  heat: z.number(),
});
export type ChainNodeStats = z.infer<typeof ChainNodeStatsSchema>;

export const ChainTotalsSchema = z.object({
  companies: z.number().int(),
  institutions: z.number().int(),
  deals12m: z.number().int(),
  amount12m: z.number(),
});

export const ChainSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Why it is suggested (the node or name it matched). */
  reason: z.string(),
});
export type ChainSuggestion = z.infer<typeof ChainSuggestionSchema>;

// ---- Company list ----
export const ChainNodeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  chainId: z.string(),
  chainName: z.string(),
  segment: z.enum(CHAIN_SEGMENTS),
  segmentName: z.string(),
  parentId: z.string().nullable(),
  sparse: z.boolean(),
});
export type ChainNodeSummary = z.infer<typeof ChainNodeSummarySchema>;

export const ChainRoundSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  stage: z.number().int(),
  stageLabel: z.string(),
  amount: z.number().int().nullable(),
  amountText: z.string(),
  investors: z.array(z.object({ id: z.number().int(), name: z.string(), isLead: z.boolean() })),
});
export type ChainRound = z.infer<typeof ChainRoundSchema>;

export const ChainCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandName: z.string(),
  productLine: z.string(),
  stage: z.number().int(),
  region: z.string(),
  foundedYear: z.number().int().nullable(),
  totalRaised: z.number().int().nullable(),
  confidence: z.number(),
  /** Why it is on this node, in words (细分行业：动力电池；产品：半固态电池). */
  reason: z.string(),
  isDemo: z.boolean(),
  latestRound: ChainRoundSchema.nullable(),
});
export type ChainCompany = z.infer<typeof ChainCompanySchema>;

export const ChainInstitutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  deals: z.number().int(),
  confidence: z.number(),
});
export type ChainInstitution = z.infer<typeof ChainInstitutionSchema>;

// ---- Investment ----
export const ChainTimelineSchema = z.object({
  /** Quarters, oldest first: `2024Q3`. */
  periods: z.array(z.string()),
  deals: z.array(z.number().int()),
  /** Disclosed amounts, 亿元 with one decimal. */
  amounts: z.array(z.number()),
});
export type ChainTimeline = z.infer<typeof ChainTimelineSchema>;

export const ChainStageShareSchema = z.object({
  stage: z.number().int(),
  label: z.string(),
  deals: z.number().int(),
  amount: z.number(),
});

export const ChainTopInvestorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deals: z.number().int(),
  leads: z.number().int(),
});

// ---- Analysis ----
export const ChainRoundCitationSchema = z.object({
  n: z.number().int(),
  roundId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  date: z.string(),
  stageLabel: z.string(),
  amountText: z.string(),
});
export type ChainRoundCitation = z.infer<typeof ChainRoundCitationSchema>;

export const ChainQuoteSchema = z.object({
  n: z.number().int(),
  pid: z.number().int(),
  title: z.string(),
  pages: z.array(z.number().int()),
  text: z.string(),
});
export type ChainQuote = z.infer<typeof ChainQuoteSchema>;

export const ChainAnalysisSchema = z.object({
  analysisId: z.number().int(),
  /** The chain or node analysed. */
  id: z.string(),
  name: z.string(),
  kind: z.enum(['chain', 'node']),
  engine: z.string(),
  status: z.enum(['streaming', 'done', 'stopped', 'error']),
  content: z.string(),
  facts: z.record(z.string(), z.unknown()),
  rounds: z.array(ChainRoundCitationSchema),
  quotes: z.array(ChainQuoteSchema),
  createdAt: z.string(),
});
export type ChainAnalysis = z.infer<typeof ChainAnalysisSchema>;

// ---- Deep chain ----
export const DeepChainLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  companies: z.number().int(),
});
export type DeepChainLink = z.infer<typeof DeepChainLinkSchema>;

export const DeepChainMenuSchema = z.object({
  chain: ChainSummarySchema,
  /** Null when the id is a whole chain: then `segments` lists its nodes. */
  node: ChainNodeSummarySchema.extend({ companies: z.number().int() }).nullable(),
  breadcrumbs: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Nodes that supply this one, and the nodes it supplies. */
  upstream: z.array(DeepChainLinkSchema),
  downstream: z.array(DeepChainLinkSchema),
  /** Finer nodes (curated) of the node. */
  children: z.array(DeepChainLinkSchema),
  /** Product lines of the node's companies, most common first: the directions inside it. */
  directions: z.array(z.object({ name: z.string(), companies: z.number().int() })),
  /** Other nodes of the same segment. */
  siblings: z.array(DeepChainLinkSchema),
  segments: z.array(
    z.object({ key: z.enum(CHAIN_SEGMENTS), name: z.string(), nodes: z.array(DeepChainLinkSchema) }),
  ),
});
export type DeepChainMenu = z.infer<typeof DeepChainMenuSchema>;

/** A project's place on the chains (project analysis shows it). */
export const ProjectChainPlaceSchema = z.object({
  chainId: z.string(),
  chainName: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  segment: z.enum(CHAIN_SEGMENTS),
  segmentName: z.string(),
  childId: z.string().nullable(),
  childName: z.string().nullable(),
  confidence: z.number(),
  /** Companies on the same node. */
  peers: z.number().int(),
});
export type ProjectChainPlace = z.infer<typeof ProjectChainPlaceSchema>;
