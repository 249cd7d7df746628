/**
 * The in-process jobs engine: a queue per job name in this process's memory, with the
 * same rules as the BullMQ engine (attempts, linear backoff, delay, id dedupe, concurrency,
 * JSON data) so a feature behaves alike on both. Jobs not yet run are lost when the process
 * stops; that is the price of needing nothing installed. Also owns the rules both engines share.
 */
import { randomUUID } from 'node:crypto';
import type { JobHandler, JobRunner } from './index.js';

export const DEFAULT_ATTEMPTS = 3;
/** Wait before retry n is n × this: long enough for a flaky remote call to recover. */
export const DEFAULT_BACKOFF_MS = 1000;
/** A finished job's id still dedupes this long (BullMQ keeps finished jobs as long). */
export const KEEP_FINISHED_MS = 60 * 60 * 1000;
export const KEEP_FINISHED_COUNT = 1000;

export interface JobsEngineOptions {
  /** Base of the linear backoff between tries; tests make it short. */
  backoffMs?: number;
  /** How long `close` waits for running jobs (their signal has aborted) before leaving them. */
  closeGraceMs?: number;
}

export const DEFAULT_CLOSE_GRACE_MS = 5000;

/** Waits for `work` at most `ms`; a job that ignores its abort signal must not hold a shutdown. */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Names end up in Redis keys on BullMQ, which refuses `:`; both engines take the same names. */
export function checkJobName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)) throw new Error(`任务名不合法：${name}`);
  return name;
}

export function checkConcurrency(concurrency: number | undefined): number {
  const value = concurrency ?? 1;
  if (!Number.isInteger(value) || value < 1) throw new Error(`并发数须为正整数：${value}`);
  return value;
}

export function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

interface QueuedJob {
  id: string;
  data: unknown;
  attempts: number;
  attempt: number;
}

interface Lane {
  name: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  waiting: QueuedJob[];
  running: number;
  /** Ids that dedupe: LIVE while queued or running, else the time the job finished. */
  ids: Map<string, number>;
  finished: number;
}

const LIVE = Number.POSITIVE_INFINITY;

export function createInprocessJobs(options: JobsEngineOptions = {}): JobRunner {
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const lanes = new Map<string, Lane>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let state: 'registering' | 'started' | 'closed' = 'registering';

  function prune(lane: Lane): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    // Finished ids are re-inserted when they finish, so the oldest come first.
    for (const [id, finishedAt] of lane.ids) {
      if (finishedAt === LIVE) continue;
      if (finishedAt > cutoff && lane.finished <= KEEP_FINISHED_COUNT) break;
      lane.ids.delete(id);
      lane.finished -= 1;
    }
  }

  function finish(lane: Lane, id: string): void {
    lane.ids.delete(id);
    lane.ids.set(id, Date.now());
    lane.finished += 1;
    prune(lane);
  }

  function schedule(lane: Lane, job: QueuedJob, delayMs: number): void {
    if (state === 'closed') return;
    if (delayMs <= 0) {
      lane.waiting.push(job);
      pump(lane);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      lane.waiting.push(job);
      pump(lane);
    }, delayMs);
    timers.add(timer);
  }

  async function runOnce(lane: Lane, job: QueuedJob): Promise<void> {
    job.attempt += 1;
    try {
      await lane.handler(job.data, { id: job.id, attempt: job.attempt });
      finish(lane, job.id);
    } catch (error) {
      // Closing cancels the retry; the job is reported as given up rather than vanishing.
      if (job.attempt < job.attempts && state !== 'closed') {
        schedule(lane, job, backoffMs * job.attempt);
        return;
      }
      finish(lane, job.id);
      console.error(`[jobs] ${lane.name} ${job.id} 第 ${job.attempt} 次尝试后放弃：${oneLine(error)}`);
    }
  }

  function pump(lane: Lane): void {
    if (state !== 'started') return;
    while (lane.running < lane.concurrency && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.running += 1;
      const run: Promise<void> = runOnce(lane, job).finally(() => {
        lane.running -= 1;
        running.delete(run);
        pump(lane);
      });
      running.add(run);
    }
  }

  return {
    engine: 'inprocess',

    register(name, handler, registerOptions) {
      if (state !== 'registering') throw new Error(`任务须在 start 之前注册：${name}`);
      if (lanes.has(checkJobName(name))) throw new Error(`任务已注册：${name}`);
      lanes.set(name, {
        name,
        handler: handler as JobHandler<unknown>,
        concurrency: checkConcurrency(registerOptions?.concurrency),
        waiting: [],
        running: 0,
        ids: new Map(),
        finished: 0,
      });
    },

    async enqueue(name, data, jobOptions = {}) {
      if (state === 'closed') throw new Error('任务队列已关闭');
      const lane = lanes.get(name);
      // A typo in a job name would otherwise queue work nobody ever runs.
      if (!lane) throw new Error(`未注册的任务：${name}`);
      const id = jobOptions.jobId ?? randomUUID();
      prune(lane);
      if (lane.ids.has(id)) return id;
      lane.ids.set(id, LIVE);
      // Through JSON as BullMQ stores it, so a handler never sees a Date or a shared object here
      // that it would not see in production.
      const copy: unknown = JSON.parse(JSON.stringify(data ?? null));
      const attempts = Math.max(1, Math.floor(jobOptions.attempts ?? DEFAULT_ATTEMPTS));
      schedule(lane, { id, data: copy, attempts, attempt: 0 }, jobOptions.delayMs ?? 0);
      return id;
    },

    async start() {
      if (state !== 'registering') throw new Error('任务队列已启动或已关闭');
      state = 'started';
      for (const lane of lanes.values()) pump(lane);
    },

    async ping() {},

    async close() {
      if (state === 'closed') return;
      state = 'closed';
      let dropped = timers.size;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const lane of lanes.values()) {
        dropped += lane.waiting.length;
        lane.waiting = [];
      }
      if (dropped > 0) console.warn(`[jobs] 关闭时丢弃 ${dropped} 个尚未运行的进程内任务`);
      const stopped = await waitAtMost(
        Promise.allSettled([...running]),
        options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS,
      );
      if (!stopped) console.warn(`[jobs] 关闭时仍有 ${running.size} 个任务在运行，不再等待`);
    },
  };
}
