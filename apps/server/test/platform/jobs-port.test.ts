/**
 * The jobs port as modules use it: defined jobs, the record of every try in `job_runs`
 * (failed jobs keep their error), time limits, local jobs, and schedules that run once per
 * period however many processes there are. On PGlite always; on PostgreSQL, with the
 * in-process engine and with BullMQ, where those answer.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type DatabasePort, selectRows } from '../../src/platform/database/index.js';
import { createJobs, type JobsPort, listJobStatus } from '../../src/platform/jobs/index.js';
import { pgTemplateName } from '../global-setup.js';
import { openTemplatePglite } from '../helpers/app.js';
import {
  createTestPgDatabase,
  hasPostgres,
  hasRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../helpers/engines.js';

const until = (check: () => void | Promise<void>, timeout = 8000) =>
  vi.waitFor(check, { timeout, interval: 20 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  name: string;
  skip: boolean;
  /** Opens a database; `drop` removes it. */
  database(): Promise<{ database: DatabasePort; url?: string; drop(): Promise<void> }>;
  redis: boolean;
}

const setups: Setup[] = [
  {
    name: 'PGlite, in process',
    skip: false,
    redis: false,
    async database() {
      const database = await openTemplatePglite();
      return { database, drop: async () => {} };
    },
  },
  {
    name: 'PostgreSQL, BullMQ',
    skip: !hasPostgres || !hasRedis,
    redis: true,
    async database() {
      const pg = await createTestPgDatabase({ template: await pgTemplateName() });
      const database = await createDatabase({ url: pg.url, pgliteDir: '' });
      return { database, url: pg.url, drop: () => pg.drop() };
    },
  },
];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openJobs(setup: Setup, shared?: { url?: string; prefix?: string; database?: DatabasePort }) {
  let database = shared?.database;
  let url: string | undefined;
  if (!database) {
    const opened = await setup.database();
    database = opened.database;
    url = opened.url;
    cleanups.push(async () => {
      await opened.database.close();
      await opened.drop();
    });
  }
  const prefix = shared?.prefix ?? testRedisPrefix();
  const jobs = await createJobs({
    db: database.db,
    redis: setup.redis ? { url: TEST_REDIS_URL, prefix } : undefined,
    backoffMs: 20,
    tickMs: 50,
  });
  cleanups.push(() => jobs.close());
  return { jobs, database, prefix, url };
}

/** The tries of a job name, in the order they started. */
const triesOf = (database: DatabasePort, name: string) =>
  selectRows<{ job_id: string; state: string; attempt: number; error: string | null }>(
    database.db,
    sql`select job_id, state, attempt, error from job_runs where name = ${name} order by id`,
  );

