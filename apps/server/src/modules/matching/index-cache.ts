/**
 * One match index per database per process, built lazily on the first match and shared by
 * every request. A library change (the bus event `notifyLibraryChanged` publishes) drops
 * it, so the next match rebuilds from the database; an index older than
 * MATCH_INDEX_MAX_AGE_MS is rebuilt in the background while the old one keeps answering
 * (projects that users add between events show up within that time).
 */
import type { BusPort } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import { LIBRARY_CHANGED_CHANNEL } from '../library/search/cache.js';
import { buildMatchIndex } from './build-index.js';
import { readMatchSource } from './source-db.js';
import type { MatchIndex } from './types.js';

export const MATCH_INDEX_MAX_AGE_MS = 10 * 60_000;

interface Holder {
  index?: MatchIndex;
  building?: Promise<MatchIndex>;
  generation: number;
}

const holders = new WeakMap<Db, Holder>();

function holderOf(db: Db): Holder {
  let holder = holders.get(db);
  if (!holder) {
    holder = { generation: 0 };
    holders.set(db, holder);
  }
  return holder;
}

function startBuild(db: Db, holder: Holder): Promise<MatchIndex> {
  const generation = holder.generation;
  const building = readMatchSource(db).then((source) => {
    const index = buildMatchIndex(source);
    if (holder.generation === generation) holder.index = index;
    return index;
  });
  holder.building = building;
  building
    .catch(() => {})
    .finally(() => {
      if (holder.building === building) holder.building = undefined;
    });
  return building;
}

export function getMatchIndex(db: Db): Promise<MatchIndex> {
  const holder = holderOf(db);
  if (holder.index) {
    if (Date.now() - holder.index.builtAt > MATCH_INDEX_MAX_AGE_MS && !holder.building) {
      startBuild(db, holder).catch(() => {});
    }
    return Promise.resolve(holder.index);
  }
  return holder.building ?? startBuild(db, holder);
}

export function invalidateMatchIndex(db: Db) {
  const holder = holderOf(db);
  holder.generation++;
  holder.index = undefined;
  holder.building = undefined;
}

/** Drops the index whenever the library changes; returns the unsubscribe. */
export function listenForMatchInvalidation(bus: BusPort, db: Db) {
  return bus.subscribe(LIBRARY_CHANGED_CHANNEL, () => invalidateMatchIndex(db));
}
