import { type ProjectCard, type ProjectSearchResult, splitHighlight } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects as projectsTable } from '../../src/db/schema.js';
import { toNameGramText, toSearchText } from '../../src/lib/text.js';
import { loadDemoData } from '../../src/modules/demo/index.js';
import { clearSearchCache, notifyLibraryChanged } from '../../src/modules/library/search/cache.js';
import { searchIndexOptions } from '../../src/modules/library/search/index/library-index.js';
import { SEARCH_LIMITS } from '../../src/modules/library/search/run-search.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { insertLibraryFixtures, type LibraryFixtures } from './fixtures.js';

const GUANGDONG = ['440000', '440100', '440300'];

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library search on ${engine}`, () => {
    let t: TestApp;
    let fx: LibraryFixtures;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      fx = await insertLibraryFixtures(t.platform.database.db, t.platform.storage);
    });
    afterAll(() => t.close());

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, payload });
    const projects = async (payload: object) => {
      const res = await post('/acproject/ProjectFuzzySearch', payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as ProjectSearchResult;
    };
    /** Every row of every page of a search. */
    const allPages = async (payload: object, pageSize = 5) => {
      const rows: ProjectCard[] = [];
      let total = 0;
      for (let page = 1; page <= 30; page++) {
        const data = await projects({ ...payload, page, pageSize });
        total = data.total;
        rows.push(...data.list);
        if (data.list.length < pageSize) break;
      }
      expect(rows.length).toBe(total);
      return rows;
    };
    const inNev = (row: ProjectCard) =>
      row.industryId === 'nev' || row.industries.some((id) => id.startsWith('nev'));

    it('puts A-round new-energy-vehicle projects first for 新能源汽车 A轮', async () => {
      const data = await projects({ keyword: '新能源汽车 A轮' });
      expect(data.understood).toMatchObject({ stages: [3], industries: [{ id: 'nev', name: '新能源汽车' }] });
      const nevARound = fx.allProjects.filter((p) => p.industryId === 'nev' && p.stage === 3).length;
      expect(nevARound).toBeGreaterThanOrEqual(4);
      const top = data.list.slice(0, nevARound);
      for (const row of top) {
        expect(row.stage, row.name).toBe(3);
        expect(inNev(row), row.name).toBe(true);
      }
      for (const key of ['nevA1', 'nevA2', 'nevA3', 'nevA4']) {
        expect(top.map((r) => r.id)).toContain(fx.projects[key]);
      }
      // The company that has the words in its name comes first; B rounds are not A rounds.
      expect(data.list[0]!.id).toBe(fx.projects.nevA1);
      expect(data.list.map((r) => r.id)).not.toContain(fx.projects.nevB1);
      expect(data.list.every((r) => r.stage === 3)).toBe(true);
    });

    it('finds a company by part of its name first (腾讯 → 深圳市腾讯计算机系统有限公司)', async () => {
      for (const keyword of ['腾讯', '腾讯计算机', '深圳 腾讯', '腾']) {
        const data = await projects({ keyword });
        const ids = data.list.map((r) => r.id);
        expect(ids, keyword).toContain(fx.projects.tencent);
        if (keyword !== '腾') expect(ids[0], keyword).toBe(fx.projects.tencent);
      }
      // A project that only mentions 腾讯 in its text ranks below the one named so.
      const data = await projects({ keyword: '腾讯' });
      expect(data.list.map((r) => r.id)).toEqual([fx.projects.tencent, fx.projects.tencentMention]);
    });

    it('treats industry synonyms as the industry (新能源车, AI)', async () => {
      const nev = await projects({ keyword: '新能源车' });
      expect(nev.understood.industries).toEqual([{ id: 'nev', name: '新能源汽车' }]);
      expect(nev.list.slice(0, 5).every(inNev)).toBe(true);
      const ai = await projects({ keyword: 'AI' });
      expect(ai.understood.industries[0]?.id).toBe('ai');
      expect(ai.list.length).toBeGreaterThan(0);
      expect(ai.list[0]!.industryId).toBe('ai');
    });

    it('never returns a row outside a filter, on any page', async () => {
      const stage = await allPages({ stage: [2, 3] });
      expect(stage.length).toBeGreaterThan(5);
      expect(stage.every((r) => [2, 3].includes(r.stage))).toBe(true);

      const industry = await allPages({ industry: 'nev' });
      expect(industry.length).toBeGreaterThan(5);
      expect(industry.every(inNev)).toBe(true);

      const region = await allPages({ region: ['440000'] });
      expect(region.length).toBeGreaterThan(5);
      for (const r of region)
        expect(GUANGDONG.includes(r.provinceCode!) || GUANGDONG.includes(r.cityCode!)).toBe(true);

      const combined = await allPages({
        keyword: '科技',
        amountMin: 1000,
        amountMax: 9000,
        foundedFrom: 2012,
        foundedTo: 2020,
      });
      expect(combined.length).toBeGreaterThan(0);
      for (const r of combined) {
        expect(r.amountSought!).toBeGreaterThanOrEqual(1000);
        expect(r.amountSought!).toBeLessThanOrEqual(9000);
        expect(r.foundedYear!).toBeGreaterThanOrEqual(2012);
        expect(r.foundedYear!).toBeLessThanOrEqual(2020);
      }
      // A stage word in the keyword narrows like the filter does.
      const keywordStage = await allPages({ keyword: '天使轮' });
      expect(keywordStage.every((r) => r.stage === 2)).toBe(true);
    });

    it('sorts by latest round (newest first, undisclosed last) and by amount', async () => {
      const latest = await allPages({ sort: 'latest' }, 10);
      const dates = latest.map((r) => r.latestRoundAt);
      const firstNull = dates.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(dates.slice(firstNull).every((d) => d === null)).toBe(true);
      const known = dates.slice(0, firstNull) as string[];
      expect([...known].sort().reverse()).toEqual(known);

      const amounts = (await allPages({ sort: 'amount', industry: 'nev' }, 4)).map((r) => r.amountSought);
      const numbers = amounts.filter((a) => a !== null) as number[];
      expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    });

    it('pages past the ranked candidates and estimates large totals without losing or repeating a row (SQL path)', async () => {
      const keyword = '科技';
      const exact = await allPages({ keyword }, 50);
      expect(exact.length).toBeGreaterThan(12);
      const saved = { ...SEARCH_LIMITS };
      Object.assign(SEARCH_LIMITS, { exactUpTo: 5, ranked: 6, named: 2 });
      // The bounds are the SQL path's: the search index counts and ranks every match.
      searchIndexOptions.enabled = false;
      clearSearchCache(t.platform.database.db);
      try {
        const seen: number[] = [];
        for (let page = 1; page <= 20; page++) {
          const data = await projects({ keyword, page, pageSize: 4 });
          expect(data.totalIsEstimate).toBe(true);
          expect(data.total).toBeGreaterThan(5);
          seen.push(...data.list.map((r) => r.id));
          if (data.list.length < 4) break;
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort()).toEqual(exact.map((r) => r.id).sort());
      } finally {
        Object.assign(SEARCH_LIMITS, saved);
        searchIndexOptions.enabled = true;
        clearSearchCache(t.platform.database.db);
      }
    });

    it('serves a repeated search from the cache until the library is announced as changed', async () => {
      const keyword = '量子纠缠';
      expect((await projects({ keyword })).total).toBe(0);
      const db = t.platform.database.db;
      const [added] = await db
        .insert(projectsTable)
        .values({
          name: '合肥量子纠缠科技有限公司',
          industryId: 'frontier-tech',
          nameGrams: toNameGramText('合肥量子纠缠科技有限公司'),
          searchTokens: toSearchText('合肥量子纠缠科技有限公司'),
        })
        .returning({ id: projectsTable.id });
      expect((await projects({ keyword })).total).toBe(0);
      await notifyLibraryChanged(t.platform.bus);
      await expect.poll(async () => (await projects({ keyword })).total).toBe(1);
      await db.delete(projectsTable).where(eq(projectsTable.id, added!.id));
      await notifyLibraryChanged(t.platform.bus);
      await expect.poll(async () => (await projects({ keyword })).total).toBe(0);
    });

    it('marks the matched words as ranges over plain text', async () => {
      const [tencent] = (await projects({ keyword: '腾讯' })).list;
      // Ranges over the card's own name and brand name: their text is not sent again.
      expect(tencent!.name).toBe('深圳市腾讯计算机系统有限公司');
      expect(tencent!.highlight?.name).toEqual({ ranges: [[3, 5]] });
      expect(tencent!.highlight?.alias).toEqual({ ranges: [[0, 2]] });
      const nev = (await projects({ keyword: '新能源汽车 A轮' })).list[0]!;
      const snippet = nev.highlight!.summary!;
      const marked = splitHighlight({ text: snippet.text ?? nev.summary, ranges: snippet.ranges })
        .filter((p) => p.isMatch)
        .map((p) => p.text);
      expect(marked).toContain('新能源汽车');
      // A snippet carries its text only when it is not the card's summary.
      for (const card of (await projects({ keyword: '新能源汽车' })).list)
        expect(card.highlight?.summary?.text).not.toBe(card.summary);
      // Browsing has nothing to mark.
      expect((await projects({})).list[0]!.highlight).toBeUndefined();
    });

    it('answers bad input with a clamp or a clear message, never a 500', async () => {
      const all = await projects({ keyword: '' });
      expect(all.total).toBe(fx.allProjects.length);
      const long = await projects({ keyword: '腾讯'.repeat(500) });
      expect(long.understood.keyword.length).toBeLessThanOrEqual(100);
      for (const keyword of [
        "'&|!:*()",
        "腾讯'&|!:*()<>\\",
        "' or 1=1 --",
        '!!!',
        '(腾讯 | 阿里) & !百度:*',
      ]) {
        const res = await post('/acproject/ProjectFuzzySearch', { keyword });
        expect(res.statusCode, keyword).toBe(200);
      }
      expect((await projects({ keyword: "腾讯'&|!:*()" })).list[0]!.id).toBe(fx.projects.tencent);
      expect((await projects({ pageSize: 10_000 })).pageSize).toBe(100);

      const cases: [object, RegExp][] = [
        [{ stage: [3, 99] }, /融资轮次.*99/],
        [{ stage: 'x' }, /融资轮次/],
        [{ amountMin: -5 }, /最低金额（万元）.*不能为负数/],
        [{ amountMax: -1 }, /最高金额（万元）.*不能为负数/],
        [{ page: 0 }, /页码/],
        [{ sort: 'popular' }, /排序方式/],
        [{ industry: 'no-such-industry' }, /行业.*no-such-industry/],
        [{ region: '999999' }, /地区.*999999/],
      ];
      for (const [payload, message] of cases) {
        for (const url of [
          '/acproject/ProjectFuzzySearch',
          '/acorg/OrgFuzzySearch',
          '/acorg/investorSearch',
        ]) {
          const res = await post(url, payload);
          expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
          expect(res.json().msg).toMatch(message);
        }
      }
      // min above max is read as the range between them.
      const swapped = await projects({ amountMin: 9000, amountMax: 1000 });
      expect(swapped.list.every((r) => r.amountSought! >= 1000 && r.amountSought! <= 9000)).toBe(true);
    });

    it('finds institutions by short name and filters by what they invest in', async () => {
      const res = await post('/acorg/OrgFuzzySearch', { keyword: '红岭' });
      const data = res.json().data;
      expect(data.list[0]).toMatchObject({ id: fx.orgs.red, shortName: '红岭创投', type: 'VC' });
      expect(data.list[0].dealCount).toBeGreaterThan(0);
      const seed = (await post('/acorg/OrgFuzzySearch', { stage: 1 })).json().data;
      expect(seed.list.map((o: { id: number }) => o.id)).toEqual([fx.orgs.angel]);
      const gov = (await post('/acorg/OrgFuzzySearch', { type: '政府引导基金', region: '320000' })).json()
        .data;
      expect(gov.list.map((o: { id: number }) => o.id)).toEqual([fx.orgs.gov]);
      const angelWord = (await post('/acorg/OrgFuzzySearch', { keyword: '天使投资' })).json().data;
      expect(angelWord.list.every((o: { stages: number[] }) => o.stages.includes(2))).toBe(true);
    });

    it('finds investors by name, with their institution, and by institution', async () => {
      const data = (await post('/acorg/investorSearch', { keyword: '张伟' })).json().data;
      expect(data.list[0]).toMatchObject({
        id: fx.investors.zhang,
        institutionName: '深圳红岭创业投资管理有限公司',
      });
      expect(JSON.stringify(data.list[0])).not.toContain('13700002222');
      const red = (await post('/acorg/investorSearch', { institutionId: fx.orgs.red })).json().data;
      expect(red.list.map((v: { id: number }) => v.id).sort()).toEqual(
        [fx.investors.zhang, fx.investors.wang].sort(),
      );
    });

    it('lists an industry with its sub-industries', async () => {
      const res = await post('/acproject/ProjectIndustrySearchResult', { industry: 'nev', pageSize: 100 });
      const data = res.json().data;
      expect(data.industry).toMatchObject({ id: 'nev', name: '新能源汽车', parentId: null });
      expect(data.industry.subs.map((s: { id: string }) => s.id)).toContain('nev.battery');
      expect(data.list.every(inNev)).toBe(true);
      const sub = (await post('/acproject/ProjectIndustrySearchResult', { industry: 'nev.battery' })).json()
        .data;
      expect(sub.list.every((r: ProjectCard) => r.industries.includes('nev.battery'))).toBe(true);
      expect((await post('/acproject/ProjectIndustrySearchResult', { industry: 'nope' })).statusCode).toBe(
        404,
      );
      expect((await post('/acproject/ProjectIndustrySearchResult', {})).statusCode).toBe(400);
    });
  });
}

/** The generator's data: realistic names, texts and distributions, 1,500 projects. */
const GENERATED = { institutions: 60, investors: 360, projects: 1500, reports: 0, news: 0 };

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library search on generated demo data (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await loadDemoData(t.platform, { seed: 5, scale: GENERATED, now: new Date('2026-11-01T00:00:00Z') });
    });
    afterAll(() => t.close());

    const projects = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/acproject/ProjectFuzzySearch', payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as ProjectSearchResult;
    };

    it('puts A-round new-energy-vehicle projects first for 新能源汽车 A轮', async () => {
      const data = await projects({ keyword: '新能源汽车 A轮', pageSize: 10 });
      expect(data.list.length).toBeGreaterThanOrEqual(5);
      for (const row of data.list) {
        expect(row.stage, row.name).toBe(3);
        expect(
          row.industries.some((id) => id === 'nev' || id.startsWith('nev.')),
          row.name,
        ).toBe(true);
      }
    });

    it('finds a project by part of its registered name, first', async () => {
      const rows = await selectRows<{ id: number | string; name: string }>(
        t.platform.database.db,
        sql`select id, name from projects where id % 150 = 0 order by id limit 8`,
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        // The 字号 and industry words after the city: 上海迈达空天科技有限公司 → 迈达空天.
        const part = Array.from(row.name).slice(2, 6).join('');
        const data = await projects({ keyword: part });
        expect(data.list[0]?.name, part).toContain(part);
        expect(
          data.list.slice(0, 5).map((r) => r.id),
          part,
        ).toContain(Number(row.id));
      }
    });

    it('serves institutions and investors 最近出手 first without a keyword, as the page labels the list', async () => {
      const ids = async (url: string, payload: object) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api${url}`,
          payload: { pageSize: 20, ...payload },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data.list as { id: number }[]).map((row) => row.id);
      };
      const db = t.platform.database.db;
      for (const [url, column] of [
        ['/acorg/OrgFuzzySearch', 'institution_id'],
        ['/acorg/investorSearch', 'investor_id'],
      ] as const) {
        const byDefault = await ids(url, {});
        expect(byDefault, url).toEqual(await ids(url, { sort: 'latest' }));
        expect(byDefault, url).not.toEqual(await ids(url, { sort: 'amount' }));
        // Newest deal first, those without a deal last.
        const last = await selectRows<{ id: number | string; last: string | null }>(
          db,
          sql`select x.id, (select max(r.date)::text from round_investors ri join rounds r on r.id = ri.round_id
            where ri.${sql.raw(column)} = x.id) as last
            from unnest(${sql.raw(`array[${byDefault.join(',')}]::bigint[]`)}) with ordinality as x(id, n) order by n`,
        );
        const dates = last.map((row) => row.last ?? '');
        const known = dates.filter(Boolean);
        expect(known.length, url).toBeGreaterThan(10);
        expect([...known].sort().reverse(), url).toEqual(known);
        expect(dates.slice(0, known.length), url).toEqual(known);
      }
    });

    it('keeps every row of every page inside a region and stage filter', async () => {
      let total = 0;
      const seen = new Set<number>();
      for (let page = 1; page <= 40; page++) {
        const data = await projects({ keyword: '科技', region: '310000', stage: [2, 3], page, pageSize: 10 });
        total = data.total;
        for (const row of data.list) {
          expect(row.provinceCode).toBe('310000');
          expect([2, 3]).toContain(row.stage);
          seen.add(row.id);
        }
        if (data.list.length < 10) break;
      }
      expect(total).toBeGreaterThan(0);
      expect(seen.size).toBe(total);
    });
  });
}
