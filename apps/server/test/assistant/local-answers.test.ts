import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { anonymous, api, type Sse, seedDemo, textOf } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`local engine answers on demo data (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await seedDemo(t);
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    it('lists real A-round new-energy-vehicle projects with links to their records', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      const { res, events } = await a.ask(me, chatuuid, '帮我找新能源汽车领域的A轮项目');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const text = textOf(events);
      // The engine is a tag under the answer (the start event's `engine`), not a banner in it.
      expect(text).not.toContain('本地引擎');
      expect(events[0]).toMatchObject({ type: 'status', status: 'start', chatuuid, engine: 'local' });
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done', isend: true });
      const expected = await selectRows<{ id: string; name: string; brand_name: string }>(
        db(),
        sql`select id, name, brand_name from projects where stage = 3 and (industry_id = 'nev' or industries && array['nev']::text[] or industry_id like 'nev.%')`,
      );
      expect(expected.length).toBeGreaterThan(0);
      const links = [...text.matchAll(/\]\(\/plist\?pid=(\d+)\)/g)].map((m) => Number(m[1]));
      expect(links.length).toBeGreaterThan(0);
      const real = new Set(expected.map((p) => Number(p.id)));
      for (const id of links) expect(real.has(id), `project ${id} is an A-round NEV project`).toBe(true);
      const cards = events.find((e) => e.type === 'card') as Sse;
      expect((cards.cards as { kind: string }[]).some((c) => c.kind === 'project')).toBe(true);
    });

    it('answers the market size of energy storage from report pages, quoting them verbatim', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      const { events } = await a.ask(me, chatuuid, '储能行业的市场规模有多大');
      const text = textOf(events);
      expect(text).toContain('市场规模');
      const quotes = (events.find((e) => e.type === 'quote')?.quotes ?? []) as {
        n: number;
        pid: number;
        pages: number[];
        text: string;
        title: string;
      }[];
      expect(quotes.length).toBeGreaterThan(0);
      for (const q of quotes) {
        const [page] = await selectRows<{ text: string; title: string }>(
          db(),
          sql`select p.text, r.title from report_pages p join reports r on r.id = p.report_id where p.report_id = ${q.pid} and p.page_no = ${q.pages[0]}`,
        );
        expect(page!.text).toContain(q.text);
        expect(page!.title).toBe(q.title);
        expect(text).toContain(`[${q.n}]`);
      }
    });
  });
}
