/**
 * Generic file uploads (modules/uploads): one ticket per file being uploaded in slices, and
 * one row per stored file. Both belong to one user; the bytes live in the storage port, a
 * file under `uploads/files/<user id>/<sha256>` (the same bytes twice are stored once per user).
 */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.js';

const owner = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const uploadTickets = pgTable(
  'upload_tickets',
  {
    /** Random and unguessable; also the folder of the slices (`uploads/parts/<id>/`). */
    id: text('id').primaryKey(),
    userId: owner(),
    /** knowledge | bp | im */
    purpose: text('purpose').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Declared by the client; when set, the assembled bytes must hash to it. */
    sha256: text('sha256'),
    sliceSize: integer('slice_size').notNull(),
    sliceCount: integer('slice_count').notNull(),
    slicesReceived: integer('slices_received').notNull().default(0),
    /** open | assembling | completed | failed | expired */
    state: text('state').notNull().default('open'),
    /** The assembled file's key, once completed. */
    storageKey: text('storage_key'),
    fileId: text('file_id'),
    /** Why a failed ticket failed, in Chinese. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('upload_tickets_user_idx').on(t.userId, t.createdAt),
    index('upload_tickets_state_idx').on(t.state, t.expiresAt),
  ],
);

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    purpose: text('purpose').notNull(),
    filename: text('filename').notNull(),
    /** What the bytes are (pdf, docx, …, png), never what the name says. */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_files_user_idx').on(t.userId, t.createdAt),
    index('uploaded_files_hash_idx').on(t.userId, t.sha256),
  ],
);

export type UploadTicketRow = typeof uploadTickets.$inferSelect;
export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
