/**
 * Something a server process keeps in memory that is built from the whole library (the
 * search index, the match index): built by a `local` job on the jobs port, since each
 * process holds its own copy, and dropped the moment the library is announced as changed
 * (`library.changed`), so nothing it answers is older than the last announcement.
 *
 * Eager (a server): built when the server is ready and again shortly after every change,
 * without anyone asking. Otherwise (tests, whose fixtures are written after the app starts):
 * built when first asked for. Every build is one job run, recorded in `job_runs`. Changes
 * are counted in generations; a build overtaken by a change stops at its next check
 * (`isStale`); the job id is the generation, so asking twice for one build queues it once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition, JobsPort } from '../../platform/jobs/index.js';

export interface MirrorOptions<T> {
  /** The rebuild job's name (`area.rebuild-what`). */
  job: string;
  jobs: Pick<JobsPort, 'enqueue'>;
  eager: boolean;
  /** Builds the value; checks `isStale()` now and then and may stop (throw) once it is true. */
  build(isStale: () => boolean): Promise<T>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  /** What the "ready" log line says about a value (sizes, build time). */
  describe?(value: T): object;
  /** Called once a value is published (after the "ready" log line). */
  published?(value: T): void;
  timing?: MirrorTiming;
}

export interface MirrorTiming {
  /** Wait after the server is ready before the first build (let start-up requests through). */
  startDelayMs: number;
  /** Wait after a change before rebuilding: a burst of changes costs one build. */
  rebuildDelayMs: number;
  /** After a failed build, values asked for in passing (`ready`) wait this long before trying again. */
  retryAfterMs: number;
}

const DEFAULT_TIMING: MirrorTiming = { startDelayMs: 500, rebuildDelayMs: 250, retryAfterMs: 30_000 };

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

export class LibraryMirror<T> {
  private value: T | undefined;
  private builtAt = 0;
  /** Bumped by every change (and by a refresh or a failure): a build of an older one is stale. */
  private generation = 0;
  /** The generation whose build is queued or running, if any. */
  private queued: number | undefined;
  private started = false;
  private stopped = false;
  private failedAt: number | undefined;
  private waiters: Waiter<T>[] = [];

  constructor(private readonly options: MirrorOptions<T>) {}

  private get timing(): MirrorTiming {
    return this.options.timing ?? DEFAULT_TIMING;
  }

  /** The job to declare in the module's setup. */
  job(): JobDefinition<{ generation: number }> {
    return {
      name: this.options.job,
      local: true,
      // A failed build is tried again when next asked for, not by the queue.
      attempts: 1,
      run: (data, { signal }) => this.run(data.generation, signal),
    };
  }

  /** The server is ready: an eager mirror starts its first build. */
  start(): void {
    this.started = true;
    if (this.options.eager && this.value === undefined) this.request(this.timing.startDelayMs);
  }

  /** The library changed: forget the value now, build the next one (soon, or when asked for). */
  invalidate(): void {
    this.generation++;
    this.value = undefined;
    this.failedAt = undefined;
    if (this.options.eager && this.started) this.request(this.timing.rebuildDelayMs);
    else if (this.waiters.length) this.request(0);
  }

  /** Build again while the current value keeps answering (for changes nobody announces). */
  refresh(): void {
    if (this.value === undefined || this.queued !== undefined) return;
    this.generation++;
    this.request(0);
  }

  /** The value if one is ready, else undefined (the caller takes the slow path); may ask for a build. */
  ready(): T | undefined {
    if (this.value !== undefined) return this.value;
    const failedLately = this.failedAt !== undefined && Date.now() - this.failedAt < this.timing.retryAfterMs;
    if (!failedLately) this.request(0);
    return undefined;
  }

  /** Resolves with a value of the current generation, asking for a build if none is queued. */
  whenReady(): Promise<T> {
    if (this.value !== undefined) return Promise.resolve(this.value);
    const ready = new Promise<T>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.request(0);
    return ready;
  }

  /** How old the current value is, in ms (0 when there is none). */
  get age(): number {
    return this.value === undefined ? 0 : Date.now() - this.builtAt;
  }

  stop(): void {
    this.stopped = true;
    this.value = undefined;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('服务正在关闭'));
  }

  private request(delayMs: number): void {
    if (this.stopped || this.queued === this.generation) return;
    const generation = this.generation;
    this.queued = generation;
    this.options.jobs
      .enqueue(this.options.job, { generation }, { jobId: `generation-${generation}`, delayMs })
      .catch((error: unknown) => {
        // Not queued (the port is closing): a later ask may queue it again.
        if (this.queued === generation) this.queued = undefined;
        for (const waiter of this.waiters.splice(0)) waiter.reject(error);
      });
  }

  private async run(generation: number, signal: AbortSignal): Promise<void> {
    const isStale = () => this.stopped || signal.aborted || this.generation !== generation;
    try {
      if (isStale()) return;
      const value = await this.options.build(isStale);
      if (isStale()) return;
      this.value = value;
      this.builtAt = Date.now();
      this.failedAt = undefined;
      this.options.log?.info(
        { event: `${this.options.job}.ready`, ...this.options.describe?.(value) },
        `${this.options.job} ready`,
      );
      for (const waiter of this.waiters.splice(0)) waiter.resolve(value);
      this.options.published?.(value);
    } catch (error) {
      if (isStale()) return;
      this.failedAt = Date.now();
      // A new generation, so the next ask queues a new build instead of finding this one done.
      this.generation++;
      for (const waiter of this.waiters.splice(0)) waiter.reject(error);
      this.options.log?.warn(
        { event: `${this.options.job}.failed`, err: error },
        `${this.options.job} failed`,
      );
      throw error;
    } finally {
      if (this.queued === generation) this.queued = undefined;
      // Overtaken by a change that queued nothing (not eager): the waiters still need a value.
      if (!this.stopped && this.value === undefined && this.waiters.length) this.request(0);
    }
  }
}
