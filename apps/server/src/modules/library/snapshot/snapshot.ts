/**
 * The library snapshot: the whole library read once into compact columns, kept by each
 * server process for each database, and everything built from it — the search index here,
 * and the views other modules register (matching's index) — so the library is read once,
 * not once per index, and search and matching always answer from the same read.
 *
 * It is a `LibraryMirror`: built by the local job `library.rebuild-snapshot` once the server
 * is ready (under tests: when first asked for), dropped the moment the library is announced
 * as changed and built again. A build reads the tables, builds the search index, then every
 * registered view, and only then is the snapshot published: its views are never missing.
 * What the views are built from beyond the published columns (round seats, token lists) is
 * handed to them during the build and dropped after.
 */
import type { FastifyBaseLogger } from 'fastify';
import { collectGarbage, LARGE_BUILD_ROWS } from '../../../lib/gc.js';
import type { DatabaseEngine, Db } from '../../../platform/database/index.js';
import type { JobsPort } from '../../../platform/jobs/index.js';
import { LibraryMirror, type MirrorTiming } from '../mirror.js';
import { buildLibraryIndex, EntityText, type LibraryIndex } from '../search/index/build-index.js';
import { timeSlicer } from '../search/index/postings.js';
import { NULL_INT, positionOf } from './columns.js';
import {
  newDictionaries,
  type ReadControl,
  readInstitutions,
  readInvestors,
  readProjects,
  readRounds,
  TokenInterner,
} from './read.js';
import type {
  InstitutionColumns,
  InvestorColumns,
  ProjectColumns,
  RoundColumns,
  SeatColumns,
  SnapshotDictionaries,
  TokenLists,
} from './types.js';

export const SNAPSHOT_JOB = 'library.rebuild-snapshot';

/** When builds start (tests shorten them). */
export const snapshotTiming: MirrorTiming = { startDelayMs: 500, rebuildDelayMs: 250, retryAfterMs: 30_000 };

export class LibrarySnapshot {
  private readonly views = new Map<string, unknown>();

  constructor(
    readonly projects: ProjectColumns,
    readonly institutions: InstitutionColumns,
    readonly investors: InvestorColumns,
    readonly dictionaries: SnapshotDictionaries,
    /** Deals (distinct rounds) of each institution, by institution row. */
    readonly institutionDeals: Int32Array,
    readonly search: LibraryIndex,
    readonly builtAt: number,
  ) {}

  /** Milliseconds the whole build took (read, search index, views), and the process's CPU time meanwhile. */
  buildMs = 0;
  cpuMs = 0;
  /** Where the build's time went: reading the tables, the search index, the views. */
  phaseMs = { read: 0, search: 0, views: 0 };

  /** A view registered with `addLibrarySnapshotView`, as built from this snapshot. */
  view<T>(name: string): T {
    if (!this.views.has(name)) throw new Error(`library snapshot view ${name} was not registered`);
    return this.views.get(name) as T;
  }

  /** @internal The build sets each view once. */
  setView(name: string, value: unknown) {
    this.views.set(name, value);
  }

  projectRow(id: number): number {
    return positionOf(this.projects.ids, id);
  }

  institutionRow(id: number): number {
    return positionOf(this.institutions.ids, id);
  }

  investorRow(id: number): number {
    return positionOf(this.investors.ids, id);
  }
}

/** What a view is built from: the snapshot, and the data it holds only while building. */
export interface SnapshotBuild {
  snapshot: LibrarySnapshot;
  rounds: RoundColumns;
  seats: SeatColumns;
  /** `search_tokens` of every row, interned: `words[id]` is a token's text. */
  tokens: { words: string[]; projects: TokenLists; institutions: TokenLists; investors: TokenLists };
  /** True once the build is no longer wanted (the library changed again): stop at the next check. */
  isStale(): boolean;
  /** Pauses for pending I/O now and then: a long build never stalls the server. */
  slice(): Promise<void>;
}

export type SnapshotViewBuilder<T> = (build: SnapshotBuild) => T | Promise<T>;

/** Per entity row: distinct rounds taken part in, and the day of the newest (NULL_INT: none). */
function dealStats(ids: Float64Array, seatOwner: Float64Array, rounds: RoundColumns, seats: SeatColumns) {
  const deals = new Int32Array(ids.length);
  const lastDeal = new Int32Array(ids.length).fill(NULL_INT);
  const lastRound = new Int32Array(ids.length).fill(-1);
  for (let s = 0; s < seats.n; s++) {
    const owner = seatOwner[s]!;
    if (Number.isNaN(owner)) continue;
    const row = positionOf(ids, owner);
    if (row < 0) continue;
    const round = seats.round[s]!;
    // Seats come in round order, so a round's seats are together.
    if (lastRound[row] !== round) {
      lastRound[row] = round;
      deals[row]!++;
    }
    const day = rounds.day[round]!;
    if (lastDeal[row] === NULL_INT || day > lastDeal[row]!) lastDeal[row] = day;
  }
  return { deals, lastDeal };
}

