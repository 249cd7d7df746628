/**
 * The jobs port: background work that modules declare in their module definition. Each job
 * has a name, a handler, retries with backoff and an optional time limit; a scheduled job
 * (`everyMs`) runs once per period however many server processes there are. Every try is
 * recorded in `job_runs` (state, attempts, last error), which `npm run admin -- jobs` reads.
 *
 * Engines: in this process by default; BullMQ on Redis when REDIS_URL is set, so any process
 * may run a job another one queued. A `local` job always runs in the process that enqueued
 * it, on either engine: it rebuilds something that lives in this process's memory.
 *
 * Order of life: `define` every job (module setup), `start` once all are defined (the server
 * does it when the app is ready), `enqueue` at any time after `define`, `close` at shutdown.
 */
import type { RedisConfig } from '../../config.js';
import type { Db } from '../database/index.js';
import { createInprocessJobs, DEFAULT_ATTEMPTS, oneLine } from './inprocess.js';
import { createRecorder, pruneRecords } from './records.js';
import { createScheduler } from './schedules.js';

export { type JobStatus, listJobStatus } from './records.js';

export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborts when the try runs past the job's time limit or the port closes. */
  signal: AbortSignal;
}

export interface JobDefinition<T = unknown> {
  /** `area.what` (letters, digits, `.`, `_`, `-`). */
  name: string;
  run(data: T, context: JobContext): Promise<void>;
  /** Tries in all, first included (default 3). */
  attempts?: number;
  /** A try running longer than this fails (and is retried). */
  timeoutMs?: number;
  /** Jobs of this name running at once in one process (default 1). */
  concurrency?: number;
  /** Run every this many milliseconds, once per period across all processes. */
  everyMs?: number;
  /** Run in the enqueuing process only (it rebuilds this process's memory). */
  local?: boolean;
}

export interface JobOptions {
  /** Tries in all, first included (the job's default otherwise). */
  attempts?: number;
  /** Wait before the first try. */
  delayMs?: number;
  /** A job enqueued twice with the same id runs once. */
  jobId?: string;
}

export type JobHandler<T = unknown> = (data: T, context: { id: string; attempt: number }) => Promise<void>;

/** What an engine runs: named handlers with retries (in-process or BullMQ). */
export interface JobRunner {
  engine: 'inprocess' | 'bullmq';
  register<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<string>;
  start(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface JobsPort {
  engine: 'inprocess' | 'bullmq';
  /** Declare a job; only before `start`. */
  define<T>(definition: JobDefinition<T>): void;
  enqueue<T>(name: string, data?: T, options?: JobOptions): Promise<string>;
  /** Start running jobs and schedules; call once every module has defined its jobs. */
  start(): Promise<void>;
  /** The names defined so far. */
  names(): string[];
  ping(): Promise<void>;
  /** Stop taking jobs, let running ones finish, release connections. */
  close(): Promise<void>;
}

export interface JobsOptions {
  redis?: RedisConfig | undefined;
  db: Db;
  /** Base of the linear backoff between tries; tests make it short. */
  backoffMs?: number;
  /** How often schedules are checked (default 1 s). */
  tickMs?: number;
}

class JobTimeout extends Error {
  override name = 'JobTimeout';
}

export async function createJobs(options: JobsOptions): Promise<JobsPort> {
  const engineOptions = { backoffMs: options.backoffMs };
  const local = createInprocessJobs(engineOptions);
  const shared: JobRunner = options.redis
    ? (await import('./bullmq.js')).createBullmqJobs(options.redis, engineOptions)
    : local;
  const recorder = createRecorder(options.db);
  const definitions = new Map<string, JobDefinition>();
  const closing = new AbortController();
  const scheduler = createScheduler(options.db, options.tickMs ?? 1000, (name, slot) =>
    port.enqueue(name, null, { jobId: `${name}@${slot}` }),
  );
  let state: 'defining' | 'started' | 'closed' = 'defining';

  const runnerOf = (definition: JobDefinition) => (definition.local ? local : shared);

  const port: JobsPort = {
    engine: shared.engine,

    define(definition) {
      if (state !== 'defining') throw new Error(`任务须在 start 之前定义：${definition.name}`);
      if (definitions.has(definition.name)) throw new Error(`任务已定义：${definition.name}`);
      const attempts = definition.attempts ?? DEFAULT_ATTEMPTS;
      definitions.set(definition.name, definition as JobDefinition);
      runnerOf(definition as JobDefinition).register(
        definition.name,
        async (data, { id, attempt }) => {
          const tryId = await recorder.start({ name: definition.name, jobId: id, attempt });
          try {
            await runWithLimit(definition as JobDefinition, data, { id, attempt }, closing.signal);
          } catch (error) {
            const isLast = attempt >= attempts || closing.signal.aborted;
            await recorder.finish(tryId, isLast ? 'failed' : 'retried', oneLine(error)).catch(() => {});
            throw error;
          }
          await recorder.finish(tryId, 'done');
        },
        { concurrency: definition.concurrency },
      );
      if (definition.everyMs) scheduler.add(definition.name, definition.everyMs);
    },

    async enqueue(name, data, jobOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`未定义的任务：${name}`);
      return runnerOf(definition).enqueue(name, data ?? null, {
        ...jobOptions,
        attempts: jobOptions.attempts ?? definition.attempts,
      });
    },

    async start() {
      if (state !== 'defining') throw new Error('任务队列已启动或已关闭');
      state = 'started';
      await local.start();
      if (shared !== local) await shared.start();
      await scheduler.start();
    },

    names: () => [...definitions.keys()],

    async ping() {
      await shared.ping();
    },

    async close() {
      if (state === 'closed') return;
      state = 'closed';
      await scheduler.stop();
      closing.abort();
      await Promise.allSettled([local.close(), shared === local ? undefined : shared.close()]);
    },
  };
  port.define({ name: 'jobs.prune-records', everyMs: 60 * 60_000, run: () => pruneRecords(options.db) });
  return port;
}

/** One try, failing with a timeout after `timeoutMs`; the handler's signal aborts with it. */
async function runWithLimit(
  definition: JobDefinition,
  data: unknown,
  context: { id: string; attempt: number },
  closing: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  const onClose = () => controller.abort();
  closing.addEventListener('abort', onClose);
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = definition.run(data, { ...context, signal: controller.signal });
    if (!definition.timeoutMs) return await run;
    const limit = definition.timeoutMs;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Rejected before the abort: a handler that stops on the signal still counts as timed out.
        reject(new JobTimeout(`超过 ${limit} 毫秒未完成`));
        controller.abort();
      }, limit);
    });
    // The handler may go on after a timeout; its signal tells it to stop.
    run.catch(() => {});
    await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
    closing.removeEventListener('abort', onClose);
  }
}
