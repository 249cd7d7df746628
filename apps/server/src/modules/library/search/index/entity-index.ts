/**
 * One entity's search index (projects, institutions or investors) and how it answers a
 * search: the condition tree (conditions.ts) evaluated over postings and per-row columns,
 * every match scored with the same weights as the SQL, and only the page's ids returned.
 * Rows are numbered in the entity's recency order, so "ties newest first" is row order.
 */
import type { Dictionary, TextColumn } from '../../snapshot/columns.js';
import type { Cond, Relevance } from '../conditions.js';
import { condKey, TEXT_WEIGHT } from '../conditions.js';
import type { NameGrams } from '../parse-keyword.js';
import { lookup, lookupPrefix, type Postings } from './postings.js';
import {
  type ColumnRange,
  filterRows,
  forEachCommon,
  intersect,
  intersectAll,
  RowSet,
  unionAll,
} from './row-sets.js';

/** A sort order other than recency: the rows in that order, and each row's place in it. */
export interface RowOrder {
  rows: Int32Array;
  placeOf: Int32Array;
}

export interface EntityIndexData {
  n: number;
  /** Database id of each row. */
  ids: Float64Array;
  /** The snapshot's row (id order) of each row. */
  positions: Int32Array;
  /** Per name column: `lower(column)` of each row, and the rows sorted by it. */
  names: { values: TextColumn; sorted: Int32Array }[];
  nameTokens: Postings;
  textTokens: Postings;
  industry: Map<string, RowSet>;
  stage: Map<number, RowSet>;
  region: Map<string, RowSet>;
  /** Amount sought (lo = hi), or a ticket range; NaN when unknown. */
  amountLo: Float64Array;
  amountHi: Float64Array;
  founded?: Float64Array | undefined;
  type?: { dictionary: Dictionary; codes: Uint32Array } | undefined;
  institution?: Float64Array | undefined;
  orders: Record<string, RowOrder>;
}

export interface IndexQuery {
  where: Cond[];
  relevance?: Relevance | undefined;
  /** 'recency' or a key of `orders`. */
  order: string;
  page: number;
  pageSize: number;
}

export interface IndexHits {
  ids: number[];
  /** The page's rows in the snapshot. */
  positions: number[];
  total: number;
}

const INT_MAX = 2_147_483_647;

/** Filter sets kept per index: a bitmap of 100,000 rows is 12.5 KB, so at most ~3 MB. */
const FILTER_SETS_MAX = 256;

/**
 * A condition the filter panel sets (industries, stages, regions, an amount or founding
 * range from its presets, an institution type, and unions and intersections of them): few
 * distinct ones are asked for, and each costs unions and intersections of whole postings or
 * a pass over a column, so they are kept. Keywords are not: they are as many as people type.
 */
const isFilter = (cond: Cond): boolean =>
  cond.kind === 'industry' ||
  cond.kind === 'stage' ||
  cond.kind === 'region' ||
  cond.kind === 'amount' ||
  cond.kind === 'founded' ||
  cond.kind === 'type' ||
  ((cond.kind === 'or' || cond.kind === 'and') && cond.parts.every(isFilter));

export class EntityIndex {
  private everything: RowSet | undefined;
  /** The rows of filter conditions, most recently used last (the index never changes). */
  private readonly filterSets = new Map<string, RowSet>();

  constructor(readonly data: EntityIndexData) {}

  get size() {
    return this.data.n;
  }

  search(query: IndexQuery): IndexHits {
    const memo = new Map<string, RowSet>();
    const matches = query.where.length
      ? this.evaluate({ kind: 'and', parts: query.where }, memo)
      : this.all();
    const offset = (query.page - 1) * query.pageSize;
    let rows: ArrayLike<number>;
    if (query.relevance) {
      const pool = this.rankingPool(matches, query.relevance, offset + query.pageSize, memo);
      const list = pool.list();
      rows = topByScore(list, this.score(list, query.relevance, memo), offset, query.pageSize);
    } else if (query.order === 'recency') rows = this.nthRows(matches, offset, query.pageSize);
    else {
      // An entity without rows has no orders built (their keys come from the first row).
      const order = this.data.orders[query.order];
      rows = order ? this.topByOrder(matches, order, offset, query.pageSize) : [];
    }
    return {
      ids: Array.from(rows, (row) => this.data.ids[row]!),
      positions: Array.from(rows, (row) => this.data.positions[row]!),
      total: matches.size,
    };
  }

  private all(): RowSet {
    this.everything ??= RowSet.all(this.data.n);
    return this.everything;
  }

  /** Rows `offset .. offset + count` of a set in row order, without listing all of a bitmap. */
  private nthRows(set: RowSet, offset: number, count: number): number[] {
    if (!set.hasBits()) return Array.from(set.list().subarray(offset, offset + count));
    const bits = set.bits();
    const out: number[] = [];
    let seen = 0;
    for (let w = 0; w < bits.length && out.length < count; w++) {
      let v = bits[w]!;
      while (v !== 0 && out.length < count) {
        const low = v & -v;
        if (seen++ >= offset) out.push((w << 5) + 31 - Math.clz32(low));
        v ^= low;
      }
    }
    return out;
  }