for (const setup of setups) {
  describe.skipIf(setup.skip)(`jobs port on ${setup.name}`, () => {
    it('records a finished job as done with its tries', async () => {
      const { jobs, database } = await openJobs(setup);
      let tries = 0;
      jobs.define({
        name: 'test.flaky',
        run: async () => {
          tries += 1;
          if (tries < 2) throw new Error('first try fails');
        },
      });
      await jobs.start();
      const id = await jobs.enqueue('test.flaky', { a: 1 }, { jobId: 'one' });
      expect(id).toBe('one');
      await until(async () =>
        expect(await triesOf(database, 'test.flaky')).toMatchObject([
          { job_id: 'one', attempt: 1, state: 'retried', error: 'Error: first try fails' },
          { job_id: 'one', attempt: 2, state: 'done', error: null },
        ]),
      );
    });

    it('keeps the error of a job that failed its last try', async () => {
      const { jobs, database } = await openJobs(setup);
      jobs.define({
        name: 'test.broken',
        attempts: 2,
        run: async () => {
          throw new Error('磁盘已满');
        },
      });
      await jobs.start();
      await jobs.enqueue('test.broken', null, { jobId: 'b1' });
      await until(async () =>
        expect((await triesOf(database, 'test.broken')).map((t) => t.state)).toEqual(['retried', 'failed']),
      );
      const tries = await triesOf(database, 'test.broken');
      expect(tries[1]?.error).toContain('磁盘已满');
      const status = await listJobStatus(database.db);
      expect(status.find((s) => s.name === 'test.broken')).toMatchObject({
        retried24h: 1,
        failed24h: 1,
        problems: [
          { jobId: 'b1', state: 'failed', attempt: 2 },
          { jobId: 'b1', state: 'retried', attempt: 1 },
        ],
      });
    });

    it('fails a try that runs past its time limit and aborts its signal', async () => {
      const { jobs, database } = await openJobs(setup);
      let aborted = 0;
      jobs.define({
        name: 'test.slow',
        attempts: 1,
        timeoutMs: 100,
        run: (_data, { signal }) =>
          new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              aborted += 1;
              resolve();
            });
          }),
      });
      await jobs.start();
      await jobs.enqueue('test.slow', null, { jobId: 's1' });
      await until(async () =>
        expect(await triesOf(database, 'test.slow')).toMatchObject([{ state: 'failed' }]),
      );
      expect((await triesOf(database, 'test.slow'))[0]?.error).toContain('超过 100 毫秒未完成');
      expect(aborted).toBe(1);
    });

    it('refuses a job that was never defined, and definitions after start', async () => {
      const { jobs } = await openJobs(setup);
      await jobs.start();
      await expect(jobs.enqueue('test.nobody', null)).rejects.toThrow('未定义的任务');
      expect(() => jobs.define({ name: 'test.late', run: async () => {} })).toThrow('start 之前');
    });

    it('runs a scheduled job once per period across two processes', async () => {
      const first = await openJobs(setup);
      // The second process shares the database (and Redis, with BullMQ) but not memory.
      const secondDb = first.url ? await createDatabase({ url: first.url, pgliteDir: '' }) : undefined;
      const second = await openJobs(setup, { prefix: first.prefix, database: secondDb ?? first.database });
      if (secondDb) cleanups.push(() => secondDb.close());
      const ran: string[] = [];
      for (const [label, { jobs }] of [
        ['A', first],
        ['B', second],
      ] as const) {
        jobs.define({
          name: 'test.tick',
          everyMs: 1000,
          run: async (_data, { id }) => {
            ran.push(`${label}:${id}`);
          },
        });
      }
      // Due now: make the slot start in the past for both processes.
      await first.jobs.start();
      await second.jobs.start();
      await first.database.db.execute(
        sql`update job_schedules set next_run_at = now() where name = 'test.tick'`,
      );
      await until(() => expect(ran.length).toBeGreaterThanOrEqual(2), 6000);
      await sleep(300);
      const ids = ran.map((r) => r.split(':').slice(1).join(':'));
      // Each slot ran once, whichever process claimed it; the record shows one try per slot.
      expect(new Set(ids).size).toBe(ids.length);
      const tries = await triesOf(first.database, 'test.tick');
      expect(new Set(tries.map((t) => t.job_id)).size).toBe(tries.length);
    });
  });
}

describe('jobs port: local jobs', () => {
  it.skipIf(!hasRedis)('runs a local job in the enqueuing process even on BullMQ', async () => {
    const database = await openTemplatePglite();
    const jobs: JobsPort = await createJobs({
      db: database.db,
      redis: { url: TEST_REDIS_URL, prefix: testRedisPrefix() },
      backoffMs: 20,
    });
    try {
      const seen: number[] = [];
      jobs.define({
        name: 'test.rebuild',
        local: true,
        run: async (data: { n: number }) => void seen.push(data.n),
      });
      await jobs.start();
      await jobs.enqueue('test.rebuild', { n: 7 });
      await until(() => expect(seen).toEqual([7]));
      expect(jobs.engine).toBe('bullmq');
    } finally {
      await jobs.close();
      await database.close();
    }
  });
});
