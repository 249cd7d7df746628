/**
 * The jobs port's contract, run against both engines: in-process always, BullMQ where Redis
 * answers (each test under its own key prefix, deleted afterwards).
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBullmqJobs } from '../../src/platform/jobs/bullmq.js';
import type { JobRunner } from '../../src/platform/jobs/index.js';
import { createInprocessJobs } from '../../src/platform/jobs/inprocess.js';
import { hasRedis, TEST_REDIS_URL, testRedisPrefix } from '../helpers/engines.js';

const BACKOFF_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (check: () => void, timeout = 5000) => vi.waitFor(check, { timeout, interval: 10 });

/** A promise the test resolves by hand, to hold a job in its handler. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

interface Engine {
  name: string;
  skip: boolean;
  /** Opens an engine; `cleanup` runs after it is closed. */
  open(): { jobs: JobRunner; cleanup(): Promise<void> };
}

let redis: Redis | undefined;

async function deleteKeys(prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis!.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis!.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

const engines: Engine[] = [
  {
    name: 'inprocess',
    skip: false,
    open: () => ({ jobs: createInprocessJobs({ backoffMs: BACKOFF_MS }), cleanup: async () => {} }),
  },
  {
    name: 'bullmq',
    skip: !hasRedis,
    open() {
      const prefix = testRedisPrefix();
      return {
        jobs: createBullmqJobs({ url: TEST_REDIS_URL, prefix }, { backoffMs: BACKOFF_MS }),
        async cleanup() {
          await deleteKeys(prefix);
          expect(await redis!.keys(`${prefix}:*`)).toEqual([]);
        },
      };
    },
  },
];

beforeAll(() => {
  if (hasRedis) redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await redis?.quit();
});

for (const engine of engines) {
  describe.skipIf(engine.skip)(`jobs on ${engine.name}`, () => {
    let jobs: JobRunner;
    let cleanup: () => Promise<void>;
    let consoleError: ReturnType<typeof vi.spyOn>;

    beforeEach(() => {
      ({ jobs, cleanup } = engine.open());
      consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    });

    afterEach(async () => {
      await jobs.close();
      await cleanup();
      consoleError.mockRestore();
    });

    it('runs a job with its data passed as JSON', async () => {
      const seen: { data: unknown; context: { id: string; attempt: number } }[] = [];
      jobs.register<{ n: number; at: Date }>('mail.send', async (data, context) => {
        seen.push({ data, context });
      });
      await jobs.start();
      const id = await jobs.enqueue('mail.send', { n: 1, at: new Date(Date.UTC(2026, 0, 2)) });
      await until(() => expect(seen).toHaveLength(1));
      // A Date arrives as its JSON string on both engines.
      expect(seen[0]!.data).toEqual({ n: 1, at: '2026-01-02T00:00:00.000Z' });
      expect(seen[0]!.context).toEqual({ id, attempt: 1 });
      expect(consoleError).not.toHaveBeenCalled();
    });

    it('holds jobs enqueued before start until start', async () => {
      const ran: number[] = [];
      jobs.register<number>('ocr.bcard', async (n) => {
        ran.push(n);
      });
      await jobs.enqueue('ocr.bcard', 1);
      await sleep(150);
      expect(ran).toEqual([]);
      await jobs.start();
      await until(() => expect(ran).toEqual([1]));
    });

    it('runs a job enqueued twice with the same id once', async () => {
      const held = gate();
      const runs: string[] = [];
      jobs.register<string>('pay.notify', async (data) => {
        runs.push(data);
        await held.opened;
      });
      await jobs.start();
      const first = await jobs.enqueue('pay.notify', 'first', { jobId: 'order:20260102:1' });
      await until(() => expect(runs).toEqual(['first']));
      // While it runs, and after it finished: the same id adds nothing.
      expect(await jobs.enqueue('pay.notify', 'second', { jobId: 'order:20260102:1' })).toBe(first);
      held.open();
      await sleep(100);
      expect(await jobs.enqueue('pay.notify', 'third', { jobId: 'order:20260102:1' })).toBe(first);
      await jobs.enqueue('pay.notify', 'other', { jobId: 'order:20260102:2' });
      await until(() => expect(runs).toEqual(['first', 'other']));
      await sleep(150);
      expect(runs).toEqual(['first', 'other']);
      expect(first).toBe('order:20260102:1');
    });

    it('takes any string as a job id, numbers included', async () => {
      const ids: string[] = [];
      jobs.register('report.build', async (_data, { id }) => {
        ids.push(id);
      });
      await jobs.start();
      await jobs.enqueue('report.build', null, { jobId: '42' });
      await jobs.enqueue('report.build', null, { jobId: '项目/a b:c%20' });
      await until(() => expect(ids.sort()).toEqual(['42', '项目/a b:c%20']));
    });

    it('retries a failing job until it succeeds', async () => {
      const attempts: number[] = [];
      jobs.register('sms.send', async (_data, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`网关超时 ${attempt}`);
      });
      await jobs.start();
      await jobs.enqueue('sms.send', { phone: '13800000000' });
      await until(() => expect(attempts).toEqual([1, 2, 3]));
      await sleep(150);
      expect(attempts).toEqual([1, 2, 3]);
      expect(consoleError).not.toHaveBeenCalled();
    });

    it('waits longer before each retry', async () => {
      const times: number[] = [];
      jobs.register('sms.slow', async () => {
        times.push(Date.now());
        throw new Error('down');
      });
      await jobs.start();
      await jobs.enqueue('sms.slow', null, { attempts: 3 });
      await until(() => expect(times).toHaveLength(3));
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(BACKOFF_MS - 5);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 5);
    });

    it('gives up after the last attempt and logs one line without crashing', async () => {
      let calls = 0;
      jobs.register('llm.summary', async () => {
        calls += 1;
        throw new Error('模型不可用\n第二行');
      });
      await jobs.start();
      await jobs.enqueue('llm.summary', {}, { attempts: 2, jobId: 'sum-1' });
      await until(() => expect(consoleError).toHaveBeenCalledTimes(1));
      await sleep(150);
      expect(calls).toBe(2);
      expect(consoleError).toHaveBeenCalledTimes(1);
      const line = String(consoleError.mock.calls[0]![0]);
      expect(line).toContain('llm.summary');
      expect(line).toContain('sum-1');
      expect(line).toContain('模型不可用 第二行');
      expect(line).not.toContain('\n');
      // The engine still runs jobs afterwards.
      await jobs.enqueue('llm.summary', {}, { attempts: 1 });
      await until(() => expect(calls).toBe(3));
    });

    it('tries three times by default', async () => {
      let calls = 0;
      jobs.register('ocr.page', async () => {
        calls += 1;
        throw new Error('bad page');
      });
      await jobs.start();
      await jobs.enqueue('ocr.page', {});
      await until(() => expect(consoleError).toHaveBeenCalledTimes(1));
      expect(calls).toBe(3);
    });

    it('delays a job', async () => {
      let ranAt = 0;
      jobs.register('reminder', async () => {
        ranAt = Date.now();
      });
      await jobs.start();
      const enqueuedAt = Date.now();
      await jobs.enqueue('reminder', {}, { delayMs: 400 });
      await sleep(200);
      expect(ranAt).toBe(0);
      await until(() => expect(ranAt).toBeGreaterThan(0));
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(390);
    });

    it('runs one job of a name at a time by default', async () => {
      let active = 0;
      let most = 0;
      let done = 0;
      jobs.register('serial', async () => {
        active += 1;
        most = Math.max(most, active);
        await sleep(40);
        active -= 1;
        done += 1;
      });
      await jobs.start();
      for (let i = 0; i < 4; i++) await jobs.enqueue('serial', i);
      await until(() => expect(done).toBe(4));
      expect(most).toBe(1);
    });

    it('runs up to the registered concurrency at once', async () => {
      let active = 0;
      let most = 0;
      let done = 0;
      jobs.register(
        'parallel',
        async () => {
          active += 1;
          most = Math.max(most, active);
          await sleep(80);
          active -= 1;
          done += 1;
        },
        { concurrency: 3 },
      );
      await jobs.start();
      for (let i = 0; i < 6; i++) await jobs.enqueue('parallel', i);
      await until(() => expect(done).toBe(6));
      expect(most).toBe(3);
    });

    it('close waits for a running job', async () => {
      let started = false;
      let finished = false;
      jobs.register('long', async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await jobs.start();
      await jobs.enqueue('long', {});
      await until(() => expect(started).toBe(true));
      await jobs.close();
      expect(finished).toBe(true);
      await expect(jobs.enqueue('long', {})).rejects.toThrow();
    });

    it('refuses unknown names and registration after start', async () => {
      jobs.register('known', async () => {});
      expect(() => jobs.register('known', async () => {})).toThrow();
      expect(() => jobs.register('bad:name', async () => {})).toThrow();
      await jobs.start();
      await expect(jobs.enqueue('unknown', {})).rejects.toThrow('未注册的任务');
      expect(() => jobs.register('late', async () => {})).toThrow();
    });

    it('answers ping', async () => {
      jobs.register('p', async () => {});
      await expect(jobs.ping()).resolves.toBeUndefined();
    });
  });
}

