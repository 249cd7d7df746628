/**
 * The data library: industry taxonomy, regions, institutions, investors, projects with
 * their financing rounds, research reports with pages, news, and the user's relations to
 * them. Amounts are in 万元 (integer). Every generated record carries `is_demo`, and the UI
 * labels it. `name_grams` and `search_tokens` are written by the application (lib/text.ts)
 * and indexed as `simple` tsvectors.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const searchColumns = {
  /** CJK bigrams and latin words of the names (lib/text.ts `toNameGramText`). */
  nameGrams: text('name_grams').notNull().default(''),
  /** jieba tokens of the searchable text (lib/text.ts `toSearchText`). */
  searchTokens: text('search_tokens').notNull().default(''),
};

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Two levels: about 30 top industries (`parent_id` null) and their sub-industries. */
export const industries = pgTable('industries', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  /** Other names users type (新能源车 for 新能源汽车, AI for 人工智能). */
  synonyms: text('synonyms').array().notNull().default(sql`'{}'`),
  /** Industries up- or downstream on the industry chain. */
  adjacent: text('adjacent').array().notNull().default(sql`'{}'`),
  sort: integer('sort').notNull().default(0),
});

/** Provinces (`parent_code` null) and cities, by administrative code. */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  parentCode: text('parent_code'),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
});

export const institutions = pgTable(
  'institutions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').unique(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    /** VC, PE, CVC, 天使, 政府引导基金, FOF, 券商直投 … */
    type: text('type').notNull().default(''),
    foundedYear: smallint('founded_year'),
    aumMin: integer('aum_min'),
    aumMax: integer('aum_max'),
    currency: text('currency').notNull().default('CNY'),
    regions: text('regions').array().notNull().default(sql`'{}'`),
    industries: text('industries').array().notNull().default(sql`'{}'`),
    stages: smallint('stages').array().notNull().default(sql`'{}'`),
    ticketMin: integer('ticket_min'),
    ticketMax: integer('ticket_max'),
    thesis: text('thesis').notNull().default(''),
    description: text('description').notNull().default(''),
    website: text('website').notNull().default(''),
    logo: text('logo').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
    ...searchColumns,
    ...searchVectorColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('institutions_name_grams_idx').using('gin', sql`to_tsvector('simple', ${t.nameGrams})`),
    index('institutions_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
    index('institutions_industries_idx').using('gin', t.industries),
    ...searchVectorIndexes('institutions', t),
  ],
);

export const investors = pgTable(
  'investors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').unique(),
    name: text('name').notNull(),
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull().default(''),
    industries: text('industries').array().notNull().default(sql`'{}'`),
    stages: smallint('stages').array().notNull().default(sql`'{}'`),
    ticketMin: integer('ticket_min'),
    ticketMax: integer('ticket_max'),
    regions: text('regions').array().notNull().default(sql`'{}'`),
    bio: text('bio').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    wechat: text('wechat').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
    ...searchColumns,
    ...searchVectorColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('investors_institution_idx').on(t.institutionId),
    index('investors_name_grams_idx').using('gin', sql`to_tsvector('simple', ${t.nameGrams})`),
    index('investors_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
    index('investors_industries_idx').using('gin', t.industries),
    ...searchVectorIndexes('investors', t),
  ],
);

export interface TeamMember {
  name: string;
  title: string;
  bio?: string;
}
export interface Patent {
  title: string;
  number: string;
  type: string;
  date: string;
}
export interface ProjectContact {
  name: string;
  title: string;
  phone: string;
  email: string;
  wechat?: string;
}

export const projects = pgTable(
  'projects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').unique(),
    /** Registered company name (深圳市某某科技有限公司). */
    name: text('name').notNull(),
    brandName: text('brand_name').notNull().default(''),
    /** Top-level industry id. */
    industryId: text('industry_id').notNull(),
    /** Sub-industry ids (and the top-level one). */
    industries: text('industries').array().notNull().default(sql`'{}'`),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    /** Stage sought now, spec section 3 codes. */
    stage: smallint('stage').notNull().default(0),
    amountSought: integer('amount_sought'),
    currency: text('currency').notNull().default('CNY'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    foundedYear: smallint('founded_year'),
    description: text('description').notNull().default(''),
    products: text('products').notNull().default(''),
    team: jsonb('team').$type<TeamMember[]>().notNull().default([]),
    patents: jsonb('patents').$type<Patent[]>().notNull().default([]),
    contacts: jsonb('contacts').$type<ProjectContact[]>().notNull().default([]),
    logo: text('logo').notNull().default(''),
    website: text('website').notNull().default(''),
    latestRoundAt: date('latest_round_at'),
    latestRoundStage: smallint('latest_round_stage'),
    totalRaised: integer('total_raised'),
    /** The user who owns this project on the platform (their own company), if any. */
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    isDemo: boolean('is_demo').notNull().default(false),
    ...searchColumns,
    ...searchVectorColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_industry_stage_idx').on(t.industryId, t.stage),
    index('projects_industries_idx').using('gin', t.industries),
    index('projects_latest_round_idx').on(t.latestRoundAt),
    index('projects_owner_idx').on(t.ownerUserId),
    index('projects_name_grams_idx').using('gin', sql`to_tsvector('simple', ${t.nameGrams})`),
    index('projects_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
    ...searchVectorIndexes('projects', t),
    ...projectSortIndexes(t),
  ],
);

