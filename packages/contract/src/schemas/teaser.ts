/**
 * Teasers on the wire (API.md "Teasers (module: teaser)", docs/teaser.md): create from a
 * project, an uploaded business plan or a form; the streamed one-page teaser; anonymised
 * reading (contacts masked until an accepted unlock); matching both ways; delivery orders
 * with child deliveries and refunds; the double opt-in unlock and its thread; view
 * analytics; follows and collections; share links with a watermark.
 */

import { STAGE_CODES } from '../constants.js';
import { PageQuerySchema, pageOf } from './common.js';
import { InvestorMatchItemSchema, MatchReasonSchema } from './matching.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };
const id = (label: string) =>
  z.coerce
    .number({ error: `缺少${label}` })
    .int({ error: `${label}有误` })
    .positive({ error: `${label}有误` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label}有误` });
const TeaserId = id('Teaser 编号');

/** The seven sections of a one-page teaser, in order. */
export const TEASER_SECTIONS = [
  'intro',
  'product',
  'market',
  'team',
  'metrics',
  'financing',
  'highlights',
] as const;
export type TeaserSection = (typeof TEASER_SECTIONS)[number];
export const TEASER_SECTION_LABELS: Record<TeaserSection, string> = {
  intro: '公司简介',
  product: '产品与技术',
  market: '市场',
  team: '团队',
  metrics: '业务数据',
  financing: '融资计划',
  highlights: '亮点',
};
export const TEASER_STATUS_LABELS = { draft: '草稿', published: '已发布' } as const;
export const TEASER_SOURCE_LABELS = { form: '表单', project: '我的项目', upload: '商业计划书' } as const;

/** Analytics (Papermark's tracker): flush every 10 s, idle after 5 min, visits under 1 s not counted. */
export const TEASER_VIEW_FLUSH_MS = 10_000;
export const TEASER_VIEW_IDLE_MS = 5 * 60_000;
export const TEASER_VIEW_MIN_MS = 1_000;
/** The most one flush may add (a flush every 10 s, with slack for a late timer). */
export const TEASER_VIEW_FLUSH_MAX_MS = 15_000;
/** A pending unlock the founder does not answer is released after this long. */
export const TEASER_UNLOCK_TIMEOUT_DAYS = 7;
/** Delivery orders: credits per matched investor, and the refund rule's deadline. */
export const TEASER_DELIVERY_CREDITS = 20;
export const TEASER_DELIVERY_MAX = 50;
export const TEASER_REFUND_AFTER_DAYS = 7;
export const TEASER_SHARE_MAX_DAYS = 365;

const SectionTextSchema = z.string().trim().max(4000, { error: '每一部分不能超过 4000 字' });
export const TeaserSectionsSchema = z.object(
  Object.fromEntries(TEASER_SECTIONS.map((key) => [key, SectionTextSchema.optional()])) as Record<
    TeaserSection,
    z.ZodOptional<typeof SectionTextSchema>
  >,
);
export type TeaserSections = Partial<Record<TeaserSection, string>>;

const Text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 字` });
const StageCode = z.coerce
  .number({ error: '融资轮次有误' })
  .int({ error: '融资轮次有误' })
  .refine((c) => (STAGE_CODES as readonly number[]).includes(c), { error: '未知的轮次代码' });

export const TeaserContactsSchema = z.object({
  name: Text(30, '联系人'),
  phone: Text(20, '联系电话'),
  email: Text(100, '邮箱'),
  wechat: Text(50, '微信'),
});
export type TeaserContacts = z.infer<typeof TeaserContactsSchema>;

/** What a founder types (the form source) or corrects; every field is optional on edit. */
export const TeaserFieldsSchema = z.object({
  title: Text(100, '标题').optional(),
  companyName: Text(100, '公司名称').optional(),
  isAnonymous: z.boolean().optional(),
  /** Industry ids of the taxonomy (the first is the main one). */
  industries: z.array(z.string().trim().max(20)).max(5, { error: '行业最多 5 个' }).optional(),
  stage: StageCode.optional(),
  /** 万元. */
  amount: z.coerce
    .number({ error: '融资金额有误' })
    .int({ error: '融资金额须为整数（万元）' })
    .min(0, { error: '融资金额有误' })
    .max(100_000_000, { error: '融资金额过大' })
    .nullish(),
  region: Text(12, '地区').optional(),
  foundedYear: z.coerce.number().int().min(1900).max(2100).nullish(),
  tags: z.array(Text(20, '标签')).max(10, { error: '标签最多 10 个' }).optional(),
  description: Text(4000, '公司介绍').optional(),
  products: Text(4000, '产品与技术').optional(),
  team: Text(2000, '团队').optional(),
  metrics: Text(2000, '业务数据').optional(),
  useOfFunds: Text(2000, '资金用途').optional(),
  contacts: TeaserContactsSchema.partial().optional(),
});
export type TeaserFields = z.infer<typeof TeaserFieldsSchema>;

