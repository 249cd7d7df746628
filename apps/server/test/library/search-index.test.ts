import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects as projectsTable } from '../../src/db/schema.js';
import { toNameGramText, toSearchText } from '../../src/lib/text.js';
import { loadDemoData } from '../../src/modules/demo/index.js';
import { configureSearchCache, notifyLibraryChanged } from '../../src/modules/library/search/cache.js';
import {
  searchIndexOptions,
  whenSearchIndexReady,
} from '../../src/modules/library/search/index/library-index.js';
import {
  type ColumnRange,
  filterRows,
  forEachCommon,
  intersect,
  RowSet,
  unionAll,
} from '../../src/modules/library/search/index/row-sets.js';
import { SEARCH_LIMITS } from '../../src/modules/library/search/run-search.js';
import {
  readyLibrarySnapshot as readySearchIndex,
  SNAPSHOT_JOB,
} from '../../src/modules/library/snapshot/snapshot.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { insertLibraryFixtures, type LibraryFixtures } from './fixtures.js';

type Payload = Record<string, unknown>;

const PROJECT_KEYWORDS = [
  '',
  '新能源汽车 A轮',
  '腾讯',
  '腾',
  '腾讯计算机',
  '深圳 腾讯',
  'AI',
  '新能源车',
  '科技',
  '人工智能 北京',
  '芯片',
  '医疗 B轮',
  '储能电池',
  '上海',
  'saas',
  '天使轮',
  '量子纠缠',
  "腾讯'&|!:*()",
  '智能 有限公司',
  // Again without a keyword: the cards the index keeps per row carry no earlier search's highlight.
  '',
];
const PROJECT_FILTERS: Payload[] = [
  {},
  { stage: [2, 3] },
  { industry: ['nev'] },
  { region: ['440000'] },
  { amountMin: 1000, amountMax: 9000 },
  { foundedFrom: 2012, foundedTo: 2020 },
  { industry: ['ai'], region: ['110000'], stage: [3, 4] },
];
const ORG_KEYWORDS = ['', '红岭', '天使投资', '深圳 创投', '人工智能', '政府引导基金', '半导体 B轮', '资本'];
const ORG_FILTERS: Payload[] = [
  {},
  { stage: [1, 2] },
  { industry: ['ai'] },
  { amountMin: 1000, amountMax: 5000 },
];
const INVESTOR_KEYWORDS = ['', '张伟', '合伙人', '人工智能', '医疗 A轮', '王'];

/** The same search answered by SQL and by the index, on every page; both must agree exactly. */
function agreement(t: () => TestApp) {
  const answer = async (url: string, payload: Payload, useIndex: boolean) => {
    searchIndexOptions.enabled = useIndex;
    try {
      const res = await t().app.inject({ method: 'POST', url: `/api${url}`, payload });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return {
        total: data.total as number,
        isEstimate: data.totalIsEstimate as boolean,
        ids: (data.list as { id: number }[]).map((row) => row.id),
        list: data.list as unknown[],
      };
    } finally {
      searchIndexOptions.enabled = true;
    }
  };
  // The first 21 ranks in two pages: ranks 1–14, then 15–21 (page 3 of 7, an offset).
  const pages = [
    { page: 1, pageSize: 14 },
    { page: 3, pageSize: 7 },
  ];
  return async (url: string, payload: Payload) => {
    for (const paging of pages) {
      const request = { ...payload, ...paging };
      const sql = await answer(url, request, false);
      const indexed = await answer(url, request, true);
      const label = `${url} ${JSON.stringify(request)}`;
      expect(sql.isEstimate, label).toBe(false);
      expect(indexed.isEstimate, label).toBe(false);
      expect(indexed.total, label).toBe(sql.total);
      expect(indexed.ids, label).toEqual(sql.ids);
      // The cards too: highlights, names, deal counts.
      expect(indexed.list, label).toEqual(sql.list);
      if (sql.ids.length < paging.pageSize) break;
    }
  };
}

