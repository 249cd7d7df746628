/**
 * The match index of each database is a view of its library snapshot (modules/library):
 * built from the snapshot's columns, tokens and round seats as part of every snapshot build
 * (the job `library.rebuild-snapshot`), so search and matching answer from one read of the
 * library. A change drops the snapshot at once, so a match waits for the next one rather
 * than answer from an older library. A snapshot older than MATCH_INDEX_MAX_AGE_MS is rebuilt
 * while the old one keeps answering (projects users add between announcements show up
 * within that time).
 */
import type { Db } from '../../platform/database/index.js';
import {
  addLibrarySnapshotView,
  readyLibrarySnapshot,
  refreshLibrarySnapshot,
  whenLibrarySnapshotReady,
} from '../library/index.js';
import { buildMatchIndexSliced } from './build-index.js';
import { snapshotSource } from './source-snapshot.js';
import type { MatchIndex } from './types.js';

export const MATCH_INDEX_MAX_AGE_MS = 10 * 60_000;
const VIEW = 'matching';

/** Registers the match index as a view of the library snapshot of `db` (in the module's setup). */
export function registerMatchIndex(db: Db) {
  addLibrarySnapshotView<MatchIndex>(db, VIEW, (build) =>
    buildMatchIndexSliced(snapshotSource(build), build.slice, build.isStale),
  );
}

/** The match index of `db`: the current one, or the next one once it is built. */
export async function getMatchIndex(db: Db): Promise<MatchIndex> {
  const snapshot = readyLibrarySnapshot(db) ?? (await whenLibrarySnapshotReady(db));
  refreshLibrarySnapshot(db, MATCH_INDEX_MAX_AGE_MS);
  return snapshot.view<MatchIndex>(VIEW);
}
