/**
 * A short-lived, per-process cache of search answers and match counts, per database. The
 * library is read far more than written, and the same searches repeat (hot words, guessed
 * questions, paging back and forth), so a popular search is computed once per
 * SEARCH_CACHE_SECONDS (default 30 s; 0 turns it off). Whoever changes the library (an
 * import) calls `notifyLibraryChanged`: every process listening on the bus drops its cache
 * and its library snapshot (with the search index and matching's view).
 */
import { shareAnswer } from '../../../http/index.js';
import type { BusPort } from '../../../platform/bus/index.js';
import type { Db } from '../../../platform/database/index.js';
import { invalidateLibrarySnapshot } from '../snapshot/snapshot.js';

const MAX_ENTRIES = 2000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

let ttlMs = 30_000;
const caches = new WeakMap<Db, Map<string, Entry>>();

export function configureSearchCache(seconds: number) {
  ttlMs = seconds * 1000;
}

export function clearSearchCache(db: Db) {
  caches.delete(db);
}

/** The cached answer under `key`, or `load()`'s (a failure is not cached). */
export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (ttlMs <= 0) return load();
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const hit = entries.get(key);
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) {
    // Map order is recency order: touch on read, evict from the front.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  // Every caller of the key gets this object: it is serialised once (http/serializer.ts).
  const value = load().then(shareAnswer);
  const map = entries;
  map.set(key, { at: now, value });
  value.catch(() => map.delete(key));
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  return value;
}

export const LIBRARY_CHANGED_CHANNEL = 'library.changed';

/** Tells every server process that library rows changed (after an import, say). */
export async function notifyLibraryChanged(bus: BusPort) {
  await bus.publish(LIBRARY_CHANGED_CHANNEL, { at: Date.now() });
}

/**
 * Drops this process's search answers and library snapshot whenever the library changes;
 * returns the unsubscribe.
 */
export function listenForLibraryChanges(bus: BusPort, db: Db, onChange: () => void = () => {}) {
  return bus.subscribe(LIBRARY_CHANGED_CHANNEL, () => {
    clearSearchCache(db);
    invalidateLibrarySnapshot(db);
    onChange();
  });
}
