/**
 * The search index of each database is part of its library snapshot (../../snapshot): built
 * with it by the job `library.rebuild-snapshot` once the server is ready (or, under tests,
 * at the first search), dropped the moment the library is announced as changed and built
 * again; until it is ready searches take the SQL path, so an answer is never older than the
 * last announcement.
 */
import type { Db } from '../../../../platform/database/index.js';
import {
  type LibrarySnapshot,
  readyLibrarySnapshot,
  whenLibrarySnapshotReady,
} from '../../snapshot/snapshot.js';

export type { LibraryIndex } from './build-index.js';

/** Tests switch the index off to reach the SQL path. */
export const searchIndexOptions: { enabled: boolean } = { enabled: true };

/** The ready snapshot to search in, or undefined (the caller searches with SQL); may ask for a build. */
export function readySearchSnapshot(db: Db): LibrarySnapshot | undefined {
  if (!searchIndexOptions.enabled) return undefined;
  return readyLibrarySnapshot(db);
}

/** Resolves with a snapshot (and its search index) once one is ready; the app must be ready. */
export function whenSearchIndexReady(db: Db): Promise<LibrarySnapshot> {
  return whenLibrarySnapshotReady(db);
}
