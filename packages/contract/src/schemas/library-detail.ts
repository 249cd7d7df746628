/**
 * The data library's detail views and user relations on the wire (split from library.ts
 * to keep each file one idea): project, institution card and investor details, contacts
 * (masked until unlocked), follows, recent views, the discovery feed and reports.
 */

import { PageQuerySchema, pageOf } from './common.js';
import { InvestorCardSchema, OrgCardSchema, ProjectCardSchema } from './library-cards.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };
const id = z.coerce.number().int().positive();
/** The most pages a report may have: a bound for page numbers in requests. */
export const REPORT_PAGES_MAX = 10_000;
const nullableInt = z.number().int().nullable();

export const PidRequestSchema = z.object({ ...compat, pid: id });
export const OidRequestSchema = z.object({ ...compat, oid: id });
export const OidPageRequestSchema = PageQuerySchema.extend({ ...compat, oid: id });
export const IdRequestSchema = z.object({ ...compat, id });

export const RoundInvestorSchema = z.object({
  institutionId: nullableInt,
  investorId: nullableInt,
  name: z.string(),
  isLead: z.boolean(),
});
export const RoundSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  stage: z.number().int(),
  stageLabel: z.string(),
  amount: nullableInt,
  amountText: z.string(),
  investors: z.array(RoundInvestorSchema),
});

export const ProjectInfoSchema = ProjectCardSchema.extend({
  description: z.string(),
  products: z.string(),
  website: z.string(),
  team: z.array(z.object({ name: z.string(), title: z.string(), bio: z.string().optional() })),
  patentCount: z.number().int(),
  contactCount: z.number().int(),
  rounds: z.array(RoundSchema),
  /** The signed-in user's relations to the project: owner, follow, unlocked. */
  relations: z.array(z.string()),
});

export const ProjectInvestorSchema = z.object({
  institutionId: nullableInt,
  investorId: nullableInt,
  name: z.string(),
  type: z.string(),
  logo: z.string(),
  isLead: z.boolean(),
  rounds: z.array(z.object({ date: z.string(), stage: z.number().int(), stageLabel: z.string() })),
});
export const ProjectInvestorsSchema = z.object({ list: z.array(ProjectInvestorSchema) });

export const PatentSchema = z.object({
  title: z.string(),
  number: z.string(),
  type: z.string(),
  date: z.string(),
});
export const PatentsSchema = z.object({ list: z.array(PatentSchema), total: z.number().int() });

export const ContactSchema = z.object({
  name: z.string(),
  title: z.string(),
  phone: z.string(),
  email: z.string(),
  wechat: z.string(),
});
export const ProjectContactsSchema = z.object({
  pid: z.number().int(),
  /** False: every contact field is masked (first and last characters, stars between). */
  isUnlocked: z.boolean(),
  contacts: z.array(ContactSchema),
  /** While locked: the credits an unlock costs (free for an active VIP). */
  unlockPower: z.number().int().optional(),
  /** UnlockUser2ProjectMap only: how it was unlocked, credits charged now, the balance after. */
  unlock: z
    .object({
      via: z.enum(['credits', 'vip', 'already']),
      charged: z.number().int(),
      power: z.number().int(),
    })
    .optional(),
});

export const MemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  avatar: z.string(),
  industryNames: z.array(z.string()),
  isDemo: z.boolean(),
});
export const MemberPageSchema = pageOf(MemberSchema);

const Count = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const OrgInfoSchema = OrgCardSchema.extend({
  thesis: z.string(),
  description: z.string(),
  website: z.string(),
  members: z.array(MemberSchema),
  memberCount: z.number().int(),
  stats: z.object({
    dealsLast12Months: z.number().int(),
    dealsLast24Months: z.number().int(),
    totalDeals: z.number().int(),
    topIndustries: z.array(Count),
    stageMix: z.array(z.object({ stage: z.number().int(), label: z.string(), count: z.number().int() })),
  }),
  isFollowed: z.boolean(),
  followerCount: z.number().int(),
});

export const OrgProjectSchema = ProjectCardSchema.extend({
  round: z.object({
    date: z.string(),
    stage: z.number().int(),
    stageLabel: z.string(),
    amount: nullableInt,
    amountText: z.string(),
    isLead: z.boolean(),
  }),
});
export const OrgProjectPageSchema = pageOf(OrgProjectSchema);
export const ProjectPageSchema = pageOf(ProjectCardSchema);

