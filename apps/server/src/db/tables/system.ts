import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about this installation: demo-data seed, schema notes. */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every try of every job, written by whichever process ran it (both engines), so
 * `npm run admin -- jobs` shows running, retried and failed tries with their error, and a
 * job that ran twice shows twice. Finished rows are pruned after a week.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    jobId: text('job_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** running | done | retried (failed, will be tried again) | failed (the last try failed) */
    state: text('state').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('job_runs_name_started_idx').on(t.name, t.startedAt),
    index('job_runs_job_idx').on(t.name, t.jobId),
  ],
);

/** Scheduled jobs: the next slot of each, claimed by one process with a conditional update. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
