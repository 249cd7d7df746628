/**
 * Scheduled jobs: each has a row in `job_schedules` with its next slot. A process whose clock
 * reaches the slot claims it with one conditional update (`next_run_at <= now()`), so exactly
 * one process enqueues each slot however many are running, on PGlite or PostgreSQL, with or
 * without Redis. Between slots a process asks at most every RECHECK_MS (a slot moved by
 * hand, `update job_schedules set next_run_at = now()`, runs within that time).
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../database/index.js';
import { oneLine } from './inprocess.js';

const RECHECK_MS = 5000;

interface Entry {
  everyMs: number;
  /** Epoch ms of the next slot as last read; the database decides. */
  nextAt: number;
}

export function createScheduler(
  db: Db,
  tickMs: number,
  enqueue: (name: string, slot: number) => Promise<unknown>,
) {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let isStopped = false;

  async function claim(name: string, entry: Entry) {
    const [row] = await selectRows<{ claimed: boolean; next_ms: string; slot_ms: string }>(
      db,
      sql`with claimed as (
            update job_schedules
            set next_run_at = now() + every_ms * interval '1 millisecond', last_run_at = now()
            where name = ${name} and next_run_at <= now()
            returning next_run_at, last_run_at)
          select true as claimed, (extract(epoch from next_run_at) * 1000)::bigint::text as next_ms,
                 (extract(epoch from last_run_at) * 1000)::bigint::text as slot_ms from claimed
          union all
          select false, (extract(epoch from next_run_at) * 1000)::bigint::text, '0' from job_schedules
          where name = ${name} and not exists (select 1 from claimed)`,
    );
    if (!row) return;
    entry.nextAt = Math.min(Number(row.next_ms), Date.now() + RECHECK_MS);
    if (row.claimed) await enqueue(name, Math.floor(Number(row.slot_ms) / entry.everyMs));
  }

  async function tick() {
    const now = Date.now();
    for (const [name, entry] of entries) {
      if (isStopped) return;
      if (entry.nextAt > now) continue;
      try {
        await claim(name, entry);
      } catch (error) {
        // The database may be away for a moment; the next tick tries again.
        entry.nextAt = now + tickMs;
        console.error(`[jobs] 定时任务 ${name} 调度失败：${oneLine(error)}`);
      }
    }
  }

  return {
    add(name: string, everyMs: number) {
      if (!Number.isInteger(everyMs) || everyMs < 1000)
        throw new Error(`定时任务间隔须为至少 1000 毫秒的整数：${name}`);
      entries.set(name, { everyMs, nextAt: 0 });
    },
    async start() {
      for (const [name, { everyMs }] of entries) {
        // The first slot is one period after the first process starts; a changed period applies now.
        await db.execute(sql`
          insert into job_schedules (name, every_ms, next_run_at)
          values (${name}, ${everyMs}, now() + ${everyMs}::int * interval '1 millisecond')
          on conflict (name) do update set every_ms = excluded.every_ms,
            next_run_at = least(job_schedules.next_run_at, excluded.next_run_at)`);
      }
      if (entries.size === 0) return;
      timer = setInterval(() => {
        ticking ??= tick().finally(() => {
          ticking = undefined;
        });
      }, tickMs);
      timer.unref();
    },
    /** Stops ticking and waits for a claim under way (so its enqueue lands before the queue closes). */
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await ticking;
    },
  };
}