export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  source: z.string(),
  publishedAt: z.string(),
  summary: z.string(),
  isDemo: z.boolean(),
});
export const ArticlePageSchema = pageOf(ArticleSchema);

export const InvestorInfoSchema = InvestorCardSchema.extend({
  bio: z.string(),
  institution: z
    .object({ id: z.number().int(), name: z.string(), shortName: z.string(), logo: z.string() })
    .nullable(),
  contact: z.object({ phone: z.string(), email: z.string(), wechat: z.string(), isUnlocked: z.boolean() }),
  deals: z.array(
    z.object({
      projectId: z.number().int(),
      projectName: z.string(),
      date: z.string(),
      stage: z.number().int(),
      stageLabel: z.string(),
      amountText: z.string(),
    }),
  ),
});

export const FinancingNeedsLimitSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** When the count starts again (next midnight, Beijing time). */
  resetAt: z.string(),
});

// ---- Relations ----
export const PROJECT_RELATIONS = ['owner', 'follow', 'unlocked'] as const;
export const UserProjectsRequestSchema = PageQuerySchema.extend({
  ...compat,
  relation: z.enum(PROJECT_RELATIONS).nullish(),
  pid: id.nullish(),
});
export const UserProjectPageSchema = pageOf(
  z.object({ project: ProjectCardSchema, relations: z.array(z.string()), updatedAt: z.string() }),
);
export const FollowStateSchema = z.object({ oid: z.number().int(), isFollowed: z.boolean() });
export const FollowsRequestSchema = PageQuerySchema.extend({ ...compat, oid: id.nullish() });
export const FollowPageSchema = pageOf(z.object({ institution: OrgCardSchema, followedAt: z.string() }));

// ---- Views ----
export const ViewItemSchema = z.object({
  targetType: z.enum(['project', 'institution', 'investor', 'report', 'user']),
  targetId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  viewedAt: z.string(),
});
export const ViewPageSchema = pageOf(ViewItemSchema);
export const TuidRequestSchema = PageQuerySchema.extend({
  ...compat,
  tuid: z.string().trim().min(1).max(64),
});
export const UserActionsSchema = pageOf(ViewItemSchema).extend({
  user: z.object({ uguid: z.string(), name: z.string(), avatar: z.string() }),
});
export const ViewerPageSchema = pageOf(
  z.object({
    uguid: z.string(),
    name: z.string(),
    avatar: z.string(),
    identity: z.string(),
    viewedAt: z.string(),
    count: z.number().int(),
  }),
);

// ---- Discovery ----
export const FeedItemSchema = z.object({
  type: z.literal('round'),
  id: z.number().int(),
  date: z.string(),
  stage: z.number().int(),
  stageLabel: z.string(),
  amount: nullableInt,
  amountText: z.string(),
  project: ProjectCardSchema,
  investors: z.array(RoundInvestorSchema),
});
export const DiscoveryPageSchema = pageOf(FeedItemSchema).extend({
  /** Page 1 only: newest projects and the institutions with most deals lately. */
  newProjects: z.array(ProjectCardSchema),
  hotInstitutions: z.array(OrgCardSchema),
});

// ---- Reports ----
export const ReportCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publisher: z.string(),
  industryId: z.string(),
  industryName: z.string(),
  publishedAt: z.string(),
  pageCount: z.number().int(),
  summary: z.string(),
  /** `/api/files/reports/{id}.pdf`, or null when the report has no PDF. */
  pdfUrl: z.string().nullable(),
  isDemo: z.boolean(),
});
export const ReportInfoRequestSchema = z.object({
  ...compat,
  id: id.optional(),
  /** The spec's quotes call a report `pid`. */
  pid: id.optional(),
  /** A page whose text to include (no report is longer than REPORT_PAGES_MAX). */
  page: z.coerce.number().int().min(1).max(REPORT_PAGES_MAX).nullish(),
});
export const ReportInfoSchema = ReportCardSchema.extend({
  /** The numbered lines under the cover's 核心观点 (or 投资要点), as stored; empty when none. */
  keyPoints: z.array(z.string()),
  /** The cover's 风险提示 line, as stored. */
  riskNote: z.string().nullable(),
  /** Each page's heading (its first line), cover and table of contents left out. */
  outline: z.array(z.object({ pageNo: z.number().int(), title: z.string() })),
  page: z.object({ pageNo: z.number().int(), text: z.string() }).nullable(),
});
export const ReportSampleSchema = z.object({ list: z.array(ReportCardSchema) });
