/**
 * Sets of rows for the search index. Rows are numbered in the entity's recency order, so a
 * set read in order is newest first. A small set is a sorted Int32Array; a large one (more
 * than one row in 32) is also, or only, a bitmap of n bits — the same memory or less, and
 * unions and intersections of large sets become word-wise ORs and ANDs (3,125 words for
 * 100,000 rows) instead of merges of tens of thousands of rows.
 */

export class RowSet {
  private listed: Int32Array | undefined;
  private bitmap: Uint32Array | undefined;

  private constructor(
    readonly n: number,
    readonly size: number,
    list?: Int32Array,
    bits?: Uint32Array,
    /** Kept by the index and shared by every search: a list made from its bits is not kept. */
    private readonly isShared = false,
  ) {
    this.listed = list;
    this.bitmap = bits;
  }

  /** A large set the index keeps as a bitmap only (its rows listed on demand, not kept). */
  static sharedBits(n: number, bits: Uint32Array, size = popcount(bits)): RowSet {
    return new RowSet(n, size, undefined, bits, true);
  }

  static fromList(n: number, list: Int32Array): RowSet {
    return new RowSet(n, list.length, list);
  }

  static fromBits(n: number, bits: Uint32Array, size = popcount(bits)): RowSet {
    return new RowSet(n, size, undefined, bits);
  }

  static empty(n: number): RowSet {
    return new RowSet(n, 0, new Int32Array(0));
  }

  static all(n: number): RowSet {
    const bits = new Uint32Array((n + 31) >>> 5).fill(0xffffffff);
    if (n & 31) bits[bits.length - 1] = (1 << (n & 31)) - 1;
    return new RowSet(n, n, undefined, bits);
  }

  /** Large: better kept as a bitmap. */
  get isLarge() {
    return this.size * 32 > this.n;
  }

  /** The rows in order. */
  list(): Int32Array {
    if (this.listed) return this.listed;
    const list = bitsToList(this.bitmap!, this.size);
    if (!this.isShared) this.listed = list;
    return list;
  }

  bits(): Uint32Array {
    if (!this.bitmap) {
      const bits = new Uint32Array((this.n + 31) >>> 5);
      const list = this.listed!;
      for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      this.bitmap = bits;
    }
    return this.bitmap;
  }

  hasBits() {
    return this.bitmap !== undefined;
  }
}

export function popcount(bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) count += popcount32(bits[i]!);
  return count;
}

function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function bitsToList(bits: Uint32Array, size: number): Int32Array {
  const out = new Int32Array(size);
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w]!;
    const base = w << 5;
    while (v !== 0) {
      const low = v & -v;
      out[k++] = base + 31 - Math.clz32(low);
      v ^= low;
    }
  }
  return out;
}

/** The first index at or after `from` whose value is ≥ `value` (galloping, then binary search). */
function seek(rows: Int32Array, value: number, from: number): number {
  if (from >= rows.length || rows[from]! >= value) return from;
  let lo = from;
  let step = 1;
  let hi = from + 1;
  while (hi < rows.length && rows[hi]! < value) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  hi = Math.min(hi, rows.length);
  let l = lo + 1;
  while (l < hi) {
    const mid = (l + hi) >>> 1;
    if (rows[mid]! < value) l = mid + 1;
    else hi = mid;
  }
  return l;
}

