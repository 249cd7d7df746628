/**
 * Accounts: users, their server-side sessions, registration profiles, and the short-lived
 * sign-in state that must hold across server processes (SMS codes, rate counters, QR
 * logins, WeChat tokens, IP bans). `uguid` is the public id a client may see and send; it
 * never grants anything. Session tokens and SMS codes are stored only as hashes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uguid: text('uguid').notNull().unique(),
    phone: text('phone'),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 0 until registration (submitConcat); 1 enterprise, 2 institution. -1 is only "signed out". */
    role: smallint('role').notNull().default(0),
    identity: text('identity', { enum: ['investor', 'enterprise'] })
      .notNull()
      .default('enterprise'),
    isVerified: boolean('is_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    bannedAt: at('banned_at'),
    vipExpiresAt: at('vip_expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The user's own code for invitation links; the application writes 8 characters. */
    inviteCode: text('invite_code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12))`),
    /** Users.id of the inviter whose code the user registered with. */
    invitedBy: bigint('invited_by', { mode: 'number' }),
    wechatOpenid: text('wechat_openid'),
    wechatUnionid: text('wechat_unionid'),
    /** Customer service granted client downloads (spec: dlreport). */
    canDownload: boolean('can_download').notNull().default(false),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    uniqueIndex('users_wechat_openid_key').on(t.wechatOpenid).where(sql`${t.wechatOpenid} is not null`),
    uniqueIndex('users_wechat_unionid_key').on(t.wechatUnionid).where(sql`${t.wechatUnionid} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The registration form of spec section 2 (submitConcat), one row per user. */
export const userProfiles = pgTable('user_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: smallint('role').notNull(),
  company: varchar('company', { length: 60 }).notNull(),
  title: varchar('title', { length: 30 }).notNull(),
  address: varchar('address', { length: 100 }).notNull().default(''),
  email: varchar('email', { length: 100 }).notNull().default(''),
  brief: varchar('brief', { length: 500 }).notNull().default(''),
  stage: smallint('stage'),
  industry: varchar('industry', { length: 30 }).notNull().default(''),
  /** 万元: the sum to raise (role 1) or the fund size (role 2). */
  fundSize: doublePrecision('fund_size'),
  period: varchar('period', { length: 20 }).notNull().default(''),
  currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
  orgId: varchar('org_id', { length: 64 }).notNull().default(''),
  orgName: varchar('org_name', { length: 60 }).notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The one live SMS code of a phone: HMAC-SHA256 of the code, 5 minutes, 5 tries. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  ip: text('ip').notNull().default(''),
  /** Who asked for the code (`c:<client id>`, else `ip:<address>`): only their wrong tries can burn it. */
  requester: text('requester').notNull().default(''),
});

/** Fixed-window counters shared by every server process (SMS limits, sign-in attempts). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);

/** What the dev outbox "sent": read by `GET /api/dev/outbox` outside production. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

/** QR sign-in codes: waiting → confirmed (by a signed-in phone) → consumed (by the polling browser). */
export const qrLogins = pgTable(
  'qr_logins',
  {
    code: text('code').primaryKey(),
    /** SHA-256 of the nonce cookie of the browser that asked for the code: only it may poll. */
    pollerHash: text('poller_hash').notNull(),
    status: text('status', { enum: ['waiting', 'scanned', 'confirmed', 'consumed'] })
      .notNull()
      .default('waiting'),
    /** 'web': confirmed on /{product}/login; 'mp': scanned in the WeChat official account. */
    kind: text('kind', { enum: ['web', 'mp'] })
      .notNull()
      .default('web'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    polls: integer('polls').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    confirmedAt: at('confirmed_at'),
    consumedAt: at('consumed_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('qr_logins_created_idx').on(t.createdAt)],
);

/** Anonymous visitor ids (spec: clientid), registered by ClientCheckV3. */
export const clientIds = pgTable('client_ids', {
  id: text('id').primaryKey(),
  ip: text('ip').notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
});

/** Banned client IPs: every /api call from them answers -9999. */
export const ipBans = pgTable('ip_bans', {
  ip: text('ip').primaryKey(),
  reason: text('reason').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** WeChat access_token and jsapi_ticket, shared by every process until they expire. */
export const wechatTokens = pgTable('wechat_tokens', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: at('expires_at').notNull(),
});

export type User = typeof users.$inferSelect;
export type UserProfile = typeof userProfiles.$inferSelect;

/** Short links (`/s/{code}`) to pages of this site, one per target. */
export const shortUrls = pgTable('short_urls', {
  code: varchar('code', { length: 16 }).primaryKey(),
  /** The target: a path on this site with its query, e.g. `/fundingProject?pid=12`. */
  target: text('target').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});
