/**
 * Project analysis and business-plan diagnosis on the wire (API.md "Project analysis and
 * business-plan diagnosis", docs/analysis.md). A run is one `ProjectAnalyse` stream over an
 * uploaded plan (PDF, PPTX, DOCX) or a project; it is stored and read again with
 * `GetAnalyseResult`. Every fact names its page; every score shows its evidence and the
 * funded peers it is compared with. Amounts are 万元.
 *
 * Stream events (`isend` on the last): `status` start (id), `progress` (parsing pages),
 * `card` events (`facts`, `peers`, `dimension` one per rubric dimension, `flags`, `readiness`,
 * `investor`), `delta` (the memo, citing pages as [n]), and a last `status` done/stopped, or
 * an `error` event whose `msg` says why (encrypted plan, no text, too many pages).
 */

import { PageQuerySchema } from './common.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

export const ANALYSIS_MODES = ['diagnosis', 'investor'] as const;
export type AnalysisMode = (typeof ANALYSIS_MODES)[number];

/** The rubric, in the order the report shows it. */
export const RUBRIC = [
  { key: 'team', label: '团队' },
  { key: 'market', label: '市场' },
  { key: 'product', label: '产品与技术' },
  { key: 'traction', label: '经营数据' },
  { key: 'business_model', label: '商业模式' },
  { key: 'competition', label: '竞争' },
  { key: 'financials', label: '财务' },
  { key: 'ask', label: '融资金额与资金用途' },
  { key: 'completeness', label: '完整性与清晰度' },
] as const;
export type RubricKey = (typeof RUBRIC)[number]['key'];

/** Sections a plan should have (the completeness dimension counts them). */
export const PLAN_SECTIONS = [
  { key: 'team', label: '团队' },
  { key: 'market', label: '市场' },
  { key: 'product', label: '产品与技术' },
  { key: 'traction', label: '经营数据' },
  { key: 'business_model', label: '商业模式' },
  { key: 'competition', label: '竞争分析' },
  { key: 'financials', label: '财务' },
  { key: 'ask', label: '融资计划' },
  { key: 'use_of_funds', label: '资金用途' },
] as const;
export type PlanSectionKey = (typeof PLAN_SECTIONS)[number]['key'];