export const CreateTeaserRequestSchema = z
  .object({
    ...compat,
    source: z.enum(['form', 'project', 'upload'], { error: '来源只能是 form、project 或 upload' }),
    /** project: one of the user's own projects. */
    pid: id('项目').optional(),
    /** upload: a finished upload (purpose teaser) of a PDF, PPTX or DOCX business plan. */
    uploadId: z.string().trim().max(64).optional(),
    fields: TeaserFieldsSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.source === 'project' && !v.pid)
      ctx.addIssue({ code: 'custom', path: ['pid'], message: '请选择项目' });
    if (v.source === 'upload' && !v.uploadId)
      ctx.addIssue({ code: 'custom', path: ['uploadId'], message: '请先上传商业计划书' });
  });
export type CreateTeaserRequest = z.infer<typeof CreateTeaserRequestSchema>;

export const TeaserIdRequestSchema = z.object({ ...compat, id: TeaserId });

export const EditTeaserRequestSchema = TeaserFieldsSchema.extend({
  ...compat,
  id: TeaserId,
  sections: TeaserSectionsSchema.optional(),
});
export type EditTeaserRequest = z.infer<typeof EditTeaserRequestSchema>;

export const GetTeaserRequestSchema = z.object({
  ...compat,
  id: id('Teaser 编号').optional(),
  /** A /tshare link's token: reads the teaser it points at (signed out too). */
  shareToken: z.string().trim().max(40).optional(),
});

/** Who is reading and what they may see of the contacts. */
export const TEASER_CONTACT_STATES = ['owner', 'unlocked', 'pending', 'declined', 'locked'] as const;
export type TeaserContactState = (typeof TEASER_CONTACT_STATES)[number];

export const TeaserSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['draft', 'published']),
  source: z.enum(['form', 'project', 'upload']),
  /** '' when anonymised for the reader. */
  companyName: z.string(),
  isAnonymous: z.boolean(),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stage: z.number().int(),
  stageName: z.string(),
  amount: z.number().int().nullable(),
  region: z.string(),
  regionName: z.string(),
  tags: z.array(z.string()),
  /** The first lines of the 公司简介 section. */
  summary: z.string(),
  isVipPriority: z.boolean(),
  views: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TeaserSummary = z.infer<typeof TeaserSummarySchema>;

export const TeaserSchema = TeaserSummarySchema.extend({
  projectId: z.number().int().nullable(),
  sourceFilename: z.string(),
  foundedYear: z.number().int().nullable(),
  sections: z.record(z.string(), z.string()),
  facts: z.record(z.string(), z.string()),
  contacts: TeaserContactsSchema,
  contactState: z.enum(TEASER_CONTACT_STATES),
  /** The reader's unlock, when they asked. */
  unlock: z
    .object({
      id: z.number().int(),
      status: z.enum(['pending', 'accepted', 'declined', 'expired']),
      expiresAt: z.string(),
    })
    .nullable(),
  isOwner: z.boolean(),
  isFollowed: z.boolean(),
  engine: z.string(),
  /** The reader's name and masked phone, drawn over the page (share links and investors). */
  watermark: z.string(),
  /** Price of asking to connect, in credits (0 for VIP). */
  unlockCredits: z.number().int(),
});
export type Teaser = z.infer<typeof TeaserSchema>;

export const TeaserHistoryRequestSchema = PageQuerySchema.extend({
  ...compat,
  status: z.enum(['draft', 'published']).optional(),
});
export const TeaserPageSchema = pageOf(TeaserSummarySchema);
export type TeaserPage = z.infer<typeof TeaserPageSchema>;

export const TeaserListRequestSchema = PageQuerySchema.extend({
  ...compat,
  keyword: Text(50, '关键词').optional(),
  industry: z.string().trim().max(20).optional(),
  stage: StageCode.optional(),
});

/** getRecommendTeaser: VIP owners' teasers get a bounded, labelled boost (as in matching). */
export const RecommendTeaserItemSchema = TeaserSummarySchema.extend({
  score: z.number(),
  baseScore: z.number(),
  vipBoost: z.number(),
  reasons: z.array(z.string()),
});
export const RecommendTeaserPageSchema = pageOf(RecommendTeaserItemSchema).extend({
  /** How the base score was made: the reader's investment profile, or the teaser's quality and freshness. */
  basis: z.enum(['match', 'quality']),
});

