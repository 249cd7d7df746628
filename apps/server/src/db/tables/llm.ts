/**
 * Language-model usage: one row per generation or embeddings call, per user (or anonymous
 * client), so spending can be read per user and per feature. Rows are append-only.
 */
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.js';

export const llmUsage = pgTable(
  'llm_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for anonymous visitors and background work; kept when the user is deleted. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    /** What the tokens were spent on, e.g. `chat`, `mixchat`, `embedding`. */
    purpose: text('purpose').notNull().default(''),
    engine: text('engine', { enum: ['local', 'openai'] }).notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    /** True when the counts are estimated from characters, not reported by the provider. */
    isEstimated: boolean('is_estimated').notNull().default(false),
    /** `stop`, `length`, ... from the provider; `aborted` or `error` when the stream did not finish. */
    finishReason: text('finish_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('llm_usage_user_idx').on(t.userId, t.createdAt),
    index('llm_usage_created_idx').on(t.createdAt),
  ],
);

export type LlmUsageRow = typeof llmUsage.$inferSelect;
