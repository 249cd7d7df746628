/**
 * The local storage engine: one plain file per key under a folder, so an operator can
 * back it up or inspect it with ordinary tools. Also owns the key rules both engines share.
 *
 * Layout:
 *   <dir>/<key>              the object's bytes
 *   <dir>/.meta/<key>.json   its content type
 *   <dir>/.tmp/              files being written
 * The content type lives in a sidecar rather than being guessed from the extension, because
 * the S3 engine returns exactly the type given to `put` (`text/plain; charset=utf-8`, an
 * image uploaded without an extension) and code must not see a difference between engines.
 * The sidecars sit in their own tree so that no key can collide with one.
 */
import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import type { StoragePort, StoredObject } from './index.js';

const META_DIR = '.meta';
const TMP_DIR = '.tmp';
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function invalidKey(): AppError {
  return new AppError(Code.BAD_REQUEST, '文件路径不合法');
}

/**
 * Keys are relative paths of non-empty segments. Both engines apply the same rules, so a key
 * that works on S3 also works in a folder: no `.`/`..` (escape), no segment starting with a dot
 * (hidden files, and the engine's own `.meta`/`.tmp`), no backslash (a separator on Windows),
 * no absolute path, no control characters.
 */
export function checkStorageKey(key: string): string {
  // 1024 bytes is S3's limit for a key; 255 a file system's for one name, less the sidecar's `.json`.
  if (typeof key !== 'string' || key.length === 0 || Buffer.byteLength(key) > 1024) throw invalidKey();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (key.includes('\\') || /[\u0000-\u001f\u007f]/.test(key)) throw invalidKey();
  const segments = key.split('/');
  const isBad = (segment: string) =>
    segment === '' || segment.startsWith('.') || Buffer.byteLength(segment) > 250;
  if (segments.some(isBad)) throw invalidKey();
  return key;
}

/** A prefix is a key's beginning: empty, or rules of a key with an optional trailing slash. */
export function checkStoragePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** S3 lists keys in UTF-8 byte order; both engines sort the same way. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

export function toBuffer(body: Buffer | Uint8Array | string): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function createLocalStorage(dir: string): StoragePort {
  const root = path.resolve(dir);
  const bodyPath = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  const metaPath = (key: string) => `${path.join(root, META_DIR, ...key.split('/'))}.json`;

  /** Temp file in the same folder tree (same file system), then rename: readers never see half a file. */
  async function writeAtomically(target: string, data: Buffer | string): Promise<void> {
    const tmpDir = path.join(root, TMP_DIR);
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await fs.writeFile(tmp, data, { flush: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      const code = (error as NodeJS.ErrnoException).code;
      // `a` and `a/b` cannot both exist in a folder, though they can in a bucket.
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') {
        throw new AppError(Code.CONFLICT, '文件路径与已有文件冲突', { cause: error });
      }
      throw error;
    }
  }

  async function walk(folder: string, keyPrefix: string, into: string[]): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`, into);
      else if (entry.isFile()) into.push(key);
    }
  }

  return {
    engine: 'local',

    async put(key, body, options) {
      const target = bodyPath(key);
      const contentType = options?.contentType || DEFAULT_CONTENT_TYPE;
      // Meta first: a crash between the two renames leaves a sidecar without a body, which
      // reads as "no object", never a body with another object's type.
      await writeAtomically(metaPath(key), JSON.stringify({ contentType }));
      await writeAtomically(target, toBuffer(body));
    },

    async get(key): Promise<StoredObject | null> {
      let body: Buffer;
      try {
        body = await fs.readFile(bodyPath(key));
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      let contentType = DEFAULT_CONTENT_TYPE;
      try {
        const meta = JSON.parse(await fs.readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string' && meta.contentType) contentType = meta.contentType;
      } catch {
        // A file copied into the folder by hand has no sidecar; it is still readable.
      }
      return { body, contentType, size: body.length };
    },

    async exists(key) {
      try {
        return (await fs.stat(bodyPath(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      const target = bodyPath(key);
      // Empty folders are left behind on purpose: removing them races with a `put` into them.
      await fs.rm(target, { force: true });
      await fs.rm(metaPath(key), { force: true });
    },

    async list(prefix) {
      checkStoragePrefix(prefix);
      // Walk only the folder the prefix points into; `bcard/20` matches `bcard/2026/...` as on S3.
      const slash = prefix.lastIndexOf('/');
      const base = slash === -1 ? '' : prefix.slice(0, slash + 1);
      const keys: string[] = [];
      await walk(path.join(root, ...base.split('/').filter(Boolean)), base, keys);
      return keys.filter((key) => key.startsWith(prefix)).sort(compareKeys);
    },

    async ping() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },

    async close() {},
  };
}
