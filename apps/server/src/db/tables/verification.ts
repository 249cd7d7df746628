/**
 * Business-card verification: upload tickets, submitted cards with what OCR read from them,
 * one verification case per submitted card (its dialogue state and, when needed, its place
 * in the manual review queue) and the dialogue's messages. Every row belongs to one user.
 */
import type { CardFields } from '@jq/contract';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const owner = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** One issued upload credential; the image lands under `key`. */
export const cardUploads = pgTable(
  'card_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    size: integer('size'),
    contentType: text('content_type'),
  },
  (t) => [
    uniqueIndex('card_uploads_key_key').on(t.key),
    index('card_uploads_user_idx').on(t.userId, t.createdAt),
  ],
);

export interface OcrLineRecord {
  text: string;
  confidence: number;
  box?: number[][];
}

/** A submitted business card: its image key, the raw OCR lines and the extracted fields. */
export const businessCards = pgTable(
  'business_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    key: text('key').notNull(),
    ocrEngine: text('ocr_engine').notNull(),
    ocrMs: integer('ocr_ms').notNull(),
    lines: jsonb('lines').$type<OcrLineRecord[]>().notNull(),
    fields: jsonb('fields').$type<CardFields>().notNull(),
    meanConfidence: real('mean_confidence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_cards_user_idx').on(t.userId, t.createdAt)],
);

export const CASE_STATUSES = [
  'dialogue',
  'deciding',
  'verified',
  'pending',
  'rejected',
  'cancelled',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Where the dialogue stands; see modules/verification/dialogue.ts. */
export interface DialogueState {
  /** Questions still to ask, the first one is the open one. */
  queue: DialogueQuestion[];
  answers: { question: DialogueQuestion; answer: string; verdict: 'yes' | 'no' | 'other' }[];
  /** Name or company typed by the user when the card did not show one. */
  stated: { name?: string; company?: string };
  isGreeted: boolean;
}

export type DialogueQuestion =
  | { kind: 'missing'; field: 'name' | 'company' }
  | { kind: 'mismatch'; field: 'name' | 'company' | 'title' | 'phone'; card: string; profile: string }
  | { kind: 'confirm' };

/** One verification case per submitted card. `pending` rows are the manual review queue. */
export const verificationCases = pgTable(
  'verification_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('dialogue'),
    state: jsonb('state').$type<DialogueState>().notNull(),
    /** Why the case went to review (or was decided), in Chinese for the reviewer. */
    reason: text('reason').notNull().default(''),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_cases_user_idx').on(t.userId, t.createdAt),
    index('verification_cases_status_idx').on(t.status, t.createdAt),
  ],
);

export const verificationMessages = pgTable(
  'verification_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => verificationCases.id, { onDelete: 'cascade' }),
    userId: owner(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    msgtype: text('msgtype', { enum: ['text', 'image_url'] })
      .notNull()
      .default('text'),
    content: text('content').notNull(),
    homequery: text('homequery').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_messages_user_idx').on(t.userId, t.id)],
);

/** One costly action by a user (an upload credential, an OCR run, a dialogue turn), for per-user limits. */
export const verificationRateEvents = pgTable(
  'verification_rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_rate_events_idx').on(t.userId, t.action, t.createdAt)],
);

export type BusinessCard = typeof businessCards.$inferSelect;
export type VerificationCase = typeof verificationCases.$inferSelect;
export type VerificationMessage = typeof verificationMessages.$inferSelect;