  /** The rows meeting a condition, memoised per search (a name condition matches and scores). */
  evaluate(cond: Cond, memo = new Map<string, RowSet>()): RowSet {
    const key = condKey(cond);
    let rows = memo.get(key);
    if (!rows) {
      rows = isFilter(cond) ? this.filterSet(key, cond, memo) : this.compute(cond, memo);
      memo.set(key, rows);
    }
    return rows;
  }

  private filterSet(key: string, cond: Cond, memo: Map<string, RowSet>): RowSet {
    const { filterSets } = this;
    let rows = filterSets.get(key);
    if (rows) filterSets.delete(key);
    else {
      rows = this.compute(cond, memo);
      if (filterSets.size >= FILTER_SETS_MAX) filterSets.delete(filterSets.keys().next().value!);
    }
    filterSets.set(key, rows);
    return rows;
  }

  private compute(cond: Cond, memo: Map<string, RowSet>): RowSet {
    const { data } = this;
    const groups = <K>(map: Map<K, RowSet>, keys: readonly K[]) =>
      unionAll(
        keys.flatMap((k) => map.get(k) ?? []),
        data.n,
      );
    switch (cond.kind) {
      case 'industry':
        return groups(data.industry, cond.ids);
      case 'stage':
        return groups(data.stage, cond.codes);
      case 'region':
        return groups(data.region, cond.codes);
      case 'name':
        return this.nameRows(cond.grams);
      case 'text':
        return unionAll(
          cond.any.map((tokens) => intersectAll(tokens.map((t) => lookup(data.textTokens, t)))),
          data.n,
        );
      case 'nameEquals':
      case 'namePrefix':
        return this.namesMatching(cond.values, cond.kind === 'namePrefix');
      case 'or':
        return unionAll(
          cond.parts.map((part) => this.evaluate(part, memo)),
          data.n,
        );
      case 'and': {
        // The filter parts together are one kept filter; keyword and column parts are not.
        const filters = cond.parts.filter(isFilter);
        const parts =
          filters.length > 1 && filters.length < cond.parts.length
            ? [{ kind: 'and', parts: filters } as Cond, ...cond.parts.filter((part) => !isFilter(part))]
            : cond.parts;
        const sets: RowSet[] = [];
        const ranges: ColumnRange[] = [];
        for (const part of parts) {
          const tests = this.columnRanges(part);
          if (tests) ranges.push(...tests);
          else sets.push(this.evaluate(part, memo));
        }
        const base = sets.length ? intersectAll(sets) : null;
        if (!ranges.length) return base ?? this.all();
        return filterRows(base, data.n, ranges);
      }
      case 'false':
        return RowSet.empty(data.n);
      default:
        return filterRows(null, data.n, this.columnRanges(cond)!);
    }
  }

  /**
   * The column conditions as ranges a row's cells must overlap, checked on the rows of the
   * other conditions (none: every row meets it, the entity has no such column); undefined
   * for a condition that is not on a column.
   */
  private columnRanges(cond: Cond): ColumnRange[] | undefined {
    const { data } = this;
    switch (cond.kind) {
      case 'amount':
        return [{ lo: data.amountLo, hi: data.amountHi, min: cond.min ?? 0, max: cond.max ?? INT_MAX }];
      case 'founded': {
        const years = data.founded;
        return years ? [{ lo: years, hi: years, min: cond.from ?? 0, max: cond.to ?? 9999 }] : [];
      }
      case 'type': {
        if (!data.type) return [];
        const { codes, dictionary } = data.type;
        const code = dictionary.find(cond.value);
        return [{ lo: codes, hi: codes, min: code, max: code }];
      }
      case 'institution': {
        const owners = data.institution;
        return owners ? [{ lo: owners, hi: owners, min: cond.id, max: cond.id }] : [];
      }
      default:
        return undefined;
    }
  }

  private nameRows({ grams, isPrefix }: NameGrams): RowSet {
    const { data } = this;
    const sets = grams.map((gram, i) =>
      isPrefix && i === grams.length - 1
        ? lookupPrefix(data.nameTokens, gram)
        : lookup(data.nameTokens, gram),
    );
    return sets.length ? intersectAll(sets) : RowSet.empty(data.n);
  }

