/**
 * The knowledge base: files users upload (or save from the public square by reference),
 * their parsed pages and chunks, chunk vectors, collections, conversations over files with
 * verbatim quotes, unlocks, the events the hot list counts, and creator income.
 *
 * A file's id never changes: re-indexing bumps `parse_version` and swaps pages and chunks in
 * one transaction, so a citation (file id + page + verbatim text) stays valid. A row without
 * an owner belongs to the platform (the demo research reports in the square).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { reports } from './library.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const KB_FILE_KINDS = ['pdf', 'docx', 'xlsx', 'pptx', 'md', 'txt', 'csv'] as const;
export const KB_FILE_STATUSES = ['queued', 'parsing', 'indexing', 'ready', 'failed'] as const;
export type KbFileKind = (typeof KB_FILE_KINDS)[number];
export type KbFileStatus = (typeof KB_FILE_STATUSES)[number];

export interface KbStoredQuote {
  n: number;
  /** The file id (stable across re-indexing). */
  pid: number;
  title: string;
  pages: number[];
  /** Verbatim slice of the page's text. */
  text: string;
  /** Page label as the file names it (slide 3, sheet 财务数据); the page number otherwise. */
  pageLabel?: string;
}

export const kbFiles = pgTable(
  'kb_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null: the platform's own file (demo reports). */
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** A copy saved from the square points at the original; its content is the original's. */
    sourceFileId: bigint('source_file_id', { mode: 'number' }).references((): PgColumn => kbFiles.id, {
      onDelete: 'cascade',
    }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    filename: varchar('filename', { length: 255 }).notNull().default(''),
    kind: text('kind', { enum: KB_FILE_KINDS }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    sha256: varchar('sha256', { length: 64 }).notNull().default(''),
    /** Key of the bytes in the storage port ('' for copies and for demo reports read from report pages). */
    storageKey: text('storage_key').notNull().default(''),
    status: text('status', { enum: KB_FILE_STATUSES }).notNull().default('queued'),
    /** 0..100 within the whole pipeline. */
    progress: smallint('progress').notNull().default(0),
    /** In Chinese, for a failed file. */
    failReason: text('fail_reason').notNull().default(''),
    /** Last change of status or progress: the sweep retries or fails files idle in one state too long. */
    statusAt: at('status_at').notNull().defaultNow(),
    /** Parse tries of the current version (the sweep stops retrying after a few). */
    attempts: smallint('attempts').notNull().default(0),
    /** Bumped by each (re-)index; a job for an older version stops without writing. */
    parseVersion: integer('parse_version').notNull().default(1),
    pageCount: integer('page_count').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    /** Credits to unlock the whole public file (0: saving is enough). */
    priceCredits: integer('price_credits').notNull().default(0),
    /** Demo research report this file presents (platform files only). */
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id, { onDelete: 'cascade' }),
    isDemo: boolean('is_demo').notNull().default(false),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kb_files_owner_idx').on(t.ownerId, t.createdAt),
    index('kb_files_square_idx').on(t.visibility, t.status, t.publishedAt),
    index('kb_files_source_idx').on(t.sourceFileId),
    index('kb_files_pending_idx').on(t.status, t.statusAt),
    uniqueIndex('kb_files_owner_sha_key')
      .on(t.ownerId, t.sha256)
      .where(sql`${t.sourceFileId} is null and ${t.ownerId} is not null and ${t.sha256} <> ''`),
    uniqueIndex('kb_files_owner_copy_key')
      .on(t.ownerId, t.sourceFileId)
      .where(sql`${t.sourceFileId} is not null`),
    uniqueIndex('kb_files_report_key').on(t.reportId).where(sql`${t.reportId} is not null`),
    check('kb_files_price_nonneg', sql`${t.priceCredits} >= 0`),
    check('kb_files_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/** A file's pages (slides, sheets) as text: what quotes are verbatim slices of. */
export const kbPages = pgTable(
  'kb_pages',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    label: varchar('label', { length: 100 }).notNull().default(''),
    text: text('text').notNull(),
    isScanned: boolean('is_scanned').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.pageNo] })],
);