/** A financing round of a project. `amount` null when undisclosed (`amount_text` says how it was reported). */
export const rounds = pgTable(
  'rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    stage: smallint('stage').notNull(),
    amount: integer('amount'),
    amountText: text('amount_text').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('rounds_project_idx').on(t.projectId), index('rounds_date_idx').on(t.date)],
);

export const roundInvestors = pgTable(
  'round_investors',
  {
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'cascade',
    }),
    investorId: bigint('investor_id', { mode: 'number' }).references(() => investors.id, {
      onDelete: 'set null',
    }),
    isLead: boolean('is_lead').notNull().default(false),
  },
  (t) => [
    index('round_investors_round_idx').on(t.roundId),
    index('round_investors_institution_idx').on(t.institutionId),
    index('round_investors_investor_idx').on(t.investorId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').unique(),
    title: text('title').notNull(),
    publisher: text('publisher').notNull().default(''),
    industryId: text('industry_id').notNull(),
    publishedAt: date('published_at').notNull(),
    pageCount: integer('page_count').notNull().default(0),
    summary: text('summary').notNull().default(''),
    /** Key of the rendered PDF in the storage port. */
    pdfKey: text('pdf_key').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
    ...searchColumns,
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_industry_idx').on(t.industryId, t.publishedAt),
    index('reports_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
  ],
);

export const reportPages = pgTable(
  'report_pages',
  {
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    text: text('text').notNull(),
    searchTokens: text('search_tokens').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.pageNo] }),
    index('report_pages_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
  ],
);

export const news = pgTable(
  'news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    externalId: text('external_id').unique(),
    title: text('title').notNull(),
    source: text('source').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    industries: text('industries').array().notNull().default(sql`'{}'`),
    institutionIds: bigint('institution_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    projectIds: bigint('project_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    isDemo: boolean('is_demo').notNull().default(false),
    searchTokens: text('search_tokens').notNull().default(''),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt),
    index('news_institutions_idx').using('gin', t.institutionIds),
    index('news_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchTokens})`),
  ],
);

/** Institutions a user follows. */
export const orgFollows = pgTable(
  'org_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.institutionId] })],
);

/** A user's relation to a project: `owner` (their company), `follow`, or `unlocked` (contacts paid for). */
export const userProjects = pgTable(
  'user_projects',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    relation: text('relation', { enum: ['owner', 'follow', 'unlocked'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId, t.relation] })],
);

/** What signed-in users viewed: projects, institutions, investors, reports, other users (by uguid). */
export const viewEvents = pgTable(
  'view_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', {
      enum: ['project', 'institution', 'investor', 'report', 'user'],
    }).notNull(),
    targetId: text('target_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('view_events_user_idx').on(t.userId, t.viewedAt),
    index('view_events_target_idx').on(t.targetType, t.targetId, t.viewedAt),
  ],
);

/** Saved full searches (ProjectFullSearchCreate), one history per user. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('project'),
    keyword: text('keyword').notNull().default(''),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

// ---- Library search (issue 4, search): stored vectors and sort indexes ----
// Function declarations, so the tables above can use them before this block runs.

/**
 * `to_tsvector('simple', …)` of name_grams and search_tokens, stored. Ranking and
 * "newest matches first" scans check each row's vector; re-parsing search_tokens per row
 * costs ~26 µs natively (measured on the 100,000-project set), the stored vector ~1 µs.
 * Generated by the database: writers keep filling name_grams and search_tokens only.
 */
function searchVectorColumns() {
  const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
  return {
    nameVector: tsvector('name_vector').generatedAlwaysAs(sql`to_tsvector('simple', name_grams)`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_tokens)`),
  };
}

function searchVectorIndexes(
  table: string,
  t: { nameVector: ExtraConfigColumn; searchVector: ExtraConfigColumn },
) {
  return [
    index(`${table}_name_vector_idx`).using('gin', t.nameVector),
    index(`${table}_search_vector_idx`).using('gin', t.searchVector),
  ];
}

/**
 * The orders project lists are read in (newest round first, largest ask first, nulls last),
 * and the filters that have no index of their own: stage alone, province, city.
 */
function projectSortIndexes(t: {
  latestRoundAt: ExtraConfigColumn;
  amountSought: ExtraConfigColumn;
  id: ExtraConfigColumn;
  stage: ExtraConfigColumn;
  provinceCode: ExtraConfigColumn;
  cityCode: ExtraConfigColumn;
}) {
  return [
    index('projects_latest_sort_idx').on(t.latestRoundAt.desc().nullsLast(), t.id.desc()),
    index('projects_amount_sort_idx').on(t.amountSought.desc().nullsLast(), t.id.desc()),
    index('projects_stage_idx').on(t.stage),
    index('projects_province_idx').on(t.provinceCode),
    index('projects_city_idx').on(t.cityCode),
  ];
}
