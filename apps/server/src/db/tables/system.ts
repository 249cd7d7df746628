import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about this installation: demo-data seed, schema notes. */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