export const FocusRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  /** true follows, false unfollows; omitted toggles. */
  focus: z.boolean().optional(),
});
export const FocusResultSchema = z.object({ id: z.number().int(), isFollowed: z.boolean() });

export const MatchInvestorRequestSchema = PageQuerySchema.extend({
  ...compat,
  id: TeaserId,
  target: z.enum(['investor', 'institution']).default('investor'),
});
export const MatchInvestorPageSchema = pageOf(InvestorMatchItemSchema).extend({
  teaserId: z.number().int(),
  target: z.enum(['investor', 'institution']),
});
export const MatchInvestorStreamRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  limit: z.coerce.number().int().min(1).max(50).default(10),
  target: z.enum(['investor', 'institution']).default('investor'),
});

export const MatchTeaserRequestSchema = PageQuerySchema.extend({
  ...compat,
  thesis: Text(2000, '投资理念').nullish(),
  investorId: id('投资人').nullish(),
  institutionId: id('机构').nullish(),
});
export const MatchTeaserItemSchema = TeaserSummarySchema.extend({
  rank: z.number().int(),
  score: z.number(),
  baseScore: z.number(),
  vipBoost: z.number(),
  reasons: z.array(MatchReasonSchema),
});
export const MatchTeaserPageSchema = pageOf(MatchTeaserItemSchema).extend({
  seeker: z.object({ kind: z.string(), name: z.string(), industryNames: z.array(z.string()) }),
});

/** Views. */
export const RecordViewRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  /** The visit this flush belongs to (from the previous answer); omitted on the first flush. */
  viewId: id('浏览记录').optional(),
  shareToken: z.string().trim().max(40).optional(),
  /** Milliseconds the page was visible and the reader active since the last flush (the visit's time). */
  visibleMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Visible milliseconds per section since the last flush (sections on screen together each count). */
  sections: z
    .partialRecord(
      z.enum(TEASER_SECTIONS, { error: '未知的段落' }),
      z.coerce.number().int().min(0).max(3_600_000),
    )
    .default({}),
});
export const RecordViewResultSchema = z.object({
  viewId: z.number().int(),
  /** What the server counted of this flush (capped), and the visit's total so far. */
  addedMs: z.number().int(),
  durationMs: z.number().int(),
  counted: z.boolean(),
});

export const ViewHistoryItemSchema = z.object({
  teaser: TeaserSummarySchema,
  visits: z.number().int(),
  totalMs: z.number().int(),
  lastAt: z.string(),
});
export const ViewHistoryPageSchema = pageOf(ViewHistoryItemSchema);

