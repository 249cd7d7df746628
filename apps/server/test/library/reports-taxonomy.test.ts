import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPages, reports } from '../../src/db/schema.js';
import { toSearchText } from '../../src/lib/text.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { insertLibraryFixtures } from './fixtures.js';

const STORAGE_PAGES = [
  '储能行业概览：电化学储能装机持续增长。',
  '2024年中国新型储能市场规模约为一千亿元，锂电池储能占比超过九成。',
  '风险提示：原材料价格波动。',
];

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`report search and taxonomy on ${engine}`, () => {
    let t: TestApp;
    let storageReport: number;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      const db = t.platform.database.db;
      await insertLibraryFixtures(db, t.platform.storage);
      const title = '新型储能产业研究报告';
      const [row] = await db
        .insert(reports)
        .values({
          title,
          publisher: '金桥研究院',
          industryId: 'energy-storage',
          publishedAt: '2025-11-01',
          pageCount: STORAGE_PAGES.length,
          summary: '储能产业链与市场空间。',
          searchTokens: toSearchText(title, '储能产业链与市场空间。'),
        })
        .returning({ id: reports.id });
      storageReport = row!.id;
      for (const [i, text] of STORAGE_PAGES.entries()) {
        await db
          .insert(reportPages)
          .values({ reportId: storageReport, pageNo: i + 1, text, searchTokens: toSearchText(text) });
      }
    });
    afterAll(() => t.close());

    const search = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/acchat/reportSearch', payload });
      return { status: res.statusCode, body: res.json() };
    };

    it('finds the page that holds every word, with a highlighted snippet', async () => {
      const { status, body } = await search({ keyword: '储能 市场规模' });
      expect(status).toBe(200);
      expect(body.data.total).toBe(1);
      const [hit] = body.data.list;
      expect(hit).toMatchObject({ id: storageReport, title: '新型储能产业研究报告', industryName: '储能' });
      expect(hit.hits[0].pageNo).toBe(2);
      const { text, ranges } = hit.hits[0].snippet;
      expect(text).toContain('市场规模约为一千亿元');
      const marked = ranges.map(([start, end]: [number, number]) => text.slice(start, end));
      expect(marked.join(' ')).toContain('储能');
      expect(marked.join(' ')).toContain('市场规模');
    });

    it('misses when one word is nowhere in the report', async () => {
      expect((await search({ keyword: '储能 量子计算' })).body.data).toMatchObject({ total: 0, list: [] });
    });

    it('browses newest first without a keyword, filtered by industry and paged', async () => {
      const all = (await search({ pageSize: 2 })).body.data;
      expect(all.total).toBe(4);
      expect(all.list.map((r: { id: number }) => r.id)[0]).toBe(storageReport);
      expect(all.list).toHaveLength(2);
      expect(all.list[0].hits).toEqual([]);
      const nev = (await search({ industry: ['nev'] })).body.data;
      expect(nev.list.map((r: { industryName: string }) => r.industryName)).toEqual(['新能源汽车']);
      const clamped = (await search({ pageSize: 500 })).body.data;
      expect(clamped.pageSize).toBe(100);
    });

    it('treats tsquery syntax in the keyword as text', async () => {
      const { status } = await search({ keyword: "储能 & ! | ( ' :*" });
      expect(status).toBe(200);
    });

    it('refuses a malformed industry list with a Chinese message', async () => {
      const { status, body } = await search({ industry: [{}] });
      expect(status).toBe(400);
      expect(body.code).toBe(Code.BAD_REQUEST);
      expect(body.msg).toMatch(/编号格式不正确/);
    });

    it('offers every industry and region with project counts, busiest first', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/library/taxonomy' });
      expect(res.statusCode).toBe(200);
      const { industries, regions } = res.json().data;
      expect(industries.length).toBeGreaterThanOrEqual(25);
      const nev = industries.find((i: { id: string }) => i.id === 'nev');
      expect(nev.name).toBe('新能源汽车');
      expect(nev.count).toBeGreaterThan(0);
      expect(industries[0].count).toBeGreaterThanOrEqual(nev.count);
      expect(nev.subs.find((s: { id: string }) => s.id === 'nev.vehicle').count).toBeGreaterThan(0);
      const counts = industries.map((i: { count: number }) => i.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const anhui = regions.find((r: { id: string }) => r.id === '340000');
      expect(anhui.count).toBeGreaterThan(0);
      expect(anhui.cities.find((c: { id: string }) => c.id === '340100').count).toBeGreaterThan(0);
      expect(regions.length).toBeGreaterThanOrEqual(31);
    });
  });
}