describe.skipIf(!hasRedis)('jobs on bullmq across processes', () => {
  const prefixes: string[] = [];
  const opened: JobRunner[] = [];
  const open = (prefix: string) => {
    const jobs = createBullmqJobs({ url: TEST_REDIS_URL, prefix }, { backoffMs: BACKOFF_MS });
    opened.push(jobs);
    return jobs;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
    for (const prefix of prefixes.splice(0)) await deleteKeys(prefix);
  });

  it('runs in one process a job another one queued', async () => {
    const prefix = testRedisPrefix();
    prefixes.push(prefix);
    const web = open(prefix);
    const worker = open(prefix);
    const ran: string[] = [];
    web.register('ocr.bcard', async () => {
      ran.push('web');
    });
    worker.register<string>('ocr.bcard', async (data) => {
      ran.push(`worker:${data}`);
    });
    // The web process never starts its workers; only the other process runs jobs.
    await worker.start();
    await web.enqueue('ocr.bcard', 'card-1');
    await until(() => expect(ran).toEqual(['worker:card-1']));
  });

  it('keeps its keys under the configured prefix, apart from another prefix', async () => {
    const [mine, theirs] = [testRedisPrefix(), testRedisPrefix()];
    prefixes.push(mine, theirs);
    const a = open(mine);
    const b = open(theirs);
    const ranInB: unknown[] = [];
    a.register('mail.send', async () => {});
    b.register('mail.send', async (data) => {
      ranInB.push(data);
    });
    await b.start();
    await a.enqueue('mail.send', { to: 'a' }, { jobId: 'm1' });
    expect(await redis!.keys(`${mine}:jobs:mail.send:*`)).not.toEqual([]);
    expect(await redis!.exists('bull:mail.send:meta')).toBe(0);
    await sleep(200);
    expect(ranInB).toEqual([]);
  });
});

describe('jobs on bullmq while Redis is away', () => {
  it('fails an enqueue instead of hanging', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Port 9 (discard) on 127.0.0.1 refuses connections.
    const jobs = createBullmqJobs({ url: 'redis://127.0.0.1:9', prefix: testRedisPrefix() });
    try {
      jobs.register('mail.send', async () => {});
      const started = Date.now();
      await expect(jobs.enqueue('mail.send', {})).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(jobs.start()).rejects.toThrow();
    } finally {
      await jobs.close();
      consoleError.mockRestore();
    }
  });
});
