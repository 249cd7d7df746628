/**
 * Text similarity for portfolio and thesis fit: TF-IDF over the projects' jieba tokens
 * (the library's `search_tokens`, so no text is segmented twice). Tokens are unique per
 * project, so a token's weight is its IDF; tokens too rare to match anything and too
 * common to mean anything are dropped, and each vector keeps only its strongest tokens.
 */
import type { SparseVector, TokenLists, VectorIds } from './types.js';
import { TOKEN_MAX_DF_SHARE, TOKEN_MIN_DF } from './weights.js';

export const EMPTY_VECTOR: SparseVector = { ids: new Int32Array(0), weights: new Float32Array(0) };

/** Interns token strings as small integers, so token lists stay compact (the demo source's; the library snapshot interns its own). */
export class TokenDictionary {
  readonly ids = new Map<string, number>();
  readonly words: string[] = [];

  intern(tokens: Iterable<string>): Int32Array {
    const out: number[] = [];
    for (const token of tokens) {
      if (!token) continue;
      let id = this.ids.get(token);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(token, id);
        this.words.push(token);
      }
      out.push(id);
    }
    return Int32Array.from(out);
  }

  /** "a b c" (search_tokens) interned. */
  internText(text: string): Int32Array {
    return this.intern(text ? text.split(' ') : []);
  }
}

/** Token lists as one CSR pair. */
export function tokenLists(lists: readonly Int32Array[]): TokenLists {
  const starts = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) starts[i + 1] = starts[i]! + lists[i]!.length;
  const ids = new Int32Array(starts[lists.length]!);
  for (let i = 0; i < lists.length; i++) ids.set(lists[i]!, starts[i]!);
  return { starts, ids };
}

/** Row i's tokens, without copying. */
export const tokensOf = (lists: TokenLists, i: number) =>
  lists.ids.subarray(lists.starts[i]!, lists.starts[i + 1]!);

/** An array for vector indexes of this vocabulary: 16-bit when they fit. */
export function vectorIdArray(vocabulary: Vocabulary, length: number): VectorIds {
  return vocabulary.idf.length <= 0x10000 ? new Uint16Array(length) : new Int32Array(length);
}

export interface Vocabulary {
  /** Token → vector index, for text typed now (descriptions, theses). */
  index: Map<string, number>;
  /** Interned token id → vector index, -1 for a dropped token (only while the index is built). */
  byDictionaryId: Int32Array;
  idf: Float32Array;
  /** Vector index → token, for reasons ("都提到：储能、电池"). */
  tokens: string[];
}

/** Vocabulary and IDF from every project's (interned) token list; `words[id]` is a token's text. */
export function buildVocabulary(words: readonly string[], documents: TokenLists): Vocabulary {
  const df = new Int32Array(words.length);
  const seen = new Int32Array(words.length).fill(-1);
  const n = documents.starts.length - 1;
  for (let d = 0; d < n; d++) {
    for (let k = documents.starts[d]!; k < documents.starts[d + 1]!; k++) {
      const id = documents.ids[k]!;
      if (seen[id] === d) continue;
      seen[id] = d;
      df[id]!++;
    }
  }
  const maxDf = Math.max(TOKEN_MIN_DF, Math.floor(n * TOKEN_MAX_DF_SHARE));
  const byDictionaryId = new Int32Array(words.length).fill(-1);
  const index = new Map<string, number>();
  const idf: number[] = [];
  const tokens: string[] = [];
  for (let id = 0; id < words.length; id++) {
    const token = words[id]!;
    const count = df[id]!;
    if (count < TOKEN_MIN_DF || count > maxDf) continue;
    byDictionaryId[id] = idf.length;
    index.set(token, idf.length);
    idf.push(Math.log(1 + n / count));
    tokens.push(token);
  }
  return { index, byDictionaryId, idf: Float32Array.from(idf), tokens };
}

