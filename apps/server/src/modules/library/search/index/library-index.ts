/**
 * The search index of each database, kept by the process that serves it: built in the
 * background at start (or, under tests, at the first search), dropped the moment the
 * library is announced as changed (`listenForLibraryChanges`) and built again; until it is
 * ready searches take the SQL path, so an answer is never older than the last announcement.
 */
import type { Db } from '../../../../platform/database/index.js';
import { BuildCancelled, buildLibraryIndex, type LibraryIndex } from './build-index.js';

export type { LibraryIndex } from './build-index.js';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface State {
  eager: boolean;
  log?: Logger | undefined;
  index?: LibraryIndex | undefined;
  building?: Promise<void> | undefined;
  /** Bumped by every change: a build of an older generation is thrown away. */
  generation: number;
  stopped: boolean;
  /** The server is up (eager builds wait for it). */
  started?: boolean;
  timer?: NodeJS.Timeout | undefined;
  failedAt?: number | undefined;
  waiters: { resolve: (index: LibraryIndex) => void; reject: (error: unknown) => void }[];
}

/** Tests switch the index off to reach the SQL path. */
export const searchIndexOptions = {
  enabled: true,
  startDelayMs: 500,
  rebuildDelayMs: 250,
  retryAfterMs: 30_000,
};

const states = new WeakMap<Db, State>();

/**
 * Keeps an index for `db`. `eager`: built once the server is ready (`start`) and again
 * after every change (a server); otherwise at the first search after a change (tests, whose
 * fixtures are written after the app starts).
 */
export function registerSearchIndex(db: Db, options: { eager: boolean; log?: Logger }) {
  const state: State = { eager: options.eager, log: options.log, generation: 0, stopped: false, waiters: [] };
  states.set(db, state);
  return {
    /** The server is ready: an eager index starts building. */
    start() {
      state.started = true;
      if (state.eager && !state.index && !state.building)
        schedule(db, state, searchIndexOptions.startDelayMs);
    },
    stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      state.index = undefined;
      if (states.get(db) === state) states.delete(db);
    },
  };
}

/** The ready index, or undefined (the caller searches with SQL); may start a build. */
export function readySearchIndex(db: Db): LibraryIndex | undefined {
  const state = states.get(db);
  if (!state || !searchIndexOptions.enabled) return undefined;
  if (state.index) return state.index;
  const failedLately = state.failedAt && Date.now() - state.failedAt < searchIndexOptions.retryAfterMs;
  if (!state.building && !state.timer && !failedLately) build(db, state);
  return undefined;
}

/** The library changed: forget the index now, build a new one (soon, or at the next search). */
export function invalidateSearchIndex(db: Db) {
  const state = states.get(db);
  if (!state) return;
  state.generation++;
  state.index = undefined;
  state.failedAt = undefined;
  if (state.eager && state.started) schedule(db, state, searchIndexOptions.rebuildDelayMs);
}

/** Resolves with the index once one is ready (starting a build if none is under way). */
export function whenSearchIndexReady(db: Db): Promise<LibraryIndex> {
  const state = states.get(db);
  if (!state) return Promise.reject(new Error('no search index was started for this database'));
  if (state.index) return Promise.resolve(state.index);
  const ready = new Promise<LibraryIndex>((resolve, reject) => state.waiters.push({ resolve, reject }));
  if (!state.building && !state.timer) build(db, state);
  return ready;
}

function schedule(db: Db, state: State, delayMs: number) {
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    state.timer = undefined;
    if (!state.building) build(db, state);
  }, delayMs);
  state.timer.unref?.();
}

function build(db: Db, state: State) {
  const generation = state.generation;
  const isStale = () => state.stopped || state.generation !== generation;
  state.building = (async () => {
    try {
      const index = await buildLibraryIndex(db, isStale);
      if (isStale()) return;
      state.index = index;
      state.log?.info(
        {
          event: 'library.search_index',
          projects: index.projects.size,
          institutions: index.institutions.size,
          investors: index.investors.size,
          buildMs: index.buildMs,
          heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
        },
        'search index ready',
      );
      for (const waiter of state.waiters.splice(0)) waiter.resolve(index);
    } catch (error) {
      if (error instanceof BuildCancelled || isStale()) return;
      state.failedAt = Date.now();
      for (const waiter of state.waiters.splice(0)) waiter.reject(error);
      state.log?.warn({ event: 'library.search_index', err: error }, 'search index build failed');
    } finally {
      state.building = undefined;
      // Changed while building: build the new generation (eagerly, or for the waiters).
      const wanted = (state.eager && state.started) || state.waiters.length > 0;
      if (!state.stopped && !state.index && wanted && !state.failedAt) {
        schedule(db, state, 0);
      }
    }
  })();
}
