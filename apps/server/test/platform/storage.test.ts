/**
 * The storage port's contract, run against both engines: a temp folder, and the S3 engine
 * against a signature-checking S3 server on 127.0.0.1 (test/fakes/s3-server.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Code } from '@jq/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoragePort } from '../../src/platform/storage/index.js';
import { createLocalStorage } from '../../src/platform/storage/local.js';
import { createS3Storage } from '../../src/platform/storage/s3.js';
import { type FakeS3Server, startFakeS3 } from '../fakes/s3-server.js';

const S3 = {
  accessKeyId: 'jq-test-key',
  secretAccessKey: 'jq-test-secret',
  region: 'ap-shanghai',
  bucket: 'jq-test',
};

interface Harness {
  storage: StoragePort;
  teardown(): Promise<void>;
}

const engines: { name: string; open(): Promise<Harness> }[] = [
  {
    name: 'local',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jq-storage-'));
      const storage = createLocalStorage(dir);
      return {
        storage,
        teardown: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      // Pages of 2 keys, so every listing test also proves the client follows continuation tokens.
      const server = await startFakeS3({ ...S3, buckets: [S3.bucket], maxPageSize: 2 });
      const storage = createS3Storage({ ...S3, endpoint: server.endpoint, forcePathStyle: true });
      return {
        storage,
        async teardown() {
          await storage.close();
          await server.close();
        },
      };
    },
  },
];

const BAD_KEYS = [
  '',
  '../secret.txt',
  'a/../../b',
  '/etc/passwd',
  'a\\b.txt',
  'a//b',
  'a/./b',
  '.meta/x.json',
  'a/',
  `a/${'名'.repeat(84)}.jpg`,
];

describe.each(engines)('storage on $name', ({ open }) => {
  let harness: Harness;
  let storage: StoragePort;

  beforeEach(async () => {
    harness = await open();
    storage = harness.storage;
  });

  afterEach(async () => {
    await harness.teardown();
  });

  it('reads back the bytes and the content type it stored', async () => {
    const body = Buffer.from([0, 1, 2, 253, 254, 255, 0x0d, 0x0a]);
    await storage.put('bcard/2026/名片 正面.jpg', body, { contentType: 'image/jpeg' });
    const object = await storage.get('bcard/2026/名片 正面.jpg');
    expect(object).not.toBeNull();
    expect(object!.body.equals(body)).toBe(true);
    expect(object!.contentType).toBe('image/jpeg');
    expect(object!.size).toBe(body.length);
  });

  it('stores a string as UTF-8 and keeps a charset in the content type', async () => {
    await storage.put('notes/纪要.txt', '金桥：融资纪要', { contentType: 'text/plain; charset=utf-8' });
    const object = await storage.get('notes/纪要.txt');
    expect(object!.body.toString('utf8')).toBe('金桥：融资纪要');
    expect(object!.contentType).toBe('text/plain; charset=utf-8');
    expect(object!.size).toBe(Buffer.byteLength('金桥：融资纪要'));
  });

  it('stores only the viewed bytes of a Uint8Array', async () => {
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9, 9]);
    await storage.put('raw/view.bin', backing.subarray(2, 5));
    const object = await storage.get('raw/view.bin');
    expect([...object!.body]).toEqual([1, 2, 3]);
  });

  it('uses application/octet-stream when no content type is given', async () => {
    await storage.put('raw/blob', Buffer.from('x'));
    expect((await storage.get('raw/blob'))!.contentType).toBe('application/octet-stream');
  });

  it('returns null for a missing key', async () => {
    expect(await storage.get('bcard/none.jpg')).toBeNull();
    await storage.put('bcard/one.jpg', 'x');
    expect(await storage.get('bcard/one.jpg/deeper')).toBeNull();
  });

  it('replaces an object and its content type on a second put', async () => {
    await storage.put('report/r1', '旧', { contentType: 'text/plain' });
    await storage.put('report/r1', '{"v":2}', { contentType: 'application/json' });
    const object = await storage.get('report/r1');
    expect(object!.body.toString()).toBe('{"v":2}');
    expect(object!.contentType).toBe('application/json');
  });

  it('tells whether a key exists', async () => {
    expect(await storage.exists('a/b.txt')).toBe(false);
    await storage.put('a/b.txt', 'b');
    expect(await storage.exists('a/b.txt')).toBe(true);
    // A folder-like prefix is not an object.
    expect(await storage.exists('a')).toBe(false);
  });

  it('deletes an object, and deleting a missing key is fine', async () => {
    await storage.put('tmp/x.txt', 'x');
    await storage.delete('tmp/x.txt');
    expect(await storage.get('tmp/x.txt')).toBeNull();
    expect(await storage.exists('tmp/x.txt')).toBe(false);
    await expect(storage.delete('tmp/x.txt')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.txt')).resolves.toBeUndefined();
  });

  it('lists the keys under a prefix, sorted, across pages', async () => {
    const keys = [
      'bcard/2026/c.jpg',
      'bcard/2025/z.jpg',
      'bcard/2026/a.jpg',
      'bcard/2026/b/d.jpg',
      'bcard/20x.jpg',
    ];
    for (const key of keys) await storage.put(key, key);
    await storage.put('bcardx/other.jpg', 'no');
    await storage.put('report/r.pdf', 'no');

    expect(await storage.list('bcard/')).toEqual([
      'bcard/2025/z.jpg',
      'bcard/2026/a.jpg',
      'bcard/2026/b/d.jpg',
      'bcard/2026/c.jpg',
      'bcard/20x.jpg',
    ]);
    // A prefix is the start of a key, not only a folder.
    expect(await storage.list('bcard/2026')).toEqual([
      'bcard/2026/a.jpg',
      'bcard/2026/b/d.jpg',
      'bcard/2026/c.jpg',
    ]);
    expect(await storage.list('bcard/2026/b')).toEqual(['bcard/2026/b/d.jpg']);
    expect(await storage.list('nothing/')).toEqual([]);
    expect(await storage.list('')).toHaveLength(7);
  });

  it('lists keys in UTF-8 byte order', async () => {
    // UTF-16 order would put the emoji (surrogates, 0xD83D) before 中 (0x4E2D) and ｚ (0xFF5A).
    for (const key of ['k/😀', 'k/ｚ', 'k/中', 'k/Z', 'k/a']) await storage.put(key, 'x');
    expect(await storage.list('k/')).toEqual(['k/Z', 'k/a', 'k/中', 'k/ｚ', 'k/😀']);
  });

  it('removes deleted keys from the listing', async () => {
    await storage.put('d/1', '1');
    await storage.put('d/2', '2');
    await storage.delete('d/1');
    expect(await storage.list('d/')).toEqual(['d/2']);
  });

  it('refuses a key that escapes the folder', async () => {
    for (const key of BAD_KEYS) {
      const refused = { code: Code.BAD_REQUEST, message: '文件路径不合法' };
      await expect(storage.put(key, 'x'), key).rejects.toMatchObject(refused);
      await expect(storage.get(key), key).rejects.toMatchObject(refused);
      await expect(storage.exists(key), key).rejects.toMatchObject(refused);
      await expect(storage.delete(key), key).rejects.toMatchObject(refused);
    }
    await expect(storage.list('../')).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    await expect(storage.list('/abs')).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    expect(await storage.list('')).toEqual([]);
  });

  it('answers ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});

describe('local storage', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jq-storage-'));
  });

  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('has no presigned PUT: the server signs its own upload rows', () => {
    expect(createLocalStorage(dir).presignPut).toBeUndefined();
  });

  it('keeps objects as plain files under the folder, and their type across restarts', async () => {
    await createLocalStorage(dir).put('bcard/a.png', Buffer.from('png'), { contentType: 'image/png' });
    expect(await fs.readFile(path.join(dir, 'bcard', 'a.png'), 'utf8')).toBe('png');
    const reopened = await createLocalStorage(dir).get('bcard/a.png');
    expect(reopened!.contentType).toBe('image/png');
  });

  it('writes nothing outside the folder for a key that escapes it', async () => {
    const inner = path.join(dir, 'store');
    const storage = createLocalStorage(inner);
    await expect(storage.put('../escaped.txt', 'x')).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    await expect(storage.put('..\\escaped.txt', 'x')).rejects.toMatchObject({ code: Code.BAD_REQUEST });
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('reads a file copied into the folder by hand as application/octet-stream', async () => {
    await fs.mkdir(path.join(dir, 'import'));
    await fs.writeFile(path.join(dir, 'import', 'old.bin'), 'old');
    const storage = createLocalStorage(dir);
    expect(await storage.list('')).toEqual(['import/old.bin']);
    expect((await storage.get('import/old.bin'))!.contentType).toBe('application/octet-stream');
  });

  it('never shows a partly written object and leaves no temp files', async () => {
    const storage = createLocalStorage(dir);
    const size = 2 * 1024 * 1024;
    const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(size, 65 + i));
    await storage.put('big/file.bin', versions[0]!);
    const reads: Promise<void>[] = [];
    const writes = versions.map(async (version, i) => {
      await storage.put('big/file.bin', version);
      reads.push(
        storage.get('big/file.bin').then((object) => {
          expect(object!.size, `read after write ${i}`).toBe(size);
          // One version throughout: a torn write would mix two letters or come up short.
          expect(object!.body.equals(Buffer.alloc(size, object!.body[0]!))).toBe(true);
        }),
      );
    });
    await Promise.all(writes);
    await Promise.all(reads);
    expect(await fs.readdir(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses a key that is both an object and a folder', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('a', 'file');
    await expect(storage.put('a/b', 'x')).rejects.toMatchObject({ code: Code.CONFLICT });
    expect((await storage.get('a'))!.body.toString()).toBe('file');
  });
});

describe('s3 storage', () => {
  let server: FakeS3Server;
  const opened: StoragePort[] = [];
  const open = (overrides: Partial<typeof S3> = {}) => {
    const storage = createS3Storage({ ...S3, ...overrides, endpoint: server.endpoint, forcePathStyle: true });
    opened.push(storage);
    return storage;
  };

  beforeEach(async () => {
    server = await startFakeS3({ ...S3, buckets: [S3.bucket] });
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
    await server.close();
  });

  it('signs every request with the configured key', async () => {
    const storage = open();
    await storage.put('k.txt', 'v');
    await storage.get('k.txt');
    expect(server.signedRequests).toBe(2);
  });

  it('is refused with a wrong secret key', async () => {
    const storage = open({ secretAccessKey: 'not-the-secret' });
    await expect(storage.put('k.txt', 'v')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    // A refused read must not pass for a missing object.
    await expect(storage.get('k.txt')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(server.signedRequests).toBe(0);
  });

  it('signs for the configured region', async () => {
    const storage = open({ region: 'ap-beijing' });
    await expect(storage.put('k.txt', 'v')).rejects.toMatchObject({ name: 'AuthorizationHeaderMalformed' });
  });

  it('fails ping for a missing bucket', async () => {
    await expect(open({ bucket: 'no-such-bucket' }).ping()).rejects.toThrow();
    await expect(open().ping()).resolves.toBeUndefined();
  });

  it('presigns a PUT of one key that the bucket accepts without credentials, and refuses a bad key', async () => {
    const storage = open();
    const url = await storage.presignPut!('bcard/u1/card.png', 600);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    expect((await fetch(url, { method: 'PUT', body: 'png' })).status).toBe(200);
    expect((await storage.get('bcard/u1/card.png'))?.body.toString()).toBe('png');
    await expect(storage.presignPut!('../escape', 600)).rejects.toThrow();
  });
});
