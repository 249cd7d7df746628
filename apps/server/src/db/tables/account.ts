/**
 * Accounts: users and their server-side sessions. `uguid` is the public id a client may
 * see and send; it never grants anything. Session tokens are stored only as SHA-256 hashes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uguid: text('uguid').notNull().unique(),
    phone: text('phone'),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** -1 until registration; 1 enterprise, 2 institution. */
    role: smallint('role').notNull().default(-1),
    identity: text('identity', { enum: ['investor', 'enterprise'] })
      .notNull()
      .default('enterprise'),
    isVerified: boolean('is_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.phone} is not null`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