export const FLAG_CODES = [
  'missing_section',
  'numbers_disagree',
  'ask_outside_peers',
  'market_no_source',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

// ---- Requests ----
export const AnalyseRequestSchema = z
  .object({
    /** A finished upload (purpose `bp`). */
    uploadId: z.string().trim().min(1).max(64).optional(),
    /** A library project, or one's own. */
    pid: z.coerce.number().int().positive().optional(),
    mode: z.enum(ANALYSIS_MODES, { error: '分析类型只能是 diagnosis 或 investor' }).default('diagnosis'),
    ...compat,
  })
  .refine((b) => Boolean(b.uploadId || b.pid), { error: '请上传商业计划书或选择项目', path: ['uploadId'] });
export type AnalyseRequest = z.input<typeof AnalyseRequestSchema>;

export const AnalysisIdRequestSchema = z.object({
  id: z.coerce.number().int().positive({ error: '分析编号有误' }),
  ...compat,
});

export const GetAnalyseResultRequestSchema = z
  .object({
    id: z.coerce.number().int().positive({ error: '分析编号有误' }).optional(),
    /** The caller's latest investor analysis of this project. */
    pid: z.coerce.number().int().positive().optional(),
    ...compat,
  })
  .refine((b) => Boolean(b.id || b.pid), { error: '请指定分析编号', path: ['id'] });

export const AnalysePageRequestSchema = AnalysisIdRequestSchema.extend({
  page: z.coerce.number().int().min(1, { error: '页码从 1 开始' }).max(10_000),
});

export const AnalyseHistoryRequestSchema = PageQuerySchema.extend({
  mode: z.enum(ANALYSIS_MODES).optional(),
  ...compat,
});

export const SharedAnalyseRequestSchema = z.object({
  token: z
    .string({ error: '缺少分享码' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '分享码格式不对' }),
  ...compat,
});

export const AnalysisFileParamsSchema = z.object({
  file: z.string().regex(/^\d{1,15}\.(pdf|pptx|docx)$/, { error: '文件名格式不对' }),
});

// ---- The report ----
export const FactSchema = z.object({
  /** As the plan says it (trimmed). */
  value: z.string(),
  /** The figure in 万元 (or a count, or a percent) when it is one. */
  number: z.number().nullable(),
  page: z.number().int(),
  /** The line it was read from. */
  quote: z.string(),
});
export type Fact = z.infer<typeof FactSchema>;

export const MarketClaimSchema = FactSchema.extend({ source: z.string() });
export const TractionFactSchema = FactSchema.extend({
  metric: z.enum(['revenue', 'users', 'customers', 'growth']),
  /** The year a figure is for ('' when the plan names none). */
  year: z.string(),
});

export const PlanFactsSchema = z.object({
  language: z.enum(['zh', 'en']),
  company: FactSchema.nullable(),
  industry: z.object({ id: z.string(), name: z.string(), page: z.number().int() }).nullable(),
  stage: z.object({ code: z.number().int(), label: z.string(), page: z.number().int() }).nullable(),
  ask: FactSchema.nullable(),
  team: z.array(FactSchema),
  marketClaims: z.array(MarketClaimSchema),
  traction: z.array(TractionFactSchema),
  competitors: z.array(FactSchema),
  businessModel: z.array(FactSchema),
  useOfFunds: z.array(FactSchema),
  /** Where each section was found (pages), and which are missing. */
  sections: z.array(z.object({ key: z.string(), label: z.string(), pages: z.array(z.number().int()) })),
});
export type PlanFacts = z.infer<typeof PlanFactsSchema>;

export const PeerExampleSchema = z.object({
  pid: z.number().int(),
  name: z.string(),
  date: z.string(),
  stageLabel: z.string(),
  amount: z.number().nullable(),
  amountText: z.string(),
});

export const PeerFiguresSchema = z.object({
  /** `sub`: same sub-industry; `top`: too few there, the top industry; `none`: no industry known. */
  basis: z.enum(['sub', 'top', 'none']),
  industryId: z.string(),
  industryName: z.string(),
  stage: z.number().int(),
  stageLabel: z.string(),
  /** Rounds at this stage in the industry, and the projects they belong to. */
  roundCount: z.number().int(),
  projectCount: z.number().int(),
  /** Rounds with a disclosed amount, and their quartiles (万元). */
  amountCount: z.number().int(),
  medianAmount: z.number().nullable(),
  p25Amount: z.number().nullable(),
  p75Amount: z.number().nullable(),
  /** Median days from a round at this stage to the project's next round. */
  medianGapDays: z.number().nullable(),
  /** Share (0–1) of rounds at least 18 months old that were followed by another round; its base. */
  nextRoundRate: z.number().nullable(),
  nextRoundBase: z.number().int(),
  /** Median team members the peers list, and the share of peers holding patents (0–1). */
  teamMedian: z.number().nullable(),
  patentShare: z.number().nullable(),
  examples: z.array(PeerExampleSchema),
});
export type PeerFigures = z.infer<typeof PeerFiguresSchema>;

export const EvidenceSchema = z.object({ page: z.number().int(), quote: z.string() });

export const DimensionSchema = z.object({
  key: z.string(),
  label: z.string(),
  score: z.number().int(),
  evidence: z.array(EvidenceSchema),
  /** The comparison with funded peers ('' when there is none for this dimension). */
  peer: z.string(),
  summary: z.string(),
  /** Concrete advice; null while locked (OptPerCharge). */
  advice: z.array(z.string()).nullable(),
});
export type Dimension = z.infer<typeof DimensionSchema>;

export const FlagSchema = z.object({
  code: z.enum(FLAG_CODES),
  /** The section for missing_section, the metric for numbers_disagree. */
  subject: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  message: z.string(),
  pages: z.array(z.number().int()),
});
export type Flag = z.infer<typeof FlagSchema>;

export const ReadinessSchema = z.object({
  score: z.number().int(),
  level: z.enum(['高', '中', '低']),
  /** How it was computed, line by line. */
  basis: z.array(z.string()),
});

export const InvestorViewSchema = z.object({
  strengths: z.array(z.string()),
  risks: z.array(z.string()),
  investors: z.array(z.object({ oid: z.number().int(), name: z.string(), deals: z.number().int() })),
  /** The project's place on the industry chain, or its sub-industry until placed. */
  chain: z
    .object({
      chainId: z.string(),
      chainName: z.string(),
      nodeId: z.string(),
      nodeName: z.string(),
      segment: z.string(),
    })
    .nullable(),
  subIndustry: z.string(),
});
export type InvestorView = z.infer<typeof InvestorViewSchema>;

export const AnalysisReportSchema = z.object({
  facts: PlanFactsSchema,
  peers: PeerFiguresSchema,
  dimensions: z.array(DimensionSchema),
  overall: z.number().int(),
  flags: z.array(FlagSchema),
  readiness: ReadinessSchema,
  investor: InvestorViewSchema.nullable(),
  warnings: z.array(z.string()),
});
export type AnalysisReport = z.infer<typeof AnalysisReportSchema>;

export const AnalysisResultSchema = z.object({
  id: z.number().int(),
  mode: z.enum(ANALYSIS_MODES),
  source: z.enum(['upload', 'project']),
  projectId: z.number().int().nullable(),
  title: z.string(),
  filename: z.string(),
  fileKind: z.string(),
  pageCount: z.number().int(),
  status: z.enum(['running', 'done', 'failed', 'stopped']),
  failReason: z.string(),
  engine: z.string(),
  createdAt: z.string(),
  content: z.string(),
  report: AnalysisReportSchema.nullable(),
  /** Full advice readable (paid once, or VIP); the summary is free. */
  unlocked: z.boolean(),
  /** Credits the advice costs (OptPerCharge). */
  price: z.number().int(),
  shareToken: z.string().nullable(),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

export const AnalysisListItemSchema = AnalysisResultSchema.pick({
  id: true,
  mode: true,
  source: true,
  projectId: true,
  title: true,
  filename: true,
  status: true,
  createdAt: true,
}).extend({ overall: z.number().int().nullable(), readiness: z.number().int().nullable() });

export const AnalysisPageSchema = z.object({
  no: z.number().int(),
  label: z.string(),
  text: z.string(),
  pageCount: z.number().int(),
});

export const AnalysisUnlockSchema = z.object({
  via: z.enum(['credits', 'vip', 'already']),
  charged: z.number().int(),
  power: z.number().int(),
  result: AnalysisResultSchema,
});

export const AnalysisShareSchema = z.object({ token: z.string(), path: z.string() });

/** What a share link shows: the summary and the investor view, never the advice or the deck. */
export const SharedAnalysisSchema = AnalysisResultSchema.pick({
  id: true,
  mode: true,
  title: true,
  pageCount: true,
  createdAt: true,
  content: true,
  report: true,
});
