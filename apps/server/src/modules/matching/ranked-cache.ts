/**
 * Ranked lists of one index, kept for paging: the next page of the same match with the
 * same filters reads the list instead of scoring every candidate again. Lives on the index
 * object, so a rebuilt index starts empty.
 */
import type { RankedList } from './rank.js';
import type { MatchIndex } from './types.js';

const MAX_LISTS = 200;
const lists = new WeakMap<MatchIndex, Map<string, RankedList>>();

export function rankedCached(index: MatchIndex, key: string, rank: () => RankedList): RankedList {
  let map = lists.get(index);
  if (!map) {
    map = new Map();
    lists.set(index, map);
  }
  const hit = map.get(key);
  if (hit) {
    map.delete(key);
    map.set(key, hit);
    return hit;
  }
  const ranked = rank();
  map.set(key, ranked);
  while (map.size > MAX_LISTS) map.delete(map.keys().next().value!);
  return ranked;
}
