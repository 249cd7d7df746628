/**
 * The BullMQ jobs engine: a Queue and (after `start`) a Worker per job name on Redis, so any
 * server process may run a job another one queued. Keys live under `<REDIS_PREFIX>:jobs:`,
 * beside the bus's `<REDIS_PREFIX>:bus:`, so several deployments or test runs share a Redis.
 */
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { RedisConfig } from '../../config.js';
import type { JobHandler, JobRunner } from './index.js';
import {
  checkConcurrency,
  checkJobName,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_CLOSE_GRACE_MS,
  type JobsEngineOptions,
  KEEP_FINISHED_COUNT,
  KEEP_FINISHED_MS,
  oneLine,
  waitAtMost,
} from './inprocess.js';

/**
 * BullMQ refuses custom ids that look like integers (they clash with its own counter) or hold
 * a `:`, both natural in ours (`order:2026...`), so ids are stored encoded and marked.
 */
const ID_MARK = 'j-';
const toBullId = (id: string) => `${ID_MARK}${encodeURIComponent(id)}`;
const fromBullId = (id: string | undefined) =>
  id?.startsWith(ID_MARK) ? decodeURIComponent(id.slice(ID_MARK.length)) : (id ?? '');

interface Registered {
  handler: JobHandler<unknown>;
  concurrency: number;
  queue: Queue;
}

export function createBullmqJobs(redis: RedisConfig, options: JobsEngineOptions = {}): JobRunner {
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const prefix = `${redis.prefix}:jobs`;
  // Producer side (queues, ping): give up on a command after a few retries, so a request that
  // enqueues fails while Redis is away instead of hanging.
  const producer = new Redis(redis.url, { maxRetriesPerRequest: 3 });
  // Workers block on Redis and must retry forever (BullMQ requires maxRetriesPerRequest: null).
  // BullMQ duplicates this client for each worker and closes the copies; lazyConnect keeps the
  // template itself from ever opening a socket.
  const workerTemplate = new Redis(redis.url, { maxRetriesPerRequest: null, lazyConnect: true });
  // ioredis retries on its own; a listener keeps a lost connection from being an unhandled 'error'.
  producer.on('error', () => {});
  workerTemplate.on('error', () => {});

  const registered = new Map<string, Registered>();
  const workers: Worker[] = [];
  let state: 'registering' | 'started' | 'closed' = 'registering';

  // While Redis is away every reconnect fails the same way; one line per change is enough.
  const lastErrors = new Map<string, string>();
  const logError = (source: string) => (error: Error) => {
    const line = oneLine(error);
    if (lastErrors.get(source) === line) return;
    lastErrors.set(source, line);
    console.error(`[jobs] ${source}：${line}`);
  };

  return {
    engine: 'bullmq',

    register(name, handler, registerOptions) {
      if (state !== 'registering') throw new Error(`任务须在 start 之前注册：${name}`);
      if (registered.has(checkJobName(name))) throw new Error(`任务已注册：${name}`);
      // Without skipWaitingForReady `add` waits for Redis indefinitely; with it the producer's
      // few retries apply and an enqueue fails while Redis is away.
      const queue = new Queue(name, { connection: producer, prefix, skipWaitingForReady: true });
      queue.on('error', logError(`队列 ${name}`));
      registered.set(name, {
        handler: handler as JobHandler<unknown>,
        concurrency: checkConcurrency(registerOptions?.concurrency),
        queue,
      });
    },

    async enqueue(name, data, jobOptions = {}) {
      if (state === 'closed') throw new Error('任务队列已关闭');
      const entry = registered.get(name);
      if (!entry) throw new Error(`未注册的任务：${name}`);
      // With an id already waiting, running or kept as finished, BullMQ returns that job and adds none.
      const job = await entry.queue.add(name, data ?? null, {
        jobId: jobOptions.jobId === undefined ? undefined : toBullId(jobOptions.jobId),
        attempts: Math.max(1, Math.floor(jobOptions.attempts ?? DEFAULT_ATTEMPTS)),
        delay: jobOptions.delayMs,
        backoff: { type: 'linear' },
        // Finished jobs are kept as long as the in-process engine remembers ids, for the same dedupe.
        removeOnComplete: { age: KEEP_FINISHED_MS / 1000, count: KEEP_FINISHED_COUNT },
        removeOnFail: { age: KEEP_FINISHED_MS / 1000, count: KEEP_FINISHED_COUNT },
      });
      return fromBullId(job.id);
    },

    async start() {
      if (state !== 'registering') throw new Error('任务队列已启动或已关闭');
      state = 'started';
      for (const [name, { handler, concurrency }] of registered) {
        const worker = new Worker(
          name,
          async (job: Job) => {
            await handler(job.data, { id: fromBullId(job.id), attempt: job.attemptsMade + 1 });
          },
          {
            connection: workerTemplate,
            prefix,
            concurrency,
            settings: { backoffStrategy: (attemptsMade: number) => backoffMs * attemptsMade },
          },
        );
        worker.on('error', logError(`执行器 ${name}`));
        worker.on('failed', (job, error) => {
          // 'failed' fires on every failed try; only the last one is worth a line.
          if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
          console.error(
            `[jobs] ${name} ${fromBullId(job.id)} 第 ${job.attemptsMade} 次尝试后放弃：${oneLine(error)}`,
          );
        });
        workers.push(worker);
      }
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    },

    async ping() {
      await producer.ping();
    },

    async close() {
      if (state === 'closed') return;
      state = 'closed';
      // Workers first: `close()` without force waits for the jobs they are running.
      const grace = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
      const stopped = await waitAtMost(Promise.allSettled(workers.map((worker) => worker.close())), grace);
      // A job that ignores its signal is left; BullMQ hands it to another worker when its lock expires.
      if (!stopped) await Promise.allSettled(workers.map((worker) => worker.close(true)));
      await Promise.allSettled([...registered.values()].map(({ queue }) => queue.close()));
      await Promise.allSettled([producer.quit()]);
      workerTemplate.disconnect();
    },
  };
}
