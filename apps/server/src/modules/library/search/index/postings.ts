/**
 * Token postings: for each lexeme of a vector column, the sorted rows that have it, all in
 * one Int32Array (`rows[starts[k] .. starts[k + 1])` for the k-th key). Keys are sorted, so
 * a prefix (`腾:*`) is a contiguous range of keys.
 */
import { RowSet, unionAll } from './row-sets.js';

/** Pauses for pending I/O once `ms` have passed since the last pause: a long build never stalls the server. */
export function timeSlicer(ms = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

export interface Postings {
  /** Rows in all. */
  n: number;
  keys: string[];
  starts: Int32Array;
  rows: Int32Array;
  /** The large postings, with their bitmaps made once. */
  large: Map<number, RowSet>;
  /** Key → its number. */
  numberOf: Map<string, number>;
}

function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const slice = (p: Postings, k: number): RowSet =>
  p.large.get(k) ?? RowSet.fromList(p.n, p.rows.subarray(p.starts[k]!, p.starts[k + 1]!));

/** The rows having the lexeme `key`. */
export function lookup(p: Postings, key: string): RowSet {
  const k = p.numberOf.get(key);
  return k === undefined ? RowSet.empty(p.n) : slice(p, k);
}

/** The rows having a lexeme that starts with `prefix`. */
export function lookupPrefix(p: Postings, prefix: string): RowSet {
  const sets: RowSet[] = [];
  for (let k = lowerBound(p.keys, prefix); k < p.keys.length && p.keys[k]!.startsWith(prefix); k++) {
    sets.push(slice(p, k));
  }
  return unionAll(sets, p.n);
}

/**
 * Collects each loaded row's lexemes as token numbers, then lays the postings out with rows
 * in row order. Rows arrive in load order (by id); `build` gets the row number of each.
 */
export class PostingsBuilder {
  private readonly tokenOf = new Map<string, number>();
  private readonly keys: string[] = [];
  private buffer = new Int32Array(1 << 16);
  private length = 0;
  private starts = new Int32Array(1024);
  private loaded = 0;

  /** Adds the next loaded row's lexemes (space-separated, each once). */
  add(lexemes: string) {
    if (this.loaded + 2 > this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.loaded] = this.length;
    if (lexemes) {
      for (const lexeme of lexemes.split(' ')) {
        if (!lexeme) continue;
        let token = this.tokenOf.get(lexeme);
        if (token === undefined) {
          token = this.keys.length;
          this.tokenOf.set(lexeme, token);
          this.keys.push(lexeme);
        }
        if (this.length === this.buffer.length) {
          const grown = new Int32Array(this.buffer.length * 2);
          grown.set(this.buffer);
          this.buffer = grown;
        }
        this.buffer[this.length++] = token;
      }
    }
    this.loaded++;
    this.starts[this.loaded] = this.length;
  }

  /**
   * `loadOfRow[row]` is the load number of each row; `slice` lets the server answer meanwhile.
   * A lexeme in more than one row in 32 is kept as a bitmap only (n / 8 bytes, less than its
   * list); the others as lists in one array.
   */
  async build(loadOfRow: Int32Array, slice: () => Promise<void>): Promise<Postings> {
    const tokens = this.keys.length;
    const n = loadOfRow.length;
    const order = Array.from({ length: tokens }, (_, i) => i).sort((a, b) =>
      this.keys[a]! < this.keys[b]! ? -1 : this.keys[a]! > this.keys[b]! ? 1 : 0,
    );
    const rank = new Int32Array(tokens);
    for (let k = 0; k < tokens; k++) rank[order[k]!] = k;
    const counts = new Int32Array(tokens);
    for (let i = 0; i < this.length; i++) counts[rank[this.buffer[i]!]!]!++;
    const bitmaps: (Uint32Array | undefined)[] = new Array(tokens);
    const starts = new Int32Array(tokens + 1);
    for (let k = 0; k < tokens; k++) {
      const isLarge = counts[k]! * 32 > n;
      if (isLarge) bitmaps[k] = new Uint32Array((n + 31) >>> 5);
      starts[k + 1] = starts[k]! + (isLarge ? 0 : counts[k]!);
    }
    const next = starts.slice(0, tokens);
    const rows = new Int32Array(starts[tokens]!);
    await slice();
    for (let row = 0; row < n; row++) {
      if ((row & 1023) === 0) await slice();
      const load = loadOfRow[row]!;
      for (let i = this.starts[load]!; i < this.starts[load + 1]!; i++) {
        const k = rank[this.buffer[i]!]!;
        const bits = bitmaps[k];
        if (bits) bits[row >>> 5]! |= 1 << (row & 31);
        else rows[next[k]!++] = row;
      }
    }
    const large = new Map<number, RowSet>();
    for (let k = 0; k < tokens; k++) {
      const bits = bitmaps[k];
      if (bits) large.set(k, RowSet.sharedBits(n, bits, counts[k]!));
    }
    // The per-row token buffer is not needed again.
    this.buffer = new Int32Array(0);
    const keys = order.map((i) => this.keys[i]!);
    const numberOf = new Map(keys.map((key, k) => [key, k]));
    return { n, keys, starts, rows, large, numberOf };
  }
}

/** Rows grouped by a value of theirs (an industry, a stage, a region), each group sorted. */
export class GroupsBuilder<K> {
  private readonly groups = new Map<K, number[]>();

  /** Adds `row` to the group of each value (rows must come in increasing order). */
  add(row: number, values: Iterable<K>) {
    for (const value of values) {
      let group = this.groups.get(value);
      if (!group) {
        group = [];
        this.groups.set(value, group);
      }
      if (group[group.length - 1] !== row) group.push(row);
    }
  }

  build(n: number): Map<K, RowSet> {
    const out = new Map<K, RowSet>();
    for (const [value, rows] of this.groups) {
      const set = RowSet.fromList(n, Int32Array.from(rows));
      out.set(value, set.isLarge ? RowSet.sharedBits(n, set.bits(), set.size) : set);
    }
    return out;
  }
}