  /** Rows with a name column equal to (or starting with) one of the values. */
  private namesMatching(values: readonly string[], asPrefix: boolean): RowSet {
    const found: number[] = [];
    for (const { values: names, sorted } of this.data.names) {
      for (const value of values) {
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (names.get(sorted[mid]!) < value) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < sorted.length; k++) {
          const name = names.get(sorted[k]!);
          if (asPrefix ? !name.startsWith(value) : name !== value) break;
          found.push(sorted[k]!);
        }
      }
    }
    const rows = Int32Array.from(found).sort();
    let k = 0;
    for (let i = 0; i < rows.length; i++) if (i === 0 || rows[i] !== rows[k - 1]) rows[k++] = rows[i]!;
    return RowSet.fromList(this.data.n, rows.slice(0, k));
  }

  /**
   * The matches the page's rows can come from. Every weighted part of the relevance weighs
   * more than the text share can add (TEXT_WEIGHT), so a match that meets any part outranks
   * every match that meets none: when enough matches meet one, only those are scored (a
   * broad word matches a third of the library, its name and industry parts a few hundred).
   */
  private rankingPool(
    matches: RowSet,
    relevance: Relevance,
    wanted: number,
    memo: Map<string, RowSet>,
  ): RowSet {
    if (!relevance.parts.length || relevance.parts.some((part) => part.weight <= TEXT_WEIGHT)) return matches;
    const covered = intersect(
      matches,
      unionAll(
        relevance.parts.map((part) => this.evaluate(part.cond, memo)),
        this.data.n,
      ),
    );
    return covered.size >= wanted ? covered : matches;
  }

  /**
   * Each match's relevance as a small integer bucket (0 = best): its summed weights and
   * how many of the keyword's tokens its text has, ranked by the score SQL computes from
   * them (weights + TEXT_WEIGHT × hits / tokens, the same float arithmetic), equal scores
   * sharing a bucket.
   */
  private score(matches: Int32Array, relevance: Relevance, memo: Map<string, RowSet>): Int32Array {
    const weights = new Int32Array(matches.length);
    for (const { weight, cond } of relevance.parts)
      addWhere(matches, this.evaluate(cond, memo), weights, weight);
    const items = relevance.rankItems;
    const hits = new Int32Array(matches.length);
    for (const item of items) addWhere(matches, lookup(this.data.textTokens, item), hits, 1);
    // Key = weights × (tokens + 1) + hits: a small integer, so a table maps keys to buckets.
    const span = items.length + 1;
    let most = 0;
    for (const part of relevance.parts) most += part.weight;
    const table = new Int32Array((most + 1) * span).fill(-1);
    const present: number[] = [];
    for (let i = 0; i < matches.length; i++) {
      const key = weights[i]! * span + hits[i]!;
      if (table[key] === -1) {
        table[key] = 0;
        present.push(key);
      }
    }
    const scoreOf = (key: number) => {
      const weight = Math.floor(key / span);
      return items.length ? weight + (TEXT_WEIGHT * (key % span)) / items.length : weight;
    };
    const ranked = present.map((key) => ({ key, score: scoreOf(key) })).sort((x, y) => y.score - x.score);
    let bucket = -1;
    let last = Number.NaN;
    for (const { key, score } of ranked) {
      if (score !== last) bucket++;
      last = score;
      table[key] = bucket;
    }
    const buckets = new Int32Array(matches.length);
    for (let i = 0; i < matches.length; i++) buckets[i] = table[weights[i]! * span + hits[i]!]!;
    return buckets;
  }

  /** Rows `offset .. offset + count` of the matches in another order. */
  private topByOrder(matches: RowSet, order: RowOrder, offset: number, count: number): number[] {
    const wanted = offset + count;
    if (matches.size === this.data.n) return Array.from(order.rows.subarray(offset, wanted));
    if (!matches.isLarge) {
      const list = matches.list();
      const places = new Int32Array(list.length);
      for (let i = 0; i < list.length; i++) places[i] = order.placeOf[list[i]!]!;
      places.sort();
      return Array.from(places.subarray(offset, wanted), (place) => order.rows[place]!);
    }
    const bits = matches.bits();
    const out: number[] = [];
    let seen = 0;
    for (let place = 0; place < order.rows.length && seen < wanted; place++) {
      const row = order.rows[place]!;
      if (!(bits[row >>> 5]! & (1 << (row & 31)))) continue;
      if (seen >= offset) out.push(row);
      seen++;
    }
    return out;
  }
}

/** Adds `amount` to `target[i]` for each of the (sorted) matches that `set` has. */
function addWhere(matches: Int32Array, set: RowSet, target: Int32Array, amount: number) {
  if (!matches.length || !set.size) return;
  if (set.hasBits() || set.isLarge) {
    const bits = set.bits();
    for (let i = 0; i < matches.length; i++) {
      const row = matches[i]!;
      if (bits[row >>> 5]! & (1 << (row & 31))) target[i]! += amount;
    }
    return;
  }
  forEachCommon(matches, set, (i) => {
    target[i]! += amount;
  });
}

/** Rows `offset .. offset + count` by bucket (best first), each bucket in row order. */
function topByScore(matches: Int32Array, buckets: Int32Array, offset: number, count: number): number[] {
  let top = 0;
  for (let i = 0; i < buckets.length; i++) if (buckets[i]! > top) top = buckets[i]!;
  const sizes = new Int32Array(top + 1);
  for (let i = 0; i < buckets.length; i++) sizes[buckets[i]!]!++;
  const end = offset + count;
  const out: number[] = [];
  let before = 0;
  for (let bucket = 0; bucket <= top && before < end; bucket++) {
    const size = sizes[bucket]!;
    if (before + size > offset) {
      let seen = before;
      for (let i = 0; i < buckets.length && seen < end; i++) {
        if (buckets[i] !== bucket) continue;
        if (seen >= offset) out.push(matches[i]!);
        seen++;
      }
    }
    before += size;
  }
  return out;
}