function intersectLists(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Int32Array(a.length);
  let n = 0;
  if (a.length * 16 < b.length) {
    let j = 0;
    for (let i = 0; i < a.length && j < b.length; i++) {
      const v = a[i]!;
      j = seek(b, v, j);
      if (j < b.length && b[j] === v) out[n++] = v;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.slice(0, n);
}

/** The rows of `list` that `bits` has. */
function filterByBits(list: Int32Array, bits: Uint32Array): Int32Array {
  const out = new Int32Array(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const row = list[i]!;
    if (bits[row >>> 5]! & (1 << (row & 31))) out[n++] = row;
  }
  return out.slice(0, n);
}

export function intersect(a: RowSet, b: RowSet): RowSet {
  if (a.size > b.size) [a, b] = [b, a];
  if (a.size === 0) return a;
  if (a.isLarge) {
    const x = a.bits();
    const y = b.bits();
    const out = new Uint32Array(x.length);
    let size = 0;
    for (let i = 0; i < x.length; i++) {
      const v = x[i]! & y[i]!;
      if (v === 0) continue;
      out[i] = v;
      size += popcount32(v);
    }
    return RowSet.fromBits(a.n, out, size);
  }
  if (b.hasBits() || b.isLarge) return RowSet.fromList(a.n, filterByBits(a.list(), b.bits()));
  return RowSet.fromList(a.n, intersectLists(a.list(), b.list()));
}

/** The intersection of all, smallest first. */
export function intersectAll(sets: RowSet[]): RowSet {
  if (!sets.length) throw new Error('intersectAll needs a set');
  const sorted = [...sets].sort((x, y) => x.size - y.size);
  let result = sorted[0]!;
  for (let i = 1; i < sorted.length && result.size; i++) result = intersect(result, sorted[i]!);
  return result;
}

export function unionAll(sets: RowSet[], n: number): RowSet {
  const nonEmpty = sets.filter((s) => s.size > 0);
  if (nonEmpty.length === 0) return RowSet.empty(n);
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  let total = 0;
  for (const set of nonEmpty) total += set.size;
  if (total * 32 > n || nonEmpty.some((s) => s.hasBits())) {
    const out = new Uint32Array((n + 31) >>> 5);
    for (const set of nonEmpty) {
      if (set.hasBits() || set.isLarge) {
        const bits = set.bits();
        for (let i = 0; i < out.length; i++) out[i]! |= bits[i]!;
      } else {
        const list = set.list();
        for (let i = 0; i < list.length; i++) out[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      }
    }
    return RowSet.fromBits(n, out);
  }
  const all = new Int32Array(total);
  let at = 0;
  for (const set of nonEmpty) {
    all.set(set.list(), at);
    at += set.size;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[k - 1]) all[k++] = all[i]!;
  return RowSet.fromList(n, all.slice(0, k));
}

/**
 * A test on a row's cells: its [lo, hi] (lo = hi for a single value) overlaps [min, max].
 * NaN (an unknown value) never does.
 */
export interface ColumnRange {
  lo: Float64Array | Uint32Array;
  hi: Float64Array | Uint32Array;
  min: number;
  max: number;
}

function meetsAll(ranges: ColumnRange[], row: number): boolean {
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i]!;
    if (!(range.hi[row]! >= range.min && range.lo[row]! <= range.max)) return false;
  }
  return true;
}

/**
 * The rows of `set` (all `n` rows when null) that meet every range. Plain data, not a
 * callback per condition: one call site that sees every kind of test stays fast.
 */
export function filterRows(set: RowSet | null, n: number, ranges: ColumnRange[]): RowSet {
  const out = new Int32Array(set ? set.size : n);
  let k = 0;
  if (!set) {
    for (let row = 0; row < n; row++) if (meetsAll(ranges, row)) out[k++] = row;
  } else if (set.hasBits()) {
    // Walk the bitmap rather than list a large set first.
    const bits = set.bits();
    for (let w = 0; w < bits.length; w++) {
      let v = bits[w]!;
      while (v !== 0) {
        const low = v & -v;
        const row = (w << 5) + 31 - Math.clz32(low);
        if (meetsAll(ranges, row)) out[k++] = row;
        v ^= low;
      }
    }
  } else {
    const list = set.list();
    for (let i = 0; i < list.length; i++) if (meetsAll(ranges, list[i]!)) out[k++] = list[i]!;
  }
  return RowSet.fromList(n, out.slice(0, k));
}

/**
 * For each of the (sorted) `matches` that `set` has, `hit(index in matches)`: how scores
 * are added. A bitmap is probed. Lists of like length are merged in one pass; when one is
 * far shorter (as in `intersectLists`), each of its rows is sought in the other.
 */
export function forEachCommon(matches: Int32Array, set: RowSet, hit: (index: number) => void) {
  if (!matches.length || !set.size) return;
  if (set.hasBits() || set.isLarge) {
    const bits = set.bits();
    for (let i = 0; i < matches.length; i++) {
      const row = matches[i]!;
      if (bits[row >>> 5]! & (1 << (row & 31))) hit(i);
    }
    return;
  }
  const other = set.list();
  if (other.length * 16 < matches.length) {
    let i = 0;
    for (let j = 0; j < other.length && i < matches.length; j++) {
      i = seek(matches, other[j]!, i);
      if (i < matches.length && matches[i] === other[j]) hit(i);
    }
    return;
  }
  if (matches.length * 16 < other.length) {
    let j = 0;
    for (let i = 0; i < matches.length && j < other.length; i++) {
      j = seek(other, matches[i]!, j);
      if (j < other.length && other[j] === matches[i]) hit(i);
    }
    return;
  }
  let i = 0;
  let j = 0;
  while (i < matches.length && j < other.length) {
    const x = matches[i]!;
    const y = other[j]!;
    if (x === y) {
      hit(i);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
}
