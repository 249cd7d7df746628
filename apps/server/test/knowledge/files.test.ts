/**
 * Knowledge files: registering, parsing status, dedupe, bad inputs, ownership of every file row
 * and deleting while a file is being parsed — through the real app on both databases.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import {
  call,
  createFile,
  data,
  type Person,
  person,
  STORAGE_MD,
  upload,
  visitor,
  waitSettled,
} from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge files (${engine})`, () => {
    let t: TestApp;
    let alice: Person;
    let bob: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      alice = await person(t, '爱丽丝');
      bob = await person(t, '鲍勃');
    });
    afterAll(() => t?.close());

    it('parses a Markdown file through queued → ready with 100% progress', async () => {
      const file = await createFile(t, alice, STORAGE_MD, '储能简报.md');
      expect(['queued', 'parsing', 'indexing', 'ready']).toContain(file.status);
      const settled = await waitSettled(t, alice, file.id);
      expect(settled).toMatchObject({ status: 'ready', progress: 100, failReason: '' });
      expect(settled.chunkCount).toBeGreaterThan(0);
      const page = await data(t, alice, '/kb/history', { page: 1 });
      expect(page.list.map((f: { id: number }) => f.id)).toContain(file.id);
      expect(page.list[0]).toMatchObject({ title: '储能简报', kind: 'md', isMine: true, access: 'owner' });
    });

    it('answers the first file for the same bytes uploaded twice', async () => {
      const first = await createFile(t, alice, `${STORAGE_MD}\n重复测试`, 'a.md');
      const res = await upload(t, alice, `${STORAGE_MD}\n重复测试`, 'b.md');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isDuplicate: true, file: { id: first.id } });
      // Another owner's identical bytes are their own file.
      const other = await createFile(t, bob, `${STORAGE_MD}\n重复测试`, 'a.md');
      expect(other.id).not.toBe(first.id);
    });

    it('refuses a 0-byte file and an executable renamed to .pdf, writing nothing', async () => {
      const before = await countFiles(t);
      const empty = await upload(t, alice, Buffer.alloc(0), '空.txt');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('文件是空的');
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0)]);
      const renamed = await upload(t, alice, exe, '报告.pdf');
      expect(renamed.statusCode).toBe(415);
      expect(renamed.json().msg).toContain('不支持该文件类型');
      expect(await countFiles(t)).toBe(before);
    });

    it('lets nobody else read, change or delete a private file, answering like a missing one', async () => {
      const file = await createFile(t, alice, `${STORAGE_MD}\n私有`, '私有.md');
      await waitSettled(t, alice, file.id);
      const missing = 999_999;
      for (const id of [file.id, missing]) {
        for (const [url, body] of [
          ['/kb/kbfile_preview', { id }],
          ['/kb/update', { id, fileTitle: '改名' }],
          ['/kb/delete', { id }],
          ['/kb/saveOpenFile', { id }],
        ] as const) {
          const res = await call(t, bob, url, body);
          expect(res.statusCode, `${url} ${id}`).toBe(404);
          expect(res.json().msg).toBe('文件不存在或无权访问');
        }
        expect((await data(t, bob, '/kb/status', { id })).list).toEqual([]);
        const chat = await call(t, bob, '/kb/kbchat_create', { fileIds: [id] });
        expect(chat.statusCode).toBe(404);
      }
      expect((await call(t, visitor(), '/kb/kbfile_preview', { id: file.id })).statusCode).toBe(404);
      expect((await call(t, visitor(), '/kb/history', {})).statusCode).toBe(401);
      // Still there, unchanged, for its owner.
      const mine = await data(t, alice, '/kb/kbfile_preview', { id: file.id });
      expect(mine.file.title).toBe('私有');
    });

    it('stops a parse when the file is deleted under it and leaves nothing behind', async () => {
      // Big enough that parsing and indexing take a while.
      const big = Array.from(
        { length: 60_000 },
        (_, i) => `第 ${i} 段：储能电站的容量为 ${i * 3} 兆瓦时，收益率约 ${i % 9}%。`,
      ).join('\n\n');
      const file = await createFile(t, alice, big, '大文件.txt');
      const until = Date.now() + 20_000;
      for (;;) {
        const { list } = await data(t, alice, '/kb/status', { id: file.id });
        if (list[0]?.status === 'parsing' || list[0]?.status === 'indexing') break;
        if (list[0]?.status === 'ready' || Date.now() > until)
          throw new Error(`not caught while parsing: ${JSON.stringify(list[0])}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect((await data(t, alice, '/kb/delete', { id: file.id })).isDeleted).toBe(true);
      await new Promise((r) => setTimeout(r, 1500));
      const db = t.platform.database.db;
      for (const table of ['kb_files', 'kb_pages', 'kb_chunks']) {
        const column = table === 'kb_files' ? 'id' : 'file_id';
        const [row] = await selectRows<{ n: string }>(
          db,
          sql`select count(*) as n from ${sql.raw(table)} where ${sql.raw(column)} = ${file.id}`,
        );
        expect(Number(row!.n), table).toBe(0);
      }
      const sha = createHash('sha256').update(big).digest('hex');
      expect(await t.platform.storage.exists(`kb/${alice.id}/${sha}`)).toBe(false);
    });

    it('re-indexes under the same id', async () => {
      const file = await createFile(t, alice, `${STORAGE_MD}\n重新解析`, '重解析.md');
      await waitSettled(t, alice, file.id);
      const updated = await data(t, alice, '/kb/update', { id: file.id, reindex: true, fileTitle: '新标题' });
      expect(updated).toMatchObject({ id: file.id, title: '新标题' });
      expect(['queued', 'parsing', 'indexing', 'ready']).toContain(updated.status);
      const settled = await waitSettled(t, alice, file.id);
      expect(settled.status).toBe('ready');
      expect(
        (await data(t, alice, '/kb/history', {})).list.filter((f: { title: string }) => f.title === '新标题'),
      ).toHaveLength(1);
    });
  });
}

async function countFiles(t: TestApp) {
  const [row] = await selectRows<{ n: string }>(
    t.platform.database.db,
    sql`select count(*) as n from kb_files`,
  );
  return Number(row!.n);
}