async function checkAgreement(t: () => TestApp) {
  const agree = agreement(t);
  let compared = 0;
  for (const keyword of PROJECT_KEYWORDS) {
    for (const [i, filters] of PROJECT_FILTERS.entries()) {
      // Every filter by relevance; the other orders with none and with one.
      for (const sort of i < 2 ? ['relevance', 'latest', 'amount'] : ['relevance']) {
        await agree('/acproject/ProjectFuzzySearch', { keyword, ...filters, sort });
        compared++;
      }
    }
  }
  for (const keyword of ORG_KEYWORDS) {
    for (const filters of ORG_FILTERS) {
      for (const sort of ['relevance', 'latest']) {
        await agree('/acorg/OrgFuzzySearch', { keyword, ...filters, sort });
        compared++;
      }
    }
  }
  await agree('/acorg/OrgFuzzySearch', { type: 'VC', sort: 'latest' });
  for (const keyword of INVESTOR_KEYWORDS) {
    for (const sort of ['relevance', 'latest', 'amount']) {
      await agree('/acorg/investorSearch', { keyword, sort });
      await agree('/acorg/investorSearch', { keyword, sort, stage: [3], region: ['440000'] });
      compared += 2;
    }
  }
  return compared;
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`search index on the test fixtures (${engine})`, () => {
    let t: TestApp;
    let fx: LibraryFixtures;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      fx = await insertLibraryFixtures(t.platform.database.db, t.platform.storage);
      configureSearchCache(0);
      // The index is built on the jobs port, which runs once the app is ready.
      await t.app.ready();
      await whenSearchIndexReady(t.platform.database.db);
    });
    afterAll(async () => {
      configureSearchCache(30);
      await t.close();
    });

    it('answers every search exactly as the SQL path does', { timeout: 300_000 }, async () => {
      expect(await checkAgreement(() => t)).toBeGreaterThan(250);
      const index = readySearchIndex(t.platform.database.db)!;
      expect(index.search.projects.size).toBe(fx.allProjects.length);
    });

    it('drops the index when the library changes and finds new rows once rebuilt', async () => {
      const db = t.platform.database.db;
      const search = async (keyword: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/acproject/ProjectFuzzySearch',
            payload: { keyword },
          })
        ).json().data;
      const before = readySearchIndex(db);
      expect(before).toBeDefined();
      expect((await search('光子晶格')).total).toBe(0);
      const [added] = await db
        .insert(projectsTable)
        .values({
          name: '苏州光子晶格科技有限公司',
          brandName: '光晶',
          industryId: 'frontier-tech',
          industries: ['frontier-tech'],
          stage: 3,
          nameGrams: toNameGramText('苏州光子晶格科技有限公司', '光晶'),
          searchTokens: toSearchText('苏州光子晶格科技有限公司', '光晶', '光子晶格芯片'),
        })
        .returning({ id: projectsTable.id });
      // Not announced: the index does not know the row yet.
      expect((await search('光子晶格')).total).toBe(0);
      await notifyLibraryChanged(t.platform.bus);
      await expect.poll(() => readySearchIndex(db) === before).toBe(false);
      const rebuilt = await whenSearchIndexReady(db);
      expect(rebuilt).not.toBe(before);
      // Served by the index: with SQL's exact-count bound at 0 it would call the total an estimate.
      const saved = { ...SEARCH_LIMITS };
      Object.assign(SEARCH_LIMITS, { exactUpTo: 0 });
      try {
        for (const keyword of ['光子晶格', '光晶', '苏州光子']) {
          const data = await search(keyword);
          expect(data.totalIsEstimate, keyword).toBe(false);
          expect(data.list[0]?.id, keyword).toBe(added!.id);
        }
      } finally {
        Object.assign(SEARCH_LIMITS, saved);
      }
      await db.delete(projectsTable).where(eq(projectsTable.id, added!.id));
      await notifyLibraryChanged(t.platform.bus);
      await whenSearchIndexReady(db);
      expect((await search('光子晶格')).total).toBe(0);
    });
  });

  describe.skipIf(!available)(`search index in a server (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Not NODE_ENV=test: the index is built when the app is ready and after every change.
      t = await createTestApp({ engine, env: { NODE_ENV: 'development', DEMO_DATA: 'false' } });
      await insertLibraryFixtures(t.platform.database.db, t.platform.storage);
    });
    afterAll(() => t.close());

    it('builds once ready and again after every announced change, without a search asking', async () => {
      const db = t.platform.database.db;
      await t.app.ready();
      await expect
        .poll(() => readySearchIndex(db)?.search.projects.size, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const first = readySearchIndex(db)!;
      await db.insert(projectsTable).values({
        name: '厦门星链海洋科技有限公司',
        industryId: 'frontier-tech',
        nameGrams: toNameGramText('厦门星链海洋科技有限公司'),
        searchTokens: toSearchText('厦门星链海洋科技有限公司'),
      });
      await notifyLibraryChanged(t.platform.bus);
      await expect
        .poll(() => readySearchIndex(db)?.search.projects.size, { timeout: 20_000 })
        .toBe(first.search.projects.size + 1);
      const data = (
        await t.app.inject({
          method: 'POST',
          url: '/api/acproject/ProjectFuzzySearch',
          payload: { keyword: '星链海洋' },
        })
      ).json().data;
      expect(data.list.map((row: { name: string }) => row.name)).toEqual(['厦门星链海洋科技有限公司']);
      // Both builds ran as jobs of the jobs port, and each is on record.
      const runs = await selectRows<{ state: string }>(
        db,
        sql`select state from job_runs where name = ${SNAPSHOT_JOB} order by id`,
      );
      expect(runs.filter((run) => run.state === 'done').length).toBeGreaterThanOrEqual(2);
    });
  });

  describe.skipIf(!available)(`search index on generated demo data (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await loadDemoData(t.platform, {
        seed: 7,
        // 500 projects: as many searches reach rank 21 for institutions and investors as with 900.
        scale: { institutions: 40, investors: 240, projects: 500, reports: 0, news: 0 },
        now: new Date('2026-11-01T00:00:00Z'),
      });
      configureSearchCache(0);
      await t.app.ready();
      await whenSearchIndexReady(t.platform.database.db);
    });
    afterAll(async () => {
      configureSearchCache(30);
      await t.close();
    });

    it('answers every search exactly as the SQL path does', { timeout: 300_000 }, async () => {
      expect(await checkAgreement(() => t)).toBeGreaterThan(250);
    });
  });
}

