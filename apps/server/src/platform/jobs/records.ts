/**
 * The record of job tries in `job_runs`: a row per try, inserted when it starts and closed
 * when it ends, kept a week. Both engines write it, so the admin command reads one table
 * whichever engine ran the job and in whichever process, and a job run twice shows twice.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../database/index.js';

export const KEEP_RECORDS_DAYS = 7;

export type TryEnd = 'done' | 'retried' | 'failed';

export interface JobRecorder {
  /** A try begins; answers the row id to close. */
  start(entry: { name: string; jobId: string; attempt: number }): Promise<number>;
  finish(tryId: number, state: TryEnd, error?: string): Promise<void>;
}

export function createRecorder(db: Db): JobRecorder {
  return {
    async start({ name, jobId, attempt }) {
      const [row] = await selectRows<{ id: string }>(
        db,
        sql`insert into job_runs (name, job_id, attempt, state) values (${name}, ${jobId}, ${attempt}, 'running')
            returning id`,
      );
      return Number(row!.id);
    },
    async finish(tryId, state, error) {
      await db.execute(sql`update job_runs set state = ${state}, error = ${error?.slice(0, 2000) ?? null},
        finished_at = now() where id = ${tryId}`);
    },
  };
}

export async function pruneRecords(db: Db): Promise<void> {
  await db.execute(
    sql`delete from job_runs where finished_at < now() - ${KEEP_RECORDS_DAYS}::int * interval '1 day'`,
  );
}

export interface JobStatus {
  name: string;
  running: number;
  done24h: number;
  retried24h: number;
  failed24h: number;
  lastFinishedAt: string | null;
  nextRunAt: string | null;
  everyMs: number | null;
  /** The latest failed tries, newest first, with their error. */
  problems: { jobId: string; state: string; attempt: number; error: string | null; at: string }[];
}

/** Every job name seen in the records or schedules, with its counts and recent failures. */
export async function listJobStatus(db: Db): Promise<JobStatus[]> {
  const counts = await selectRows<{
    name: string;
    running: number;
    done24h: number;
    retried24h: number;
    failed24h: number;
    last: string | null;
    next_run_at: string | null;
    every_ms: number | null;
  }>(
    db,
    sql`with names as (select name from job_runs union select name from job_schedules),
        recent as (select * from job_runs where started_at > now() - interval '1 day' or state = 'running')
        select n.name,
          count(r.id) filter (where r.state = 'running')::int as running,
          count(r.id) filter (where r.state = 'done')::int as "done24h",
          count(r.id) filter (where r.state = 'retried')::int as "retried24h",
          count(r.id) filter (where r.state = 'failed')::int as "failed24h",
          max(r.finished_at)::text as last,
          s.next_run_at::text as next_run_at, s.every_ms
        from names n
        left join recent r on r.name = n.name
        left join job_schedules s on s.name = n.name
        group by n.name, s.next_run_at, s.every_ms
        order by n.name`,
  );
  const problems = await selectRows<{
    name: string;
    job_id: string;
    state: string;
    attempt: number;
    error: string | null;
    at: string;
  }>(
    db,
    sql`select name, job_id, state, attempt, error, finished_at::text as at from job_runs
        where state in ('failed', 'retried') order by finished_at desc limit 200`,
  );
  return counts.map((row) => ({
    name: row.name,
    running: Number(row.running),
    done24h: Number(row.done24h),
    retried24h: Number(row.retried24h),
    failed24h: Number(row.failed24h),
    lastFinishedAt: row.last,
    nextRunAt: row.next_run_at,
    everyMs: row.every_ms === null ? null : Number(row.every_ms),
    problems: problems
      .filter((p) => p.name === row.name)
      .slice(0, 5)
      .map((p) => ({
        jobId: p.job_id,
        state: p.state,
        attempt: Number(p.attempt),
        error: p.error,
        at: p.at,
      })),
  }));
}
