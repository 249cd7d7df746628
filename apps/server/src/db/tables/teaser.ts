/**
 * Teasers (issue 17, docs/teaser.md): one-page anonymised project summaries written from a
 * project, an uploaded business plan or a form; their views (Papermark-style: per section,
 * flushed every 10 s), follows, the double opt-in contact unlock with its thread, share
 * links, and delivery orders (a parent paid in credits, one child per matched investor).
 * Every row that belongs to a user is read with that user in the WHERE clause.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { projects } from './library.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const TEASER_STATUSES = ['draft', 'published'] as const;
export const TEASER_SOURCES = ['form', 'project', 'upload'] as const;
export const TEASER_UNLOCK_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export const TEASER_ORDER_STATUSES = ['paid', 'done', 'refunded'] as const;
export const TEASER_CHILD_STATUSES = ['pending', 'delivered', 'refunded'] as const;

/** The seven sections of a teaser, in display order (contract TEASER_SECTIONS). */
export type TeaserSectionsRow = Record<string, string>;

export interface TeaserContactsRow {
  name: string;
  phone: string;
  email: string;
  wechat: string;
}

export const teasers = pgTable(
  'teasers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEASER_STATUSES }).notNull().default('draft'),
    source: text('source', { enum: TEASER_SOURCES }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, {
      onDelete: 'set null',
    }),
    /** The uploaded plan's file name (upload source). */
    sourceFilename: varchar('source_filename', { length: 255 }).notNull().default(''),
    /** The plan's text (upload) or the project's description: what the local engine may quote. */
    sourceText: text('source_text').notNull().default(''),
    /** The anonymised headline shown in lists (某医疗影像 AI 公司 · A 轮). */
    title: varchar('title', { length: 100 }).notNull(),
    companyName: varchar('company_name', { length: 100 }).notNull().default(''),
    /** Default true: company name, people and contacts hidden until an accepted unlock. */
    isAnonymous: boolean('is_anonymous').notNull().default(true),
    industryId: text('industry_id').notNull().default(''),
    industries: text('industries').array().notNull().default(sql`'{}'`),
    stage: smallint('stage').notNull().default(0),
    /** 万元 sought; null when not given. */
    amount: integer('amount'),
    regionCode: text('region_code').notNull().default(''),
    foundedYear: smallint('founded_year'),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    /** Structured facts from the form or project: description, products, team, metrics, use of funds. */
    facts: jsonb('facts').$type<Record<string, string>>().notNull().default({}),
    sections: jsonb('sections').$type<TeaserSectionsRow>().notNull().default({}),
    contacts: jsonb('contacts')
      .$type<TeaserContactsRow>()
      .notNull()
      .default({ name: '', phone: '', email: '', wechat: '' }),
    /** Names that anonymous readers never see (company, brand, team members): redacted at read time. */
    hiddenNames: text('hidden_names').array().notNull().default(sql`'{}'`),
    /** Which engine wrote the sections last ('' until generated). */
    engine: text('engine').notNull().default(''),
    /** Counted visits (1 s or more), for lists; the analytics read teaser_views. */
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('teasers_owner_idx').on(t.ownerId, t.updatedAt),
    index('teasers_online_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index('teasers_industry_idx')
      .on(t.industryId, t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    // The online list filtered by industry: `industries @> array[…]` (feeds.ts).
    index('teasers_industries_idx').using('gin', t.industries).where(sql`${t.status} = 'published'`),
  ],
);

/**
 * One visit of a viewer to a teaser. The page sends what it counted every 10 s (visible
 * milliseconds per section); the server caps each flush and ignores visits under 1 s.
 */
export const teaserViews = pgTable(
  'teaser_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teaserId: bigint('teaser_id', { mode: 'number' })
      .notNull()
      .references(() => teasers.id, { onDelete: 'cascade' }),
    viewerId: bigint('viewer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** Anonymous viewers (share links): the browser's client id. */
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    shareId: bigint('share_id', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull().default(0),
    sections: jsonb('sections').$type<Record<string, number>>().notNull().default({}),
    flushes: integer('flushes').notNull().default(0),
    startedAt: at('started_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [
    index('teaser_views_teaser_idx').on(t.teaserId, t.startedAt),
    index('teaser_views_viewer_idx').on(t.viewerId, t.lastAt),
  ],
);

export const teaserFollows = pgTable(
  'teaser_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teaserId: bigint('teaser_id', { mode: 'number' })
      .notNull()
      .references(() => teasers.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teaserId] }), index('teaser_follows_user_idx').on(t.userId)],
);

