/**
 * Compact columns for the library snapshot: one typed array per numeric column (a sentinel
 * for NULL), strings that repeat (industry ids, region codes, tags, titles, dates) as codes
 * into a dictionary, and strings that do not (names, descriptions) packed into one string
 * per block of rows. 100,000 rows of a column then cost a few hundred kilobytes, or the
 * characters themselves, instead of an object and a string header per value.
 */

/** NULL in an Int32Array column (every integer column of the library fits in int32). */
export const NULL_INT = -2147483648;

export const intOrNull = (value: number): number | null => (value === NULL_INT ? null : value);

/** A value from the database as an int32 cell (NULL, or a number that arrived as a string). */
export const toIntCell = (value: unknown): number =>
  value === null || value === undefined ? NULL_INT : Number(value);

/** Distinct strings, each with a small code; code 0 is NULL. */
export class Dictionary {
  readonly values: (string | null)[] = [null];
  private readonly codes = new Map<string, number>();

  /** The code of a value, adding it when new (only while building). */
  code(value: string | null | undefined): number {
    if (value === null || value === undefined) return 0;
    const codes = this.codes;
    let code = codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }

  /** The code of a value, or -1 when no row has it (a search for an unknown value). */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }

  get(code: number): string | null {
    return this.values[code] ?? null;
  }

  get size() {
    return this.values.length;
  }
}

/** One code per row. */
export class DictColumn {
  constructor(
    readonly dictionary: Dictionary,
    readonly codes: Uint16Array | Uint32Array,
  ) {}

  get(row: number): string | null {
    return this.dictionary.values[this.codes[row]!] ?? null;
  }
}

export class DictColumnBuilder {
  private codes: number[] = [];
  constructor(readonly dictionary: Dictionary) {}

  add(value: string | null | undefined) {
    this.codes.push(this.dictionary.code(value));
  }

  build(): DictColumn {
    const Codes = this.dictionary.size <= 0x10000 ? Uint16Array : Uint32Array;
    const column = new DictColumn(this.dictionary, Codes.from(this.codes));
    this.codes = [];
    return column;
  }
}

/** Strings packed into one string per block of rows; `get` slices (V8 shares the characters). */
export class TextColumn {
  static readonly BLOCK = 1024;

  constructor(
    private readonly blocks: string[],
    /** Where each row's text ends inside its block. */
    private readonly ends: Uint32Array,
  ) {}

  get(row: number): string {
    const start = (row & (TextColumn.BLOCK - 1)) === 0 ? 0 : this.ends[row - 1]!;
    return this.blocks[row >>> 10]!.slice(start, this.ends[row]!);
  }

  get length() {
    return this.ends.length;
  }
}

export class TextColumnBuilder {
  private readonly blocks: string[] = [];
  private parts: string[] = [];
  private ends: number[] = [];
  private at = 0;

  add(value: string | null | undefined) {
    const text = value ?? '';
    if (this.parts.length === TextColumn.BLOCK) this.flush();
    this.parts.push(text);
    this.at += text.length;
    this.ends.push(this.at);
  }

  private flush() {
    this.blocks.push(this.parts.join(''));
    this.parts = [];
    this.at = 0;
  }

  build(): TextColumn {
    if (this.parts.length) this.flush();
    const column = new TextColumn(this.blocks, Uint32Array.from(this.ends));
    this.ends = [];
    return column;
  }
}

/** A list per row (industries, tags, stages): row i's items are `items[starts[i] .. starts[i + 1])`. */
export class ListColumn {
  constructor(
    readonly starts: Uint32Array,
    /** Dictionary codes, or the numbers themselves when there is no dictionary. */
    readonly items: Uint16Array | Uint32Array | Int16Array,
    readonly dictionary?: Dictionary | undefined,
  ) {}

  /** Row `row`'s strings (a list column with a dictionary). */
  strings(row: number): string[] {
    const out: string[] = [];
    const values = this.dictionary!.values;
    for (let k = this.starts[row]!; k < this.starts[row + 1]!; k++) out.push(values[this.items[k]!]!);
    return out;
  }

  /** Row `row`'s numbers (a list column without a dictionary). */
  numbers(row: number): number[] {
    return Array.from(this.items.subarray(this.starts[row]!, this.starts[row + 1]!));
  }

  /** Row `row`'s codes, without copying. */
  codes(row: number) {
    return this.items.subarray(this.starts[row]!, this.starts[row + 1]!);
  }
}

export class ListColumnBuilder {
  private items: number[] = [];
  private starts: number[] = [0];
  constructor(private readonly dictionary?: Dictionary) {}

  add(values: readonly (string | number)[] | null | undefined) {
    for (const value of values ?? []) {
      this.items.push(this.dictionary ? this.dictionary.code(String(value)) : Number(value));
    }
    this.starts.push(this.items.length);
  }

  build(): ListColumn {
    const Items = this.dictionary
      ? this.dictionary.size <= 0x10000
        ? Uint16Array
        : Uint32Array
      : Int16Array;
    const column = new ListColumn(Uint32Array.from(this.starts), Items.from(this.items), this.dictionary);
    this.items = [];
    this.starts = [0];
    return column;
  }
}

/** The position of `id` in ids sorted ascending, or -1. */
export function positionOf(ids: Float64Array, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] === id ? lo : -1;
}
