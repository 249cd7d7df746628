/**
 * Library cards on the wire: the list items of project, institution and investor search,
 * with their highlights. Highlights are ranges over plain text (never HTML): `[start, end)`
 * in UTF-16 units of `text`, so the web renders them without markup.
 */
import { z } from './zod.js';

const nullableInt = z.number().int().nullable();

const range = z.tuple([z.number().int(), z.number().int()]);
export const HighlightSchema = z.object({ text: z.string(), ranges: z.array(range) });
export type Highlight = z.infer<typeof HighlightSchema>;
/**
 * A card field's highlight: ranges over the card's own value of that field, or over `text`
 * when that differs (a summary's snippet from further into the description). A name is
 * never sent twice: on a page of 20 cards the repeated texts were a third of the answer.
 */
const FieldHighlightSchema = z.object({ text: z.string().optional(), ranges: z.array(range) });
export type FieldHighlight = z.infer<typeof FieldHighlightSchema>;
/** `alias`: a project's brand name, an institution's short name, an investor's institution. */
const HighlightsSchema = z.object({
  name: FieldHighlightSchema.optional(),
  alias: FieldHighlightSchema.optional(),
  summary: FieldHighlightSchema.optional(),
});

export const NamedSchema = z.object({ id: z.string(), name: z.string() });

export const ProjectCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandName: z.string(),
  industryId: z.string(),
  industryName: z.string(),
  /** Industry ids (sub-industries and the top one) and their names. */
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  tags: z.array(z.string()),
  stage: z.number().int(),
  stageLabel: z.string(),
  amountSought: nullableInt,
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  regionName: z.string(),
  foundedYear: nullableInt,
  latestRoundAt: z.string().nullable(),
  latestRoundStage: nullableInt,
  totalRaised: nullableInt,
  logo: z.string(),
  summary: z.string(),
  isDemo: z.boolean(),
  highlight: HighlightsSchema.optional(),
});
export type ProjectCard = z.infer<typeof ProjectCardSchema>;

export const OrgCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  type: z.string(),
  foundedYear: nullableInt,
  aumMin: nullableInt,
  aumMax: nullableInt,
  currency: z.string(),
  regions: z.array(z.string()),
  regionNames: z.array(z.string()),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stages: z.array(z.number().int()),
  ticketMin: nullableInt,
  ticketMax: nullableInt,
  logo: z.string(),
  summary: z.string(),
  dealCount: z.number().int(),
  isDemo: z.boolean(),
  highlight: HighlightsSchema.optional(),
});
export type OrgCard = z.infer<typeof OrgCardSchema>;
export const InvestorCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  institutionId: nullableInt,
  institutionName: z.string(),
  title: z.string(),
  industries: z.array(z.string()),
  industryNames: z.array(z.string()),
  stages: z.array(z.number().int()),
  ticketMin: nullableInt,
  ticketMax: nullableInt,
  regions: z.array(z.string()),
  regionNames: z.array(z.string()),
  avatar: z.string(),
  summary: z.string(),
  isDemo: z.boolean(),
  highlight: HighlightsSchema.optional(),
});
export type InvestorCard = z.infer<typeof InvestorCardSchema>;
