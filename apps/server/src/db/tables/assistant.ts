/**
 * The AI assistant: chat and research-chat conversations with their messages (markdown,
 * quote blocks, linked records, status, tokens), the turns counted against the free daily
 * quota, reports made from conversations, AI search sessions and the home search history.
 * A row belongs to a signed-in user (`user_id`) or, signed out, to an anonymous client id.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { reports } from './library.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Whose row it is: the user, else the anonymous client id. */
const owner = {
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  clientId: varchar('client_id', { length: 64 }).notNull().default(''),
};

export interface StoredQuote {
  n: number;
  pid: number;
  title: string;
  pages: number[];
  text: string;
}

export interface StoredLink {
  kind: 'project' | 'institution' | 'investor' | 'report';
  id: number;
  name: string;
  url: string;
}

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    ...owner,
    kind: text('kind', { enum: ['chat', 'mixchat'] }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    agent: varchar('agent', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default(''),
    /** Report ids a research chat is limited to; empty for all. */
    reportIds: jsonb('report_ids').$type<number[]>().notNull().default([]),
    /** Set when the owner shares it: anyone with the token reads a copy. */
    shareToken: varchar('share_token', { length: 64 }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_uuid_idx').on(t.uuid),
    uniqueIndex('chat_conversations_share_idx').on(t.shareToken),
    index('chat_conversations_user_idx').on(t.userId, t.kind, t.updatedAt),
    index('chat_conversations_client_idx').on(t.clientId, t.kind, t.updatedAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    quotes: jsonb('quotes').$type<StoredQuote[]>().notNull().default([]),
    cards: jsonb('cards').$type<StoredLink[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'error'] })
      .notNull()
      .default('done'),
    engine: varchar('engine', { length: 16 }).notNull().default(''),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * One row per question asked, kept when its conversation is deleted (no content), so the
 * free daily quota cannot be reset by deleting conversations. `is_free` false: the turn
 * was in a conversation unlocked with ChatPerCharge.
 */
export const chatTurns = pgTable(
  'chat_turns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner,
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    chatUuid: varchar('chat_uuid', { length: 64 }).notNull(),
    isFree: boolean('is_free').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_turns_user_idx').on(t.userId, t.createdAt),
    index('chat_turns_client_idx').on(t.clientId, t.createdAt),
  ],
);

export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatUuid: varchar('chat_uuid', { length: 64 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    quotes: jsonb('quotes').$type<StoredQuote[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_reports_user_idx').on(t.userId, t.createdAt)],
);

export interface StoredHits {
  projects: unknown[];
  institutions: unknown[];
  investors: unknown[];
  reports: unknown[];
}

export const aiSearches = pgTable(
  'ai_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    ...owner,
    title: varchar('title', { length: 100 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_searches_uuid_idx').on(t.uuid),
    index('ai_searches_user_idx').on(t.userId, t.updatedAt),
    index('ai_searches_client_idx').on(t.clientId, t.updatedAt),
  ],
);

export const aiSearchInteractions = pgTable(
  'ai_search_interactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    searchId: bigint('search_id', { mode: 'number' })
      .notNull()
      .references(() => aiSearches.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['search', 'fusion'] }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    hits: jsonb('hits')
      .$type<StoredHits>()
      .notNull()
      .default({ projects: [], institutions: [], investors: [], reports: [] }),
    quotes: jsonb('quotes').$type<StoredQuote[]>().notNull().default([]),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'error'] })
      .notNull()
      .default('streaming'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_search_interactions_search_idx').on(t.searchId, t.id)],
);

export const homeSearches = pgTable(
  'home_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner,
    keyword: varchar('keyword', { length: 200 }).notNull(),
    kind: text('kind', { enum: ['home', 'search', 'fusion'] }).notNull(),
    searchUuid: varchar('search_uuid', { length: 64 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('home_searches_user_idx').on(t.userId, t.createdAt),
    index('home_searches_client_idx').on(t.clientId, t.createdAt),
  ],
);

/**
 * One embedding per report page for vector retrieval: the model that made it, its dimension,
 * the vector as `real[]` (neither PGlite nor a stock PostgreSQL has pgvector; similarity is
 * computed in the server's memory) and the md5 of the text embedded, so a page whose text or
 * report title changed is embedded again. Filled in the background (`report-vectors.ts`).
 */
export const reportPageVectors = pgTable(
  'report_page_vectors',
  {
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    model: text('model').notNull(),
    dims: integer('dims').notNull(),
    vector: real('vector').array().notNull(),
    contentHash: varchar('content_hash', { length: 32 }).notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.pageNo] })],
);

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
