/**
 * The search index of each database, kept by the process that serves it (a `LibraryMirror`):
 * built by the job `library.rebuild-search-index` once the server is ready (or, under tests,
 * at the first search), dropped the moment the library is announced as changed and built
 * again; until it is ready searches take the SQL path, so an answer is never older than the
 * last announcement.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../platform/database/index.js';
import type { JobsPort } from '../../../../platform/jobs/index.js';
import { LibraryMirror, type MirrorTiming } from '../../mirror.js';
import { buildLibraryIndex, type LibraryIndex } from './build-index.js';

export type { LibraryIndex } from './build-index.js';

export const SEARCH_INDEX_JOB = 'library.rebuild-search-index';

/** Tests switch the index off to reach the SQL path. */
export const searchIndexOptions: { enabled: boolean } & MirrorTiming = {
  enabled: true,
  startDelayMs: 500,
  rebuildDelayMs: 250,
  retryAfterMs: 30_000,
};

const mirrors = new WeakMap<Db, LibraryMirror<LibraryIndex>>();

/**
 * Keeps an index for `db`, built on `jobs`. `eager`: built once the server is ready and again
 * after every change (a server); otherwise at the first search after a change (tests).
 * The caller declares `job()` in its module and calls `start` when ready, `stop` at close.
 */
export function registerSearchIndex(
  db: Db,
  options: { eager: boolean; jobs: Pick<JobsPort, 'enqueue'>; log?: FastifyBaseLogger },
) {
  const mirror = new LibraryMirror<LibraryIndex>({
    job: SEARCH_INDEX_JOB,
    jobs: options.jobs,
    eager: options.eager,
    log: options.log,
    timing: searchIndexOptions,
    build: (isStale) => buildLibraryIndex(db, isStale),
    describe: (index) => ({
      projects: index.projects.size,
      institutions: index.institutions.size,
      investors: index.investors.size,
      buildMs: index.buildMs,
      heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    }),
  });
  mirrors.set(db, mirror);
  return {
    job: () => mirror.job(),
    start: () => mirror.start(),
    stop() {
      mirror.stop();
      if (mirrors.get(db) === mirror) mirrors.delete(db);
    },
  };
}

/** The ready index, or undefined (the caller searches with SQL); may ask for a build. */
export function readySearchIndex(db: Db): LibraryIndex | undefined {
  if (!searchIndexOptions.enabled) return undefined;
  return mirrors.get(db)?.ready();
}

/** The library changed: forget the index now, build a new one (soon, or at the next search). */
export function invalidateSearchIndex(db: Db) {
  mirrors.get(db)?.invalidate();
}

/** Resolves with the index once one is ready; the build runs on the jobs port, so the app must be ready. */
export function whenSearchIndexReady(db: Db): Promise<LibraryIndex> {
  const mirror = mirrors.get(db);
  if (!mirror) return Promise.reject(new Error('no search index was started for this database'));
  return mirror.whenReady();
}