async function buildSnapshot(
  db: Db,
  views: ReadonlyMap<string, SnapshotViewBuilder<unknown>>,
  read: ReadControl,
): Promise<LibrarySnapshot> {
  const { isStale } = read;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const dictionaries = newDictionaries();
  const interner = new TokenInterner();
  const text = { projects: new EntityText(2), institutions: new EntityText(2), investors: new EntityText(1) };
  // Tokens are numbered as they are first seen: investors, institutions, projects (as matching always read them).
  const tokens = { investors: interner.lists(), institutions: interner.lists(), projects: interner.lists() };
  const investors = await readInvestors(db, dictionaries, text.investors, tokens.investors, read);
  const institutions = await readInstitutions(db, dictionaries, text.institutions, tokens.institutions, read);
  const projects = await readProjects(db, dictionaries, text.projects, tokens.projects, read);
  const { rounds, seats } = await readRounds(db, read);
  const readMs = performance.now() - t0;
  const orgStats = dealStats(institutions.ids, seats.institution, rounds, seats);
  const investorStats = dealStats(investors.ids, seats.investor, rounds, seats);
  const search = await buildLibraryIndex(
    {
      projects,
      institutions,
      investors,
      text,
      lastDeal: { institutions: orgStats.lastDeal, investors: investorStats.lastDeal },
    },
    isStale,
  );
  const snapshot = new LibrarySnapshot(
    projects,
    institutions,
    investors,
    dictionaries,
    orgStats.deals,
    search,
    Date.now(),
  );
  const build: SnapshotBuild = {
    snapshot,
    rounds,
    seats,
    tokens: {
      words: interner.words,
      projects: tokens.projects.build(),
      institutions: tokens.institutions.build(),
      investors: tokens.investors.build(),
    },
    isStale,
    slice: timeSlicer(),
  };
  const searchDone = performance.now();
  for (const [name, builder] of views) {
    if (isStale()) throw new Error('superseded');
    snapshot.setView(name, await builder(build));
  }
  snapshot.buildMs = Math.round(performance.now() - t0);
  snapshot.phaseMs = {
    read: Math.round(readMs),
    search: Math.round(searchDone - t0 - readMs),
    views: Math.round(performance.now() - searchDone),
  };
  const cpu = process.cpuUsage(cpu0);
  snapshot.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  return snapshot;
}

interface Registration {
  mirror: LibraryMirror<LibrarySnapshot>;
  views: Map<string, SnapshotViewBuilder<unknown>>;
}

const registrations = new WeakMap<Db, Registration>();

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Keeps the snapshot of `db`, built on `jobs`. `eager`: built once the server is ready and
 * again after every change (a server); otherwise when first asked for after a change (tests).
 * The caller declares `job()` in its module and calls `start` when ready, `stop` at close.
 */
export function registerLibrarySnapshot(
  db: Db,
  options: {
    engine: DatabaseEngine;
    eager: boolean;
    jobs: Pick<JobsPort, 'enqueue'>;
    log?: FastifyBaseLogger;
  },
) {
  const views = new Map<string, SnapshotViewBuilder<unknown>>();
  const mirror = new LibraryMirror<LibrarySnapshot>({
    job: SNAPSHOT_JOB,
    jobs: options.jobs,
    eager: options.eager,
    log: options.log,
    timing: snapshotTiming,
    build: (isStale) => buildSnapshot(db, views, { engine: options.engine, isStale }),
    published: (s) => {
      if (s.projects.n + s.investors.n + s.institutions.n >= LARGE_BUILD_ROWS) setImmediate(collectGarbage);
    },
    describe: (s) => {
      const memory = process.memoryUsage();
      return {
        projects: s.projects.n,
        institutions: s.institutions.n,
        investors: s.investors.n,
        views: [...views.keys()],
        buildMs: s.buildMs,
        cpuMs: s.cpuMs,
        phaseMs: s.phaseMs,
        heapMb: mb(memory.heapUsed),
        arrayBuffersMb: mb(memory.arrayBuffers),
        rssMb: mb(memory.rss),
      };
    },
  });
  const registration = { mirror, views };
  registrations.set(db, registration);
  return {
    job: () => mirror.job(),
    start: () => mirror.start(),
    stop() {
      mirror.stop();
      if (registrations.get(db) === registration) registrations.delete(db);
    },
  };
}

function registration(db: Db): Registration {
  const found = registrations.get(db);
  if (!found) throw new Error('no library snapshot was registered for this database');
  return found;
}

/**
 * Adds a view of every snapshot of `db` (built with it, before it is published). Register in
 * the module's setup, before the server is ready: a snapshot built earlier lacks the view.
 */
export function addLibrarySnapshotView<T>(db: Db, name: string, build: SnapshotViewBuilder<T>) {
  registration(db).views.set(name, build);
}

/** The ready snapshot, or undefined (the caller takes a slower path); may ask for a build. */
export function readyLibrarySnapshot(db: Db): LibrarySnapshot | undefined {
  return registrations.get(db)?.mirror.ready();
}

/** Resolves with a snapshot of the current library; the build runs on the jobs port, so the app must be ready. */
export function whenLibrarySnapshotReady(db: Db): Promise<LibrarySnapshot> {
  const found = registrations.get(db);
  if (!found) return Promise.reject(new Error('no library snapshot was registered for this database'));
  return found.mirror.whenReady();
}

/** The library changed: forget the snapshot now, build the next (soon, or when asked for). */
export function invalidateLibrarySnapshot(db: Db) {
  registrations.get(db)?.mirror.invalidate();
}

/** Builds again while the current snapshot keeps answering, when it is older than `maxAgeMs`. */
export function refreshLibrarySnapshot(db: Db, maxAgeMs: number) {
  const { mirror } = registration(db);
  if (mirror.age > maxAgeMs) mirror.refresh();
}
