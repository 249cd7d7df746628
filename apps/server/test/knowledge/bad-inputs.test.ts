/**
 * The bad inputs of issue 16, through the real upload path and the parse job: an encrypted PDF
 * and a DOCX zip bomb fail with a Chinese reason and leave no pages or chunks; a 500-page PDF
 * with a non-embedded CJK font is read whole, quotes verbatim from a late page; a file over the
 * page limit fails with its reason; a file stuck in one state is retried, then failed, by the sweep.
 */
import { deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStuckFiles } from '../../src/modules/knowledge/sweep.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { docx, encryptedPdf, nonEmbeddedCjkPdf } from '../parsing/fixtures.js';
import { ask, createFile, data, type Person, person, waitSettled } from './helpers.js';

async function leftovers(t: TestApp, id: number) {
  const [row] = await selectRows<{ pages: string; chunks: string }>(
    t.platform.database.db,
    sql`select (select count(*) from kb_pages where file_id = ${id}) as pages,
      (select count(*) from kb_chunks where file_id = ${id}) as chunks`,
  );
  return { pages: Number(row!.pages), chunks: Number(row!.chunks) };
}

const manyPages = (n: number) =>
  nonEmbeddedCjkPdf(
    Array.from({ length: n }, (_, i) => [
      `第 ${i + 1} 章 储能电站运营月报`,
      `本月第 ${i + 1} 号电站放电量为 ${(i + 1) * 7} 兆瓦时，设备可用率为 ${90 + (i % 10)}%。`,
    ]),
  );

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge bad inputs (${engine})`, () => {
    let t: TestApp;
    let alice: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine, env: { KB_MAX_PAGES: '600' } });
      alice = await person(t, '爱丽丝');
    });
    afterAll(() => t?.close());

    it('fails an encrypted PDF with its reason and writes no pages', async () => {
      const file = await createFile(t, alice, await encryptedPdf(), '机密.pdf');
      const settled = await waitSettled(t, alice, file.id);
      expect(settled.status).toBe('failed');
      expect(settled.failReason).toContain('加密');
      expect(await leftovers(t, file.id)).toEqual({ pages: 0, chunks: 0 });
    });

    it('fails a DOCX zip bomb before unzipping it', async () => {
      const zeros = Buffer.alloc(50 * 1024 * 1024);
      const deflated = deflateRawSync(zeros, { level: 9 });
      const bomb = docx(
        [{ paragraph: '正常的正文' }],
        Array.from({ length: 10 }, (_, i) => ({ name: `word/media/pad${i}.bin`, data: zeros, deflated })),
      );
      const file = await createFile(t, alice, bomb, '炸弹.docx');
      const settled = await waitSettled(t, alice, file.id);
      expect(settled.status).toBe('failed');
      expect(settled.failReason).toMatch(/过大/);
      expect(await leftovers(t, file.id)).toEqual({ pages: 0, chunks: 0 });
    });

    it('reads a 500-page PDF with a non-embedded CJK font whole, and quotes a late page verbatim', async () => {
      const file = await createFile(t, alice, manyPages(500), '月报.pdf');
      const settled = await waitSettled(t, alice, file.id, 120_000);
      expect(settled).toMatchObject({ status: 'ready', pageCount: 500 });
      const chat = await data(t, alice, '/kb/kbchat_create', { fileIds: [file.id] });
      const { events } = await ask(t, alice, chat.chatuuid, '第 437 号电站放电量是多少？');
      const quotes = events.find((e) => e.type === 'quote')?.quotes as { pages: number[]; text: string }[];
      const late = quotes.find((q) => q.pages[0] === 437);
      expect(late?.text).toContain('3059 兆瓦时');
      const [page] = await selectRows<{ text: string }>(
        t.platform.database.db,
        sql`select text from kb_pages where file_id = ${file.id} and page_no = 437`,
      );
      expect(page!.text).toContain(late!.text);
    }, 180_000);

    it('fails a PDF over the page limit with its reason', async () => {
      const file = await createFile(t, alice, manyPages(601), '超长.pdf');
      const settled = await waitSettled(t, alice, file.id, 60_000);
      expect(settled.status).toBe('failed');
      expect(settled.failReason).toMatch(/页/);
    }, 90_000);

    it('retries a file stuck in one state, then fails it with a reason, never leaving it at indexing', async () => {
      const file = await createFile(t, alice, '# 卡住\n这个文件会被人为卡在建立索引。', '卡住.md');
      await waitSettled(t, alice, file.id);
      const db = t.platform.database.db;
      const stick = (attempts: number) =>
        db.execute(
          sql`update kb_files set status = 'indexing', progress = 85, attempts = ${attempts},
            status_at = now() - interval '1 hour' where id = ${file.id}`,
        );
      const deps = { db, jobs: t.platform.jobs, config: t.config.knowledge };
      await stick(1);
      expect(await sweepStuckFiles(deps)).toMatchObject({ requeued: 1 });
      expect((await waitSettled(t, alice, file.id)).status).toBe('ready');
      await stick(3);
      expect(await sweepStuckFiles(deps)).toMatchObject({ failed: 1 });
      const failed = (await data(t, alice, '/kb/status', { id: file.id })).list[0];
      expect(failed.status).toBe('failed');
      expect(failed.failReason).toContain('重新解析');
    });
  });
}
