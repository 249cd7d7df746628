/**
 * The square on first start: the demo reports become public platform files whose pages are the
 * reports' pages, generated Word and Excel files are parsed by the upload path's job, and a
 * second seed adds nothing. Collections: one's own or public ones only; the hot list counts
 * the week's views, saves and citations.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSquare } from '../../src/modules/knowledge/seed-square.js';
import { selectRows } from '../../src/platform/database/index.js';
import { seedDemo } from '../assistant/helpers.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import {
  ask,
  call,
  data,
  type Person,
  person,
  readyFile,
  STORAGE_MD,
  uploadFile,
  visitor,
} from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge square (${engine})`, () => {
    let t: TestApp;
    let alice: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      alice = await person(t, '爱丽丝');
      await seedDemo(t);
      // The jobs port starts with the app; the seed's parse jobs need it running.
      await t.app.ready();
    });
    afterAll(() => t?.close());

    it('starts with the demo reports and generated DOCX and XLSX files, once', async () => {
      const deps = {
        db: t.platform.database.db,
        storage: t.platform.storage,
        jobs: t.platform.jobs,
        llm: t.platform.llm,
        embeddingModel: '',
      };
      const first = await seedSquare(deps);
      expect(first.reports).toBe(10);
      expect(first.files).toBe(4);
      expect(await seedSquare(deps)).toEqual({ reports: 0, files: 0 });

      // Generated files are parsed by the job; they join the square once ready.
      const until = Date.now() + 30_000;
      let pending: { status: string }[] = [];
      do {
        await new Promise((r) => setTimeout(r, 100));
        pending = await selectRows<{ status: string }>(
          t.platform.database.db,
          sql`select status from kb_files where is_demo and kind <> 'pdf' and status <> 'ready'`,
        );
      } while (pending.length && Date.now() < until);
      expect(pending).toEqual([]);
      const square = await data(t, visitor(), '/kb/getKbSquare', { pageSize: 100 });
      const generated = square.list.filter((f: { kind: string }) => f.kind !== 'pdf');
      expect(square.list.filter((f: { kind: string }) => f.kind === 'pdf')).toHaveLength(10);
      expect(generated.map((f: { kind: string }) => f.kind).sort()).toEqual(['docx', 'docx', 'xlsx', 'xlsx']);
      expect(square.list[0]).toMatchObject({ ownerName: '金桥研究院', access: 'platform', isDemo: true });

      // A report's file reads as the report: same pages, and its PDF is the report's.
      const report = square.list.find((f: { kind: string }) => f.kind === 'pdf');
      const preview = await data(t, visitor(), '/kb/kbfile_preview', { id: report.id, page: 2 });
      expect(preview.originalUrl).toMatch(/^\/api\/files\/reports\/\d+\.pdf$/);
      const [page] = await selectRows<{ text: string }>(
        t.platform.database.db,
        sql`select p.text from report_pages p join kb_files f on f.report_id = p.report_id
          where f.id = ${report.id} and p.page_no = 2`,
      );
      expect(preview.pages.find((p: { no: number }) => p.no === 2).text).toBe(page!.text);

      // A visitor may ask over the platform's files; the Excel table is quoted from its sheet.
      const sheet = generated.find((f: { title: string }) => f.title.startsWith('新能源项目融资数据'));
      const guest = visitor();
      const chat = await data(t, guest, '/kb/kbchat_create', { fileIds: [sheet.id] });
      const answer = await ask(t, guest, chat.chatuuid, '钠离子电池项目的融资金额是多少？');
      const quotes = answer.events.find((e) => e.type === 'quote')?.quotes as {
        text: string;
        pageLabel: string;
      }[];
      expect(quotes.some((q) => q.text.includes('钠锐新材') && q.text.includes('18000'))).toBe(true);
    });

    it('keeps collections to their owner or the public, and hides private files inside public ones', async () => {
      const bob = await person(t, '鲍勃');
      const mine = await readyFile(t, alice, `${STORAGE_MD}\n合集`, '合集.md');
      const square = await data(t, visitor(), '/kb/getKbSquare', { pageSize: 3 });
      const collection = await data(t, alice, '/kb/saveCollection', {
        collectionName: '储能资料',
        summary: '储能行业的研究与备忘录',
        fileIds: [mine, square.list[0].id],
      });
      expect(collection).toMatchObject({
        name: '储能资料',
        fileCount: 2,
        isMine: true,
        visibility: 'private',
      });
      for (const url of ['/kb/getCollectionDetail', '/kb/getCollectionDescript']) {
        const res = await call(t, bob, url, { id: collection.id });
        expect(res.statusCode).toBe(404);
        expect(res.json().msg).toBe('合集不存在或无权访问');
      }
      expect(
        (await call(t, bob, '/kb/saveCollection', { id: collection.id, collectionName: '改' })).statusCode,
      ).toBe(404);
      expect((await call(t, bob, '/kb/delCollection', { id: collection.id })).statusCode).toBe(404);
      expect((await call(t, bob, '/kb/kbchat_create', { collectionId: collection.id })).statusCode).toBe(404);

      await data(t, alice, '/kb/saveCollection', {
        id: collection.id,
        collectionName: '储能资料',
        visibility: 'public',
      });
      const seen = await data(t, bob, '/kb/getCollectionDetail', { id: collection.id });
      expect(seen.files.map((f: { id: number }) => f.id)).toEqual([square.list[0].id]);
      expect(
        (await data(t, visitor(), '/kb/getKbCollections', {})).list.map((c: { id: number }) => c.id),
      ).toContain(collection.id);
      expect((await data(t, bob, '/kb/getKbCollections', { mine: true })).total).toBe(0);

      // Chat over the collection: each reader gets the files they may read.
      const chat = await data(t, alice, '/kb/kbchat_create', { collectionId: collection.id });
      const { events } = await ask(t, alice, chat.chatuuid, '储能电池出货量的集中度如何？');
      expect(events.at(-1)).toMatchObject({ status: 'done' });
      expect((await data(t, alice, '/kb/delCollection', { id: collection.id })).isDeleted).toBe(true);
      expect((await data(t, alice, '/kb/history', {})).list.map((f: { id: number }) => f.id)).toContain(mine);
    });

    it('lists the files shared into a messaging group for its members only', async () => {
      const owner = await person(t, '群主');
      const stranger = await person(t, '路人');
      const group = (await data(t, owner, '/im/creategroup', { name: '储能资料群', isPublic: false })).id;
      const uploaded = await uploadFile(t, owner, STORAGE_MD, '储能简报.md', 'im');
      expect(uploaded.statusCode).toBe(200);
      await data(t, owner, '/im/send', { id: group, kind: 'file', fileId: uploaded.json().data.id });
      const files = await data(t, owner, '/kb/getGroupShareFileList', { groupId: group });
      expect(files.list.map((f: { file: { name: string } }) => f.file.name)).toEqual(['储能简报.md']);
      const refused = await call(t, stranger, '/kb/getGroupShareFileList', { groupId: group });
      const missing = await call(t, stranger, '/kb/getGroupShareFileList', { groupId: 999_999 });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().msg).toBe(missing.json().msg);
    });

    it('ranks the week by views, saves and citations', async () => {
      const carol = await person(t, '卡罗尔');
      const square = await data(t, visitor(), '/kb/getKbSquare', { pageSize: 5 });
      const [a, b] = square.list;
      await data(t, carol, '/kb/saveOpenFile', { id: b.id });
      await data(t, visitor(), '/kb/kbfile_preview', { id: a.id });
      const hot = await data(t, visitor(), '/kb/getKbHotList', { limit: 5 });
      expect(hot.list[0]).toMatchObject({ id: b.id, week: { saves: 1 } });
      expect(hot.list.map((f: { id: number }) => f.id)).toContain(a.id);
    });
  });
}
