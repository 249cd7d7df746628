/**
 * The ZIP container of DOCX, XLSX and PPTX, read from its central directory with node:zlib.
 * Reading the directory first is what stops a zip bomb: the declared sizes are checked
 * before anything is inflated, and every inflate is capped at the size its entry declared,
 * so a file that lies about its sizes fails instead of filling memory. `checkZipBomb` runs
 * the same inflates once before a document goes to a library that unzips on its own
 * (mammoth, exceljs), which then cannot meet anything larger than what was checked.
 */
import { inflateRawSync } from 'node:zlib';
import { ParseError } from './types.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  isEncrypted: boolean;
}

/** Uncompressed bytes a document may unpack to in all. */
export const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;
/** Uncompressed bytes of one entry (a sheet's XML can be large; nothing real is near this). */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;
/** Above this size an entry may not be compressed more than MAX_RATIO times (XML compresses ~10-30×). */
const RATIO_FLOOR = 8 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_ENTRIES = 20_000;

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const corrupt = () => new ParseError('corrupt');

function findEocd(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/** The entries of a ZIP file, or null when the bytes are not one. */
export function listZipEntries(input: Uint8Array): ZipEntry[] | null {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) return null;
  const eocd = findEocd(bytes);
  if (eocd < 0) return null;
  let count = bytes.readUInt16LE(eocd + 10);
  let dirOffset = bytes.readUInt32LE(eocd + 16);
  if ((count === 0xffff || dirOffset === 0xffffffff) && eocd >= 20) {
    const locator = eocd - 20;
    if (bytes.readUInt32LE(locator) !== EOCD64_LOCATOR) return null;
    const at = Number(bytes.readBigUInt64LE(locator + 8));
    if (at + 56 > bytes.length || bytes.readUInt32LE(at) !== EOCD64) return null;
    count = Number(bytes.readBigUInt64LE(at + 32));
    dirOffset = Number(bytes.readBigUInt64LE(at + 48));
  }
  if (count > MAX_ENTRIES) throw new ParseError('too_large');
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    let localOffset = bytes.readUInt32LE(at + 42);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > bytes.length) return null;
    const name = bytes.toString('utf8', at + 46, nameEnd);
    // ZIP64: the real sizes sit in extra field 0x0001, in this order, for the fields that overflowed.
    let extra = nameEnd;
    while (extra + 4 <= nameEnd + extraLength) {
      const id = bytes.readUInt16LE(extra);
      const length = bytes.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          const value = field + 8 <= extra + 4 + length ? Number(bytes.readBigUInt64LE(field)) : -1;
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
        if (size < 0 || compressedSize < 0 || localOffset < 0) return null;
      }
      extra += 4 + length;
    }
    entries.push({ name, method, compressedSize, size, localOffset, isEncrypted: (flags & 1) === 1 });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** Refuses a container whose declared sizes or ratios are those of a bomb. */
export function checkDeclaredSizes(entries: ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.size > MAX_ENTRY_BYTES || total > MAX_UNZIPPED_BYTES) throw new ParseError('too_large');
    if (entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * MAX_RATIO) {
      throw new ParseError('too_large');
    }
  }
}

export class ZipReader {
  private readonly bytes: Buffer;
  private readonly byName = new Map<string, ZipEntry>();

  constructor(
    input: Uint8Array,
    readonly entries: ZipEntry[],
  ) {
    this.bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    for (const entry of entries) this.byName.set(entry.name, entry);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** An entry's bytes, inflated no further than its declared size; null when there is no such entry. */
  read(name: string): Buffer | null {
    const entry = this.byName.get(name);
    return entry ? this.inflate(entry) : null;
  }

  text(name: string): string | null {
    return this.read(name)?.toString('utf8') ?? null;
  }

  inflate(entry: ZipEntry): Buffer {
    if (entry.isEncrypted) throw new ParseError('encrypted');
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || this.bytes.readUInt32LE(at) !== LOCAL) throw corrupt();
    const start = at + 30 + this.bytes.readUInt16LE(at + 26) + this.bytes.readUInt16LE(at + 28);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw corrupt();
    if (entry.method === 0) {
      if (entry.size !== entry.compressedSize) throw corrupt();
      return data;
    }
    if (entry.method !== 8) throw new ParseError('unsupported', '文件使用了不支持的压缩方式，无法解析');
    let out: Buffer;
    try {
      // One byte more than declared: reaching it proves the entry lied about its size.
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size + 1) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ParseError('too_large', undefined, { cause: error });
      }
      throw new ParseError('corrupt', undefined, { cause: error });
    }
    if (out.length > entry.size) throw new ParseError('too_large');
    if (out.length !== entry.size) throw corrupt();
    return out;
  }
}

/** Opens an OOXML container after the size checks; corrupt when the bytes are not a ZIP. */
export function openZip(bytes: Uint8Array): ZipReader {
  const entries = listZipEntries(bytes);
  if (!entries) throw corrupt();
  checkDeclaredSizes(entries);
  return new ZipReader(bytes, entries);
}

/**
 * Inflates every entry once within its declared size, for containers another library will
 * unzip: afterwards that library cannot meet more bytes than were checked here.
 */
export function checkZipBomb(bytes: Uint8Array): ZipReader {
  const zip = openZip(bytes);
  for (const entry of zip.entries) {
    if (!entry.name.endsWith('/')) zip.inflate(entry);
  }
  return zip;
}