/**
 * An investor's request to connect (double opt-in). One row per teaser and investor; a new
 * request after a decline or a timeout reuses it with `attempt` + 1. Credits are taken when
 * asked (`spend` under `reference`), kept when the founder accepts and returned once
 * (`refund`, idempotency key `release:<reference>`) on decline or timeout.
 */
export const teaserUnlocks = pgTable(
  'teaser_unlocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teaserId: bigint('teaser_id', { mode: 'number' })
      .notNull()
      .references(() => teasers.id, { onDelete: 'cascade' }),
    investorId: bigint('investor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEASER_UNLOCK_STATUSES }).notNull().default('pending'),
    via: text('via', { enum: ['credits', 'vip'] }).notNull(),
    credits: integer('credits').notNull().default(0),
    attempt: integer('attempt').notNull().default(1),
    /** Ledger reference of this attempt's charge ('' for VIP). */
    reference: text('reference').notNull().default(''),
    message: varchar('message', { length: 500 }).notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaser_unlocks_pair').on(t.teaserId, t.investorId),
    index('teaser_unlocks_owner_idx').on(t.ownerId, t.createdAt),
    index('teaser_unlocks_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The thread between the founder and an investor who asked to connect. */
export const teaserMessages = pgTable(
  'teaser_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unlockId: bigint('unlock_id', { mode: 'number' })
      .notNull()
      .references(() => teaserUnlocks.id, { onDelete: 'cascade' }),
    /** Null: a system line (accepted, declined, expired). */
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 1000 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('teaser_messages_unlock_idx').on(t.unlockId, t.id)],
);

/** /tshare links: a random token, optionally expiring; revoked links answer like expired ones. */
export const teaserShares = pgTable(
  'teaser_shares',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: varchar('token', { length: 32 }).notNull().unique(),
    teaserId: bigint('teaser_id', { mode: 'number' })
      .notNull()
      .references(() => teasers.id, { onDelete: 'cascade' }),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('teaser_shares_teaser_idx').on(t.teaserId)],
);

/** A delivery order: the teaser sent to matched investors, paid in credits (`teaser-order:<orderno>`). */
export const teaserOrders = pgTable(
  'teaser_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderno: varchar('orderno', { length: 40 }).notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teaserId: bigint('teaser_id', { mode: 'number' })
      .notNull()
      .references(() => teasers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEASER_ORDER_STATUSES }).notNull().default('paid'),
    unitCredits: integer('unit_credits').notNull(),
    totalCredits: integer('total_credits').notNull(),
    refundedCredits: integer('refunded_credits').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('teaser_orders_user_idx').on(t.userId, t.createdAt),
    check('teaser_orders_refund_bound', sql`${t.refundedCredits} between 0 and ${t.totalCredits}`),
  ],
);

/** One delivery of an order: a matched investor of the library. */
export const teaserOrderChildren = pgTable(
  'teaser_order_children',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => teaserOrders.id, { onDelete: 'cascade' }),
    /** The library investor (investors.id) the teaser is delivered to. */
    targetInvestorId: bigint('target_investor_id', { mode: 'number' }).notNull(),
    targetName: varchar('target_name', { length: 100 }).notNull().default(''),
    score: integer('score').notNull().default(0),
    status: text('status', { enum: TEASER_CHILD_STATUSES }).notNull().default('pending'),
    /** The platform user who received it (a member of the investor's institution). */
    deliveredTo: bigint('delivered_to', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    deliveredAt: at('delivered_at'),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    uniqueIndex('teaser_order_children_target').on(t.orderId, t.targetInvestorId),
    index('teaser_order_children_pending_idx').on(t.status),
  ],
);
