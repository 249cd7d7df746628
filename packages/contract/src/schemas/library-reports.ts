/**
 * Report search (the research-report library's search box) and the filter taxonomy
 * (industries in two levels, provinces and cities) that every library filter panel offers.
 * Both are rows added beside API.md's library table; see docs/decisions.md.
 */

import { PageQuerySchema, pageOf } from './common.js';
import { IdListSchema, KeywordSchema } from './library.js';
import { HighlightSchema } from './library-cards.js';
import { ReportCardSchema } from './library-detail.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

export const ReportSearchRequestSchema = PageQuerySchema.extend({
  ...compat,
  keyword: KeywordSchema,
  industry: IdListSchema.optional(),
});
export type ReportSearchRequest = z.infer<typeof ReportSearchRequestSchema>;

/** A page whose text matched, with a snippet around the first match (ranges, never HTML). */
export const ReportPageHitSchema = z.object({ pageNo: z.number().int(), snippet: HighlightSchema });
export const ReportHitSchema = ReportCardSchema.extend({
  /** Title matches, as ranges over the title. */
  titleHighlight: HighlightSchema.optional(),
  /** Best matching pages first, at most three; empty when browsing without a keyword. */
  hits: z.array(ReportPageHitSchema),
});
export type ReportHit = z.infer<typeof ReportHitSchema>;
export const ReportSearchPageSchema = pageOf(ReportHitSchema);

const NamedCountSchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const TaxonomySchema = z.object({
  /** Top industries with their sub-industries; `count` is projects in the library. */
  industries: z.array(NamedCountSchema.extend({ subs: z.array(NamedCountSchema) })),
  /** Provinces with their cities; `count` is projects in the library. */
  regions: z.array(NamedCountSchema.extend({ cities: z.array(NamedCountSchema) })),
});
export type Taxonomy = z.infer<typeof TaxonomySchema>;
