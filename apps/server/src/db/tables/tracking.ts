/**
 * Tracking: client events (menu clicks 1001-1015 and others), page views, time on page,
 * and the server's own account events (register, login). Every text column is bounded so
 * that a client cannot grow the tables with large payloads; the routes are rate limited.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Who sent a tracked row: the signed-in user, else the anonymous client id, and the IP. */
const origin = {
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  clientId: varchar('client_id', { length: 64 }).notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
};

export const trackEvents = pgTable(
  'track_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: varchar('action', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).notNull().default(''),
    param: varchar('param', { length: 500 }).notNull().default(''),
    firstPath: varchar('first_path', { length: 300 }).notNull().default(''),
    prevPath: varchar('prev_path', { length: 300 }).notNull().default(''),
    lastPath: varchar('last_path', { length: 300 }).notNull().default(''),
    isMobile: boolean('is_mobile').notNull().default(false),
    ext: varchar('ext', { length: 1000 }).notNull().default(''),
    firstParam: varchar('first_param', { length: 500 }).notNull().default(''),
    lastParam: varchar('last_param', { length: 500 }).notNull().default(''),
    actionId: varchar('action_id', { length: 64 }).notNull().default(''),
    ...origin,
  },
  (t) => [index('track_events_created_idx').on(t.createdAt), index('track_events_action_idx').on(t.action)],
);

export const trackPageViews = pgTable(
  'track_page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: varchar('path', { length: 300 }).notNull(),
    pathname: varchar('pathname', { length: 100 }).notNull().default(''),
    firstPath: varchar('first_path', { length: 300 }).notNull().default(''),
    prevPath: varchar('prev_path', { length: 300 }).notNull().default(''),
    lastPath: varchar('last_path', { length: 300 }).notNull().default(''),
    firstParam: varchar('first_param', { length: 500 }).notNull().default(''),
    lastParam: varchar('last_param', { length: 500 }).notNull().default(''),
    isMobile: boolean('is_mobile').notNull().default(false),
    ...origin,
  },
  (t) => [index('track_page_views_created_idx').on(t.createdAt)],
);

export const trackRemains = pgTable(
  'track_remains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: varchar('path', { length: 300 }).notNull(),
    pathname: varchar('pathname', { length: 100 }).notNull().default(''),
    /** Dwell time in ms (spec: stt), capped at one day. */
    stt: integer('stt').notNull(),
    isMobile: boolean('is_mobile').notNull().default(false),
    ...origin,
  },
  (t) => [index('track_remains_created_idx').on(t.createdAt)],
);

/** Server-side account events: 'register' (with its source), 'login', 'authSuccess', … */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).notNull(),
    /** How: 'phone', 'wechat', 'qr', 'mp', 'admin', … */
    source: varchar('source', { length: 16 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    detail: text('detail').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_events_user_idx').on(t.userId, t.createdAt),
    index('user_events_event_idx').on(t.event),
  ],
);