describe('row sets', () => {
  const random = (n: number, density: number, seed: number) => {
    let x = seed;
    const rows: number[] = [];
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      if (x / 2 ** 31 < density) rows.push(i);
    }
    return Int32Array.from(rows);
  };
  const sorted = (values: Iterable<number>) => [...new Set(values)].sort((p, q) => p - q);

  it('intersects and unions like sets do, as lists and as bitmaps, at every density', () => {
    const n = 5003;
    // 0.025 is the densest list (a larger set is a bitmap): 5 rows against 125 is sought, not merged.
    const densities = [0.001, 0.01, 0.025, 0.05, 0.5, 0.97];
    let seed = 1;
    for (const a of densities) {
      for (const b of densities) {
        const x = random(n, a, seed++);
        const y = random(n, b, seed++);
        const z = random(n, b / 3, seed++);
        const inY = new Set(y);
        const meet = Array.from(x).filter((v) => inY.has(v));
        for (const asBits of [false, true]) {
          const set = (rows: Int32Array) => {
            const s = RowSet.fromList(n, rows);
            if (asBits) s.bits();
            return s;
          };
          const both = intersect(set(x), set(y));
          expect(Array.from(both.list())).toEqual(meet);
          expect(both.size).toBe(meet.length);
          const all = unionAll([set(x), set(y), set(z)], n);
          expect(Array.from(all.list())).toEqual(sorted([...x, ...y, ...z]));
          expect(all.size).toBe(sorted([...x, ...y, ...z]).length);
          expect(Array.from(intersect(set(x), RowSet.all(n)).list())).toEqual(Array.from(x));
          // How scores are added: the places in x of the rows y has, whichever list is longer.
          const places: number[] = [];
          forEachCommon(x, set(y), (i) => places.push(i));
          expect(places.map((i) => x[i])).toEqual(meet);
        }
      }
    }
    // A few matches, most of them in a list more than 16 times as long: each is sought in it.
    const long = random(n, 0.025, seed++);
    const few = Int32Array.from(sorted([...long.filter((_, i) => i % 25 === 3), long[0]! + 1]));
    const inLong = new Set(long);
    const places: number[] = [];
    forEachCommon(few, RowSet.fromList(n, long), (i) => places.push(i));
    expect(places.map((i) => few[i])).toEqual(Array.from(few).filter((v) => inLong.has(v)));
    expect(places.length).toBeGreaterThan(4);
  });

  it('keeps the rows whose cells overlap every range, on all rows, a list or a bitmap', () => {
    const n = 3001;
    // Amount-like ranges (lo ≤ hi, NaN unknown) and a single-value column.
    const lo = Float64Array.from({ length: n }, (_, i) => (i % 7 === 0 ? Number.NaN : i % 100));
    const hi = Float64Array.from(lo, (v, i) => v + (i % 5));
    const codes = Uint32Array.from({ length: n }, (_, i) => i % 3);
    const ranges: ColumnRange[] = [
      { lo, hi, min: 20, max: 40 },
      { lo: codes, hi: codes, min: 1, max: 1 },
    ];
    const meets = (row: number) => hi[row]! >= 20 && lo[row]! <= 40 && codes[row] === 1;
    const base = random(n, 0.4, 7);
    expect(Array.from(filterRows(null, n, ranges).list())).toEqual(
      Array.from({ length: n }, (_, i) => i).filter(meets),
    );
    const expected = Array.from(base).filter(meets);
    expect(Array.from(filterRows(RowSet.fromList(n, base), n, ranges).list())).toEqual(expected);
    const asBits = RowSet.fromList(n, base);
    asBits.bits();
    expect(Array.from(filterRows(asBits, n, ranges).list())).toEqual(expected);
    expect(filterRows(null, n, []).size).toBe(n);
  });
});
