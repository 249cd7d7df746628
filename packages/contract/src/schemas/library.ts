/**
 * The data library on the wire: project, institution and investor search with filters,
 * the detail cards, the user's relations (follows, unlocks, views), saved searches, the
 * discovery feed and research reports. Amounts are 万元, dates `YYYY-MM-DD`, times ISO.
 *
 * Bad input never fails the server: a long keyword is clamped to 100 characters, a
 * pageSize over 100 is clamped, unknown stage codes and negative amounts answer 400 with
 * a message naming the field.
 */

import { KEYWORD_MAX_CHARS, SEARCH_SORTS, STAGE_CODES, STAGES } from '../constants.js';
import { PageQuerySchema, pageOf } from './common.js';
import {
  InvestorCardSchema,
  NamedSchema as Named,
  OrgCardSchema,
  ProjectCardSchema,
} from './library-cards.js';
import { z } from './zod.js';

/** Financing-need submissions (AI institution matching) a user may make per day. */
export const FINANCING_NEEDS_DAILY_LIMIT = 5;

/** Accepted for compatibility (API.md); the access layer checks `uguid` against the session. */
const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

const STAGE_CHOICES = STAGES.map((s) => `${s.code} ${s.label}`).join('、');

/** NFKC, trimmed, clamped to 100 characters without an error; absent or null is browsing. */
export const KeywordSchema = z
  .string()
  .nullish()
  .transform((v) =>
    Array.from((v ?? '').normalize('NFKC').trim())
      .slice(0, KEYWORD_MAX_CHARS)
      .join(''),
  );

/** One value, an array, or a comma-separated string → an array. */
const toList = (v: unknown) =>
  v === undefined || v === null || v === ''
    ? []
    : Array.isArray(v)
      ? v
      : typeof v === 'string'
        ? v.split(',')
        : [v];

/**
 * List items are checked as a whole, so a message names the list's field (融资轮次), not
 * an index: the validation error names the last path segment.
 */
export const StageListSchema = z.preprocess(toList, z.array(z.unknown()).max(20)).transform((values, ctx) => {
  const codes = values.map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
  const unknown = codes.filter(
    (c) => typeof c !== 'number' || !(STAGE_CODES as readonly number[]).includes(c),
  );
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      message: `未知的轮次代码 ${unknown.map(String).join('、')}，可选：${STAGE_CHOICES}`,
    });
    return z.NEVER;
  }
  return [...new Set(codes as number[])];
});
export const IdListSchema = z.preprocess(toList, z.array(z.unknown()).max(50)).transform((values, ctx) => {
  const ids = values.map((v) => (typeof v === 'number' ? String(v) : v));
  const bad = ids.find((id) => typeof id !== 'string' || id.trim() === '' || id.length > 32);
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `编号格式不正确：${String(bad).slice(0, 40)}` });
    return z.NEVER;
  }
  return [...new Set((ids as string[]).map((id) => id.trim()))];
});
const amount = z.coerce.number().int().min(0, '不能为负数').max(100_000_000).nullish();
const year = z.coerce.number().int().min(1900).max(2100).nullish();

/** Filters shared by every library search. A top industry includes its sub-industries. */
export const SearchFiltersSchema = z.object({
  industry: IdListSchema.optional(),
  stage: StageListSchema.optional(),
  region: IdListSchema.optional(),
  /** 万元; when min > max the two are swapped. */
  amountMin: amount,
  amountMax: amount,
  foundedFrom: year,
  foundedTo: year,
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const ProjectSearchRequestSchema = PageQuerySchema.extend({
  ...compat,
  ...SearchFiltersSchema.shape,
  keyword: KeywordSchema,
  sort: z.enum(SEARCH_SORTS).default('relevance'),
});
export type ProjectSearchRequest = z.infer<typeof ProjectSearchRequestSchema>;

export const OrgSearchRequestSchema = ProjectSearchRequestSchema.extend({
  /** Institution type: VC, PE, CVC, 天使, 政府引导基金 … */
  type: z.string().trim().max(20).nullish(),
});
export const InvestorSearchRequestSchema = ProjectSearchRequestSchema.extend({
  institutionId: z.coerce.number().int().positive().nullish(),
});
export const IndustrySearchRequestSchema = ProjectSearchRequestSchema.extend({
  industry: IdListSchema.refine((ids) => ids.length > 0, '请选择行业'),
});

/** What the search understood in the keyword (shown as chips: 新能源汽车 · A轮). */
export const UnderstoodSchema = z.object({
  keyword: z.string(),
  stages: z.array(z.number().int()),
  industries: z.array(Named),
  regions: z.array(Named),
});

const searchPage = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({
    understood: UnderstoodSchema,
    /** Past 2,000 matches `total` is the database's estimate (show it as 约 …). */
    totalIsEstimate: z.boolean(),
  });
export const ProjectSearchResultSchema = searchPage(ProjectCardSchema);
export type ProjectSearchResult = z.infer<typeof ProjectSearchResultSchema>;

export const OrgSearchResultSchema = searchPage(OrgCardSchema);

export const InvestorSearchResultSchema = searchPage(InvestorCardSchema);

export const IndustrySearchResultSchema = ProjectSearchResultSchema.extend({
  industry: Named.extend({ parentId: z.string().nullable(), subs: z.array(Named) }).nullable(),
});

// ---- Saved full searches ----
export const SavedSearchSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  /** As saved (plain values: this is a response, not input). */
  filters: z.object({
    industry: z.array(z.string()).optional(),
    stage: z.array(z.number().int()).optional(),
    region: z.array(z.string()).optional(),
    amountMin: z.number().int().nullish(),
    amountMax: z.number().int().nullish(),
    foundedFrom: z.number().int().nullish(),
    foundedTo: z.number().int().nullish(),
    sort: z.enum(SEARCH_SORTS).optional(),
  }),
  total: z.number().int(),
  createdAt: z.string(),
});
export const FullSearchCreateRequestSchema = ProjectSearchRequestSchema.omit({ page: true, pageSize: true });
export const FullSearchCreatedSchema = z.object({ id: z.number().int(), total: z.number().int() });
export const FullSearchResultRequestSchema = PageQuerySchema.extend({
  ...compat,
  id: z.coerce.number().int().positive(),
  sort: z.enum(SEARCH_SORTS).nullish(),
});
export const FullSearchResultSchema = ProjectSearchResultSchema.extend({ search: SavedSearchSchema });
export const PageRequestSchema = PageQuerySchema.extend(compat);
export const SavedSearchPageSchema = pageOf(SavedSearchSchema);

export const GuessQuestionsSchema = z.object({
  list: z.array(z.object({ question: z.string(), keyword: z.string() })),
});
export const EmptyRequestSchema = z.object(compat);

export * from './library-cards.js';
export * from './library-detail.js';
