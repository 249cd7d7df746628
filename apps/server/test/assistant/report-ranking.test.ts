import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchReportPages, understand } from '../../src/modules/assistant/retrieve.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { anonymous, api, type Sse, seedDemo } from './helpers.js';

type QuoteRow = { n: number; pid: number; pages: number[]; text: string };

const LISTING = /(IPO|上市|问询|科创板|创业板|北交所|港股|退出|并购)/;

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`report page ranking and listing quotes on demo reports (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await seedDemo(t);
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const pageText = async (pid: number, page: number) =>
      (
        await selectRows<{ text: string }>(
          db(),
          sql`select text from report_pages where report_id = ${pid} and page_no = ${page}`,
        )
      )[0]!.text;
    /** Body text about the storage market's size: not the cover, not the contents. */
    const isMarketSizePage = (text: string, page: number) =>
      page > 1 && !text.startsWith('目录') && /储能/.test(text) && /规模/.test(text) && /亿元/.test(text);

    it('cites a page about the storage market size first, not a cover or the contents', async () => {
      const question = '储能行业的市场规模有多大';
      const u = await understand(db(), question);
      const pages = await searchReportPages(db(), {
        question,
        parsed: u.parsed,
        industryScope: u.industryScope,
        limit: 6,
      });
      expect(isMarketSizePage(pages[0]!.text, pages[0]!.pageNo), pages[0]!.text).toBe(true);
      expect(pages[0]!.text.split('\n')[0]).toMatch(/市场规模/);

      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me, { agent: 'analyst' });
      const { events } = await a.ask(me, chatuuid, question);
      const quotes = (events.find((e) => e.type === 'quote') as Sse).quotes as QuoteRow[];
      const first = quotes.find((q) => q.n === 1)!;
      const text = await pageText(first.pid, first.pages[0]!);
      expect(isMarketSizePage(text, first.pages[0]!), text).toBe(true);
      expect(text).toContain(first.text);
    });

    it('quotes listing, inquiry and exit sentences of the reports as plain strings', async () => {
      const a = api(t);
      for (const keyword of ['储能', undefined]) {
        const { list } = await a.data('POST', '/acchat/ipoinquiry', anonymous(), keyword ? { keyword } : {});
        expect(list.length, String(keyword)).toBeGreaterThanOrEqual(5);
        for (const s of list) {
          expect(typeof s).toBe('string');
          expect(s).toMatch(LISTING);
          const [hit] = await selectRows<{ n: string }>(
            db(),
            sql`select count(*) as n from report_pages where strpos(text, ${s}) > 0`,
          );
          expect(Number(hit!.n), s).toBeGreaterThan(0);
        }
        // The inquiry letters themselves come first, before passing mentions of an exit.
        expect(list[0]).toMatch(/问询|科创板|创业板|港股|IPO/);
        expect(list.some((s: string) => s.includes('问询函'))).toBe(true);
      }
      const storage = await a.data('POST', '/acchat/ipoinquiry', anonymous(), { keyword: '储能', limit: 50 });
      const [industryPages] = await selectRows<{ texts: string }>(
        db(),
        sql`select string_agg(p.text, '') as texts from report_pages p join reports r on r.id = p.report_id
          where r.industry_id like 'energy-storage%'`,
      );
      for (const s of storage.list) expect(industryPages!.texts).toContain(s);
    });
  });
}
