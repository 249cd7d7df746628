/**
 * kbchat over one's files and the square: quotes are verbatim on the cited page and survive a
 * reload and a re-index; a public file previews its first pages until saved (or unlocked at its
 * price); answers citing other users' files are paid and earn their owners a share.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { ask, call, data, type Person, person, readyFile, STORAGE_MD, visitor } from './helpers.js';

async function grant(t: TestApp, who: Person, credits: number) {
  await t.platform.database.db.execute(
    sql`insert into balances (user_id, credits) values (${who.id}, ${credits})
      on conflict (user_id) do update set credits = excluded.credits`,
  );
}

async function pageText(t: TestApp, fileId: number, pageNo: number) {
  const [row] = await selectRows<{ text: string }>(
    t.platform.database.db,
    sql`select text from kb_pages where file_id = ${fileId} and page_no = ${pageNo}`,
  );
  return row?.text;
}

/** Four parts of a long text (the parser cuts about every 4,000 characters at a blank line): part 4 is about risks. */
const filler = (n: number) => Array.from({ length: 420 }, () => `本段为第${n}章的填充说明文字。`).join('\n');
const LONG = [
  '第一章 市场\n2025 年中国新型储能累计装机规模达到 73.8 吉瓦，同比增长 130%。',
  '第二章 技术\n钠离子电池的能量密度已经达到每公斤 160 瓦时，成本比锂电池低约两成。',
  '第三章 格局\n储能电池出货量前五的企业合计份额约为 78%。',
  '第四章 风险\n碳酸锂价格波动会直接影响储能项目的收益率，这是最大的风险。',
]
  .map((chapter, i) => `${chapter}\n${filler(i + 1)}`)
  .join('\n\n');

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge chat (${engine})`, () => {
    let t: TestApp;
    let alice: Person;
    let bob: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine, env: { KB_PREVIEW_PAGES: '2', KB_ANSWER_CREDITS: '4' } });
      alice = await person(t, '爱丽丝');
      bob = await person(t, '鲍勃');
    });
    afterAll(() => t?.close());

    it('quotes the cited page verbatim, and the quotes survive a reload and a re-index', async () => {
      const id = await readyFile(t, alice, STORAGE_MD, '储能简报.md');
      const chat = await data(t, alice, '/kb/kbchat_create', { fileIds: [id] });
      const { res, events } = await ask(t, alice, chat.chatuuid, '储能电池行业集中度怎么样？');
      expect(res.statusCode).toBe(200);
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done', isend: true, credits: 0 });
      const quotes = events.find((e) => e.type === 'quote')?.quotes as {
        pid: number;
        pages: number[];
        text: string;
      }[];
      expect(quotes.length).toBeGreaterThan(0);
      for (const q of quotes) {
        expect(q.pid).toBe(id);
        expect(await pageText(t, q.pid, q.pages[0]!)).toContain(q.text);
      }
      expect(quotes.some((q) => q.text.includes('78%'))).toBe(true);

      await data(t, alice, '/kb/update', { id, reindex: true });
      const until = Date.now() + 15_000;
      while ((await data(t, alice, '/kb/status', { id })).list[0].status !== 'ready' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      const detail = await data(t, alice, '/kb/kbchat_conversation', { chatuuid: chat.chatuuid });
      const saved = detail.messages.at(-1);
      expect(saved.quotes).toEqual(quotes.map((q) => expect.objectContaining({ pid: q.pid, text: q.text })));
      for (const q of saved.quotes) {
        const preview = await data(t, alice, '/kb/kbfile_preview', {
          id: q.pid,
          page: q.pages[0],
          q: q.text,
        });
        expect(preview.highlight).toMatchObject({ pageNo: q.pages[0] });
        const page = preview.pages.find((p: { no: number }) => p.no === q.pages[0]);
        expect(page.text.slice(preview.highlight.start, preview.highlight.end)).toBe(q.text);
      }
    });

    it('previews a public file to others by its first pages only, until saved', async () => {
      const id = await readyFile(t, alice, LONG, '储能四章.txt');
      await data(t, alice, '/kb/update', { id, visibility: 'public' });
      const square = await data(t, visitor(), '/kb/getKbSquare', {});
      expect(square.list.map((f: { id: number }) => f.id)).toContain(id);
      const [risk] = await selectRows<{ page_no: number; total: string }>(
        t.platform.database.db,
        sql`select page_no, (select count(*) from kb_pages where file_id = ${id}) as total from kb_pages
          where file_id = ${id} and text like '%碳酸锂%'`,
      );
      const riskPage = risk!.page_no;
      expect(riskPage).toBeGreaterThan(2);
      const preview = await data(t, bob, '/kb/kbfile_preview', { id, page: riskPage });
      expect(preview).toMatchObject({ isPartial: true, totalPages: Number(risk!.total), originalUrl: null });
      expect(preview.file).toMatchObject({ access: 'preview', previewPages: 2 });
      expect(preview.pages.map((p: { no: number }) => p.no)).toEqual([1, 2]);
      expect(JSON.stringify(preview)).not.toContain('碳酸锂');

      // Asking over it as a preview reader reaches the first pages only.
      await grant(t, bob, 100);
      const chat = await data(t, bob, '/kb/kbchat_create', { fileIds: [id] });
      const before = await ask(t, bob, chat.chatuuid, '碳酸锂价格波动有什么风险？');
      expect(JSON.stringify(before.events)).not.toContain('碳酸锂价格波动会直接影响');

      const saved = await data(t, bob, '/kb/saveOpenFile', { id });
      expect(saved).toMatchObject({ charged: 0, file: { isSaved: true, contentId: id, access: 'saved' } });
      const full = await data(t, bob, '/kb/kbfile_preview', { id, page: riskPage });
      expect(full.isPartial).toBe(false);
      expect(full.pages.map((p: { no: number }) => p.no)).toContain(riskPage);
      const after = await ask(t, bob, chat.chatuuid, '碳酸锂价格波动有什么风险？');
      const quotes = after.events.find((e) => e.type === 'quote')?.quotes as {
        pages: number[];
        text: string;
      }[];
      expect(quotes.some((q) => q.pages[0] === riskPage && q.text.includes('碳酸锂'))).toBe(true);
      // Citing Alice's file made it a paid answer.
      expect(after.events.at(-1)).toMatchObject({ credits: 4 });
    });

    it('unlocks a priced file at its price, once, crediting the owner their share', async () => {
      const id = await readyFile(t, alice, `${LONG}\n\n附录：定价文件。`, '付费.txt');
      await data(t, alice, '/kb/update', { id, visibility: 'public', price: 11 });
      const carol = await person(t, '卡罗尔');
      const poor = await call(t, carol, '/kb/saveOpenFile', { id });
      expect(poor.statusCode).toBe(403);
      expect(poor.json()).toMatchObject({ data: { need: 11, power: 0 } });
      await grant(t, carol, 20);
      const first = await data(t, carol, '/kb/saveOpenFile', { id });
      expect(first).toMatchObject({ charged: 11, power: 9 });
      const again = await data(t, carol, '/kb/saveOpenFile', { id });
      expect(again).toMatchObject({ charged: 0, power: 9 });
      const income = await data(t, alice, '/kb/getUserKbIncome', {});
      // 11 × 500‰ = 5.5, rounded down to 5.
      expect(income.byFile.find((f: { fileId: number }) => f.fileId === id)).toMatchObject({ credits: 5 });
    });

    it("keeps a visitor to the platform's files", async () => {
      const id = await readyFile(t, alice, `${STORAGE_MD}\n访客`, '访客.md');
      await data(t, alice, '/kb/update', { id, visibility: 'public' });
      const res = await call(t, visitor(), '/kb/kbchat_create', { fileIds: [id] });
      expect(res.statusCode).toBe(401);
    });
  });
}