export const InvestorViewRequestSchema = PageQuerySchema.extend({
  ...compat,
  id: TeaserId,
  /** The chart's window, in days up to today (Beijing time). */
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export const InvestorViewerSchema = z.object({
  /** 0 for anonymous share-link readers (grouped by browser). */
  userId: z.number().int(),
  name: z.string(),
  company: z.string(),
  title: z.string(),
  identity: z.string(),
  visits: z.number().int(),
  totalMs: z.number().int(),
  sections: z.record(z.string(), z.number().int()),
  lastAt: z.string(),
  viaShare: z.boolean(),
});
export const InvestorViewPageSchema = pageOf(InvestorViewerSchema).extend({
  totals: z.object({
    visits: z.number().int(),
    uniqueViewers: z.number().int(),
    totalMs: z.number().int(),
    avgMs: z.number().int(),
    sections: z.record(z.string(), z.number().int()),
  }),
  /** One point a day: unique viewers and visits that day (Beijing time). */
  chart: z.array(z.object({ date: z.string(), uniqueViewers: z.number().int(), visits: z.number().int() })),
});

/** The double opt-in unlock. */
export const UnlockRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  message: Text(500, '留言').optional(),
});
export const DecideUnlockRequestSchema = z.object({
  ...compat,
  unlockId: id('请求编号'),
  accept: z.boolean({ error: '请选择接受或拒绝' }),
});
export const TeaserUnlockSchema = z.object({
  id: z.number().int(),
  teaserId: z.number().int(),
  teaserTitle: z.string(),
  status: z.enum(['pending', 'accepted', 'declined', 'expired']),
  via: z.enum(['credits', 'vip']),
  credits: z.number().int(),
  message: z.string(),
  investor: z.object({ id: z.number().int(), name: z.string(), company: z.string(), title: z.string() }),
  isOwner: z.boolean(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeaserUnlock = z.infer<typeof TeaserUnlockSchema>;
export const UnlockResultSchema = z.object({
  unlock: TeaserUnlockSchema,
  /** Credits taken by this call (0 when already asked, VIP, or refused). */
  charged: z.number().int(),
  power: z.number().int(),
});

export const TeaserConversationRequestSchema = z
  .object({
    ...compat,
    unlockId: id('请求编号').optional(),
    /** Without unlockId: the caller's list of requests (as founder and as investor). */
    id: TeaserId.optional(),
  })
  .extend(PageQuerySchema.shape);
export const TeaserMessageSchema = z.object({
  id: z.number().int(),
  /** 'system' for accepted/declined/expired lines. */
  from: z.enum(['me', 'other', 'system']),
  content: z.string(),
  createdAt: z.string(),
});
export const TeaserConversationSchema = z.object({
  unlock: TeaserUnlockSchema.nullable(),
  messages: z.array(TeaserMessageSchema),
  /** Requests the caller is part of (list mode). */
  list: z.array(TeaserUnlockSchema),
  total: z.number().int(),
});
export const SendTeaserMessageRequestSchema = z.object({
  ...compat,
  unlockId: id('请求编号'),
  content: z.string().trim().min(1, { error: '内容不能为空' }).max(1000, { error: '内容不能超过 1000 字' }),
});

export const CollectionRequestSchema = PageQuerySchema.extend({
  ...compat,
  kind: z.enum(['all', 'focus', 'unlocked', 'delivered']).default('all'),
});
export const CollectionItemSchema = TeaserSummarySchema.extend({
  isFollowed: z.boolean(),
  unlockStatus: z.enum(['pending', 'accepted', 'declined', 'expired']).nullable(),
  isDelivered: z.boolean(),
  at: z.string(),
});
export const CollectionPageSchema = pageOf(CollectionItemSchema);

/** Orders. */
export const CreateTeaserOrderRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  investorIds: z
    .array(id('投资人'))
    .min(1, { error: '请至少选择一位投资人' })
    .max(TEASER_DELIVERY_MAX, { error: `一次最多投递 ${TEASER_DELIVERY_MAX} 位投资人` }),
});
export const TeaserOrderSchema = z.object({
  orderno: z.string(),
  teaserId: z.number().int(),
  teaserTitle: z.string(),
  status: z.enum(['paid', 'done', 'refunded']),
  unitCredits: z.number().int(),
  totalCredits: z.number().int(),
  refundedCredits: z.number().int(),
  children: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    delivered: z.number().int(),
    refunded: z.number().int(),
  }),
  /** Credits applyRefund would return now under the rules. */
  refundableCredits: z.number().int(),
  createdAt: z.string(),
});
export type TeaserOrder = z.infer<typeof TeaserOrderSchema>;
export const OrderNoRequestSchema = z.object({
  ...compat,
  orderno: z
    .string({ error: '缺少订单号' })
    .trim()
    .regex(/^T[0-9A-Za-z]{6,39}$/, { error: '订单号格式不正确' }),
});
export const TeaserOrderListRequestSchema = PageQuerySchema.extend({
  ...compat,
  orderno: OrderNoRequestSchema.shape.orderno.optional(),
});
export const TeaserOrderPageSchema = pageOf(TeaserOrderSchema);
export const TeaserOrderChildRequestSchema = PageQuerySchema.extend({
  ...compat,
  orderno: OrderNoRequestSchema.shape.orderno,
});
export const TeaserOrderChildSchema = z.object({
  id: z.number().int(),
  investorId: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  status: z.enum(['pending', 'delivered', 'refunded']),
  deliveredAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Whether the refund rule applies to it now. */
  refundable: z.boolean(),
});
export const TeaserOrderChildPageSchema = pageOf(TeaserOrderChildSchema).extend({ order: TeaserOrderSchema });
export const RefundResultSchema = z.object({
  order: TeaserOrderSchema,
  refundedCredits: z.number().int(),
  refundedChildren: z.number().int(),
  power: z.number().int(),
});

/** Share links. */
export const ShareTeaserRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  /** Omitted: never expires. */
  expiresInDays: z.coerce.number().int().min(1).max(TEASER_SHARE_MAX_DAYS).optional(),
});
export const TeaserShareSchema = z.object({
  token: z.string(),
  path: z.string(),
  shortUrl: z.string(),
  expiresAt: z.string().nullable(),
});

/** aiGenerateTeaser events: status, one delta per piece of a section, the saved teaser last. */
export const GenerateTeaserRequestSchema = z.object({
  ...compat,
  id: TeaserId,
  /** Only these sections (default all). */
  sections: z.array(z.enum(TEASER_SECTIONS)).max(7).optional(),
});
