/**
 * Project analyses (module analysis): a founder's business-plan diagnosis or an investor's
 * first-pass memo of a library project. One row per run, owned by its user; the report
 * (facts with their pages, rubric scores, flags, peers, readiness, advice) is one JSON
 * document written when the run ends, the deck's pages beside it for citations, and a copy
 * of the uploaded deck in the storage port so a citation opens the deck at its page.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { projects } from './library.js';

export interface AnalysisPage {
  no: number;
  label: string;
  text: string;
}

export const analyses = pgTable(
  'analyses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `diagnosis` (a plan, for its founder) or `investor` (ProjectAnalyse on a library project). */
    mode: text('mode', { enum: ['diagnosis', 'investor'] }).notNull(),
    /** `upload` (a deck) or `project` (a library or own project). */
    source: text('source', { enum: ['upload', 'project'] }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull().default(''),
    filename: text('filename').notNull().default(''),
    /** pdf, pptx, docx, or '' for a project. */
    fileKind: text('file_kind').notNull().default(''),
    /** The deck's copy in the storage port ('' for a project). */
    storageKey: text('storage_key').notNull().default(''),
    pageCount: integer('page_count').notNull().default(0),
    status: text('status', { enum: ['running', 'done', 'failed', 'stopped'] }).notNull(),
    failReason: text('fail_reason').notNull().default(''),
    engine: text('engine').notNull().default(''),
    model: text('model').notNull().default(''),
    /** The report (AnalysisReport in the contract). */
    report: jsonb('report').$type<Record<string, unknown>>(),
    /** The written memo (Markdown, cites pages as [n]). */
    content: text('content').notNull().default(''),
    pages: jsonb('pages').$type<AnalysisPage[]>().notNull().default([]),
    /** Random token of the share link (detailShare), null until shared. */
    shareToken: text('share_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analyses_user_idx').on(t.userId, t.createdAt),
    index('analyses_project_idx').on(t.projectId).where(sql`${t.projectId} is not null`),
  ],
);

export type AnalysisRow = typeof analyses.$inferSelect;
