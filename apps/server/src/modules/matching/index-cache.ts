/**
 * One match index per database per process (a `LibraryMirror`), shared by every request:
 * built by the job `matching.rebuild-index` once the server is ready and again after every
 * library change (under tests: at the first match after a change). A change drops it at
 * once, so a match waits for the new one rather than answer from an older library. An
 * index older than MATCH_INDEX_MAX_AGE_MS is rebuilt while the old one keeps answering
 * (projects users add between announcements show up within that time).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BusPort } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import type { JobsPort } from '../../platform/jobs/index.js';
import { LIBRARY_CHANGED_CHANNEL, LibraryMirror } from '../library/index.js';
import { buildMatchIndex } from './build-index.js';
import { readMatchSource } from './source-db.js';
import type { MatchIndex } from './types.js';

export const MATCH_INDEX_MAX_AGE_MS = 10 * 60_000;
export const MATCH_INDEX_JOB = 'matching.rebuild-index';

const mirrors = new WeakMap<Db, LibraryMirror<MatchIndex>>();

/**
 * Keeps the match index of `db`, built on `jobs`, dropped on every `library.changed`. The
 * caller declares `job()`, calls `start` when the server is ready and `stop` at close.
 */
export async function registerMatchIndex(
  db: Db,
  options: { eager: boolean; jobs: Pick<JobsPort, 'enqueue'>; bus: BusPort; log?: FastifyBaseLogger },
) {
  let started = 0;
  const mirror = new LibraryMirror<MatchIndex>({
    job: MATCH_INDEX_JOB,
    jobs: options.jobs,
    eager: options.eager,
    log: options.log,
    build: async (isStale) => {
      started = Date.now();
      return buildMatchIndex(await readMatchSource(db, new Date(), isStale));
    },
    describe: (index) => ({
      projects: index.projects.id.length,
      investors: index.investors.summaries.length,
      institutions: index.institutions.summaries.length,
      buildMs: Date.now() - started,
    }),
  });
  mirrors.set(db, mirror);
  const unsubscribe = await options.bus.subscribe(LIBRARY_CHANGED_CHANNEL, () => mirror.invalidate());
  return {
    job: () => mirror.job(),
    start: () => mirror.start(),
    async stop() {
      await unsubscribe();
      mirror.stop();
      if (mirrors.get(db) === mirror) mirrors.delete(db);
    },
  };
}

/** The match index of `db`: the current one, or the next one once it is built. */
export function getMatchIndex(db: Db): Promise<MatchIndex> {
  const mirror = mirrors.get(db);
  if (!mirror) return Promise.reject(new Error('no match index was started for this database'));
  const index = mirror.ready();
  if (!index) return mirror.whenReady();
  if (mirror.age > MATCH_INDEX_MAX_AGE_MS) mirror.refresh();
  return Promise.resolve(index);
}