/** The strongest `size` entries of a weight map, L2-normalised. */
export function toSparse(weights: Map<number, number>, size: number): SparseVector {
  let entries = [...weights.entries()].filter(([, w]) => w > 0);
  if (entries.length > size) entries = entries.sort((a, b) => b[1] - a[1]).slice(0, size);
  let norm = 0;
  for (const [, w] of entries) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  entries.sort((a, b) => a[0] - b[0]);
  return {
    ids: Int32Array.from(entries.map(([id]) => id)),
    weights: Float32Array.from(entries.map(([, w]) => w / norm)),
  };
}

/**
 * Weights summed by vector index in a dense scratch, reused vector after vector during a
 * build: what a Map per vector did (the same sums in the same order, the same entries
 * first seen first), without allocating one per vector.
 */
export class WeightAccumulator {
  private readonly weights: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;
  private count = 0;

  constructor(size: number) {
    this.weights = new Float64Array(size);
    this.seen = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }

  add(id: number, weight: number) {
    if (!this.seen[id]) {
      this.seen[id] = 1;
      this.weights[id] = 0;
      this.touched[this.count++] = id;
    }
    this.weights[id]! += weight;
  }

  /** The strongest `size` entries, L2-normalised (exactly as `toSparse`); the accumulator is empty after. */
  take(size: number): SparseVector {
    let ids: number[] = [];
    for (let k = 0; k < this.count; k++) {
      const id = this.touched[k]!;
      if (this.weights[id]! > 0) ids.push(id);
    }
    if (ids.length > size) ids = ids.sort((a, b) => this.weights[b]! - this.weights[a]!).slice(0, size);
    let norm = 0;
    for (const id of ids) norm += this.weights[id]! * this.weights[id]!;
    norm = Math.sqrt(norm) || 1;
    ids.sort((a, b) => a - b);
    const vector = {
      ids: Int32Array.from(ids),
      weights: Float32Array.from(ids, (id) => this.weights[id]! / norm),
    };
    for (let k = 0; k < this.count; k++) this.seen[this.touched[k]!] = 0;
    this.count = 0;
    return vector;
  }
}

/** An interned token list as a vector (IDF weights; a repeated token counts each time). */
export function vectorOfIds(
  vocabulary: Vocabulary,
  tokens: Int32Array,
  size: number,
  into = new WeightAccumulator(vocabulary.idf.length),
): SparseVector {
  for (const token of tokens) {
    const id = vocabulary.byDictionaryId[token] ?? -1;
    if (id >= 0) into.add(id, vocabulary.idf[id]!);
  }
  return into.take(size);
}

/** A token list typed now as a vector. */
export function vectorOfTokens(
  vocabulary: Vocabulary,
  tokens: readonly string[],
  size: number,
): SparseVector {
  const weights = new Map<number, number>();
  for (const token of tokens) {
    const id = vocabulary.index.get(token);
    if (id !== undefined) weights.set(id, (weights.get(id) ?? 0) + vocabulary.idf[id]!);
  }
  return toSparse(weights, size);
}

/**
 * A dense scratch array holding one vector, for many dot products against it. `load`
 * replaces the held vector; `dot` reads only the other vector's entries.
 */
export class DenseScratch {
  private readonly values: Float32Array;
  private held: SparseVector = EMPTY_VECTOR;

  constructor(size: number) {
    this.values = new Float32Array(size);
  }

  load(vector: SparseVector) {
    for (const id of this.held.ids) this.values[id] = 0;
    for (let i = 0; i < vector.ids.length; i++) this.values[vector.ids[i]!] = vector.weights[i]!;
    this.held = vector;
  }

  dot(vector: SparseVector): number {
    let sum = 0;
    for (let i = 0; i < vector.ids.length; i++) sum += this.values[vector.ids[i]!]! * vector.weights[i]!;
    return sum;
  }

  /** Dot product with a slice of a CSR vector store. */
  dotSlice(ids: VectorIds, weights: Float32Array, start: number, end: number): number {
    let sum = 0;
    for (let i = start; i < end; i++) sum += this.values[ids[i]!]! * weights[i]!;
    return sum;
  }

  clear() {
    this.load(EMPTY_VECTOR);
  }
}

export function dotSparse(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}
