/**
 * Messaging: conversations (private chats and groups), their members with roles and read
 * positions, messages numbered per conversation (`UNIQUE(conversation_id, seq)`: the
 * database is the source of truth every client catches up from; images and files are the
 * uploads module's), blocks, reports, join applications and invite links. Typing indicators are never stored.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { uploadedFiles } from './uploads.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' });
/** A user a row only mentions: the row outlives them (a message keeps its seq; seqs have no holes). */
const mentionedUser = (name: string) =>
  bigint(name, { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });

export const imConversations = pgTable(
  'im_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['private', 'group'] }).notNull(),
    /** Private chats: `<smaller user id>:<larger user id>`, so a pair has one conversation. */
    pairKey: text('pair_key'),
    name: varchar('name', { length: 60 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    intro: varchar('intro', { length: 400 }).notNull().default(''),
    /** Groups: listed on the square. */
    isPublic: boolean('is_public').notNull().default(false),
    /** Groups: joining without an invite link needs the owner's (or an admin's) approval. */
    needApproval: boolean('need_approval').notNull().default(true),
    createdBy: mentionedUser('created_by'),
    /** The seq of the newest message; the next message takes last_seq + 1 under the row lock. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_conversations_pair_key').on(t.pairKey).where(sql`${t.pairKey} is not null`),
    index('im_conversations_square_idx').on(t.memberCount, t.id).where(sql`${t.isPublic}`),
  ],
);

export const imMembers = pgTable(
  'im_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] })
      .notNull()
      .default('member'),
    /** The newest seq this member has read; unread = last_seq − read_seq. Only ever grows. */
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    /** Muted by an owner or admin until then (groups). */
    mutedUntil: at('muted_until'),
    /** The member's own "no notifications" setting. */
    isNotifyOff: boolean('is_notify_off').notNull().default(false),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('im_members_user_idx').on(t.userId)],
);

export const imMessages = pgTable(
  'im_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Null on system lines (joins, leaves, removals). */
    senderId: mentionedUser('sender_id'),
    kind: text('kind', { enum: ['text', 'image', 'file', 'system'] }).notNull(),
    body: text('body').notNull().default(''),
    /** An image or file of the uploads module; its bytes stay the uploader's, members read them through the message. */
    uploadId: text('upload_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    /** The sender's own id of the message: a retried send finds the first one instead of adding one. */
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('im_messages_client_id_key')
      .on(t.conversationId, t.senderId, t.clientId)
      .where(sql`${t.clientId} <> ''`),
    index('im_messages_sender_idx').on(t.senderId, t.createdAt),
    index('im_messages_upload_idx').on(t.uploadId).where(sql`${t.uploadId} is not null`),
  ],
);

export const imBlocks = pgTable(
  'im_blocks',
  {
    userId: userRef('user_id').notNull(),
    blockedUserId: userRef('blocked_user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] })],
);

export const imReports = pgTable(
  'im_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: userRef('reporter_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => imMessages.id, { onDelete: 'cascade' }),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: ['spam', 'fraud', 'abuse', 'illegal', 'other'] }).notNull(),
    detail: varchar('detail', { length: 1000 }).notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_reports_reporter_message_key').on(t.reporterId, t.messageId),
    index('im_reports_status_idx').on(t.status, t.createdAt),
  ],
);

export const imJoinRequests = pgTable(
  'im_join_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id').notNull(),
    message: varchar('message', { length: 200 }).notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: mentionedUser('decided_by'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('im_join_requests_pending_key')
      .on(t.conversationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('im_join_requests_conversation_idx').on(t.conversationId, t.status),
  ],
);

export const imInvites = pgTable(
  'im_invites',
  {
    code: varchar('code', { length: 32 }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    createdBy: userRef('created_by').notNull(),
    expiresAt: at('expires_at').notNull(),
    uses: integer('uses').notNull().default(0),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('im_invites_conversation_idx').on(t.conversationId)],
);

export type ImConversationRow = typeof imConversations.$inferSelect;
export type ImMemberRow = typeof imMembers.$inferSelect;
export type ImMessageRow = typeof imMessages.$inferSelect;
