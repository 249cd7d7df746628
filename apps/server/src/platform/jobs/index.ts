/**
 * The jobs port: named background jobs with retries. In-process by default; BullMQ on
 * Redis when REDIS_URL is set, so any server process may run a job another one queued.
 */
import type { RedisConfig } from '../../config.js';

export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler<T = unknown> = (data: T, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** Tries in all, first included (default 3). */
  attempts?: number;
  /** Wait before the first try. */
  delayMs?: number;
  /** A job enqueued twice with the same id runs once. */
  jobId?: string;
}

export interface JobsPort {
  engine: 'inprocess' | 'bullmq';
  /** Register the handler of a job name; call before `start`. */
  register<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<string>;
  /** Start running registered handlers. */
  start(): Promise<void>;
  ping(): Promise<void>;
  /** Stop taking jobs, let running ones finish, release connections. */
  close(): Promise<void>;
}

export async function createJobs(redis?: RedisConfig): Promise<JobsPort> {
  if (redis) {
    const { createBullmqJobs } = await import('./bullmq.js');
    return createBullmqJobs(redis);
  }
  const { createInprocessJobs } = await import('./inprocess.js');
  return createInprocessJobs();
}