/** Retrieval units: `page.text.slice(start, end)` is the chunk; tables stay whole with their header. */
export const kbChunks = pgTable(
  'kb_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    pageNo: integer('page_no').notNull(),
    pageLabel: varchar('page_label', { length: 100 }).notNull().default(''),
    headingPath: text('heading_path').notNull().default(''),
    text: text('text').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    isTable: boolean('is_table').notNull().default(false),
    /** jieba tokens, space-joined with repeats (term frequency for BM25). */
    tokens: text('tokens').notNull().default(''),
    /** The tokens as a stored `simple` tsvector: matching and counting read it instead of re-parsing each row. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', tokens)`),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.idx] }),
    index('kb_chunks_search_vector_idx').using('gin', t.searchVector),
  ],
);

/** Chunk vectors when EMBEDDING_* is set (no pgvector: compared in process, as report pages are). */
export const kbChunkVectors = pgTable(
  'kb_chunk_vectors',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    model: text('model').notNull(),
    vector: real('vector').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.idx] })],
);

/** A public file unlocked at its owner's price (the charge is in the billing ledger). */
export const kbUnlocks = pgTable(
  'kb_unlocks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] })],
);

export const kbCollections = pgTable(
  'kb_collections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kb_collections_owner_idx').on(t.ownerId, t.updatedAt),
    index('kb_collections_public_idx').on(t.visibility, t.updatedAt),
  ],
);

export const kbCollectionFiles = pgTable(
  'kb_collection_files',
  {
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => kbCollections.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.fileId] }),
    index('kb_collection_files_file_idx').on(t.fileId),
  ],
);

/** Conversations over chosen files or a collection; a user's, or an anonymous client's. */
export const kbConversations = pgTable(
  'kb_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    title: varchar('title', { length: 100 }).notNull().default(''),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    collectionId: bigint('collection_id', { mode: 'number' }).references(() => kbCollections.id, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kb_conversations_uuid_key').on(t.uuid),
    index('kb_conversations_user_idx').on(t.userId, t.updatedAt),
    index('kb_conversations_client_idx').on(t.clientId, t.updatedAt),
  ],
);

export const kbMessages = pgTable(
  'kb_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => kbConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    quotes: jsonb('quotes').$type<KbStoredQuote[]>().notNull().default([]),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'error'] })
      .notNull()
      .default('done'),
    engine: varchar('engine', { length: 16 }).notNull().default(''),
    /** Credits the asker paid for this answer (0: free). */
    credits: integer('credits').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('kb_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Views, saves and citations: what the hot list counts (last 7 days). */
export const kbEvents = pgTable(
  'kb_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'save', 'cite'] }).notNull(),
    /** `u:<id>` or `c:<client id>`: one view per viewer and hour. */
    actor: varchar('actor', { length: 80 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('kb_events_recent_idx').on(t.createdAt, t.kind),
    index('kb_events_file_idx').on(t.fileId, t.kind),
  ],
);

/**
 * Creator income: one row per paid answer (or unlock) and file, written in the same
 * transaction as the ledger entries (billing module); the unique key makes a second write
 * impossible. `reference` is `kbanswer:<message id>` or `kbunlock:<file id>:<buyer id>`.
 */
export const kbIncome = pgTable(
  'kb_income',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: varchar('reference', { length: 80 }).notNull(),
    kind: text('kind', { enum: ['answer', 'unlock'] }).notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payerId: bigint('payer_id', { mode: 'number' }).notNull(),
    credits: integer('credits').notNull(),
    /** Beijing date of the answer, for income per day. */
    day: date('day').notNull(),
    fileTitle: varchar('file_title', { length: 200 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kb_income_reference_file_key').on(t.reference, t.fileId),
    index('kb_income_owner_idx').on(t.ownerId, t.day),
    check('kb_income_credits_positive', sql`${t.credits} > 0`),
  ],
);

export type KbFile = typeof kbFiles.$inferSelect;
export type KbCollection = typeof kbCollections.$inferSelect;
export type KbConversation = typeof kbConversations.$inferSelect;
export type KbMessage = typeof kbMessages.$inferSelect;
