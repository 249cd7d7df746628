import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage, reportPages, reports } from '../../src/db/schema.js';
import { toSearchText } from '../../src/lib/text.js';
import { backfillReportVectors, reportVectorOptions } from '../../src/modules/assistant/report-vectors.js';
import { searchReportPages, understand } from '../../src/modules/assistant/retrieve.js';
import { notifyLibraryChanged } from '../../src/modules/library/search/cache.js';
import { syncReferenceData } from '../../src/modules/reference/index.js';
import { type Db, selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { DIMS, type FakeEmbeddings, startFakeEmbeddings } from './fake-embeddings.js';
import { anonymous, api, type Sse } from './helpers.js';

const KEY = 'sk-embeddings-test';

/** Three small reports; 研报 1 page 3 is about exits, in words no question below uses. */
const FIXTURE = [
  {
    title: '新型储能产业观察',
    industryId: 'energy-storage',
    pages: [
      '新型储能产业观察\n核心观点\n储能电站建设提速，行业进入规模化发展阶段。',
      '储能市场规模\n2025年中国储能市场规模约为2100亿元，同比增长35%。预计到2030年市场规模将达到6000亿元。',
      '投资与退出\n储能领域的早期投资机构主要通过并购与上市实现退出，平均持有期约五年。',
    ],
  },
  {
    title: '工业软件行业研究',
    industryId: 'enterprise-service',
    pages: [
      '工业软件行业研究\n研发设计类软件国产化率仍然较低。',
      '竞争格局\n头部企业凭借客户资源占据优势，新进入者需要差异化定位。',
    ],
  },
  {
    title: '半导体设备专题',
    industryId: 'semiconductor',
    pages: [
      '半导体设备专题\n刻蚀与薄膜沉积设备的国产替代加速。',
      '估值分析\n设备企业的估值水平显著高于行业平均。',
    ],
  },
];
const PAGES = FIXTURE.reduce((n, r) => n + r.pages.length, 0);
/** Shares no word with any page: only a model that knows 套现 ≈ 退出 finds 研报 1 page 3. */
const EXIT_QUESTION = '怎样套现离场';

async function insertFixture(db: Db): Promise<number[]> {
  await syncReferenceData(db);
  const ids: number[] = [];
  for (const r of FIXTURE) {
    const [row] = await db
      .insert(reports)
      .values({
        title: r.title,
        industryId: r.industryId,
        publishedAt: '2026-06-01',
        pageCount: r.pages.length,
      })
      .returning({ id: reports.id });
    ids.push(row!.id);
    await db.insert(reportPages).values(
      r.pages.map((text, i) => ({
        reportId: row!.id,
        pageNo: i + 1,
        text,
        searchTokens: toSearchText(text),
      })),
    );
  }
  return ids;
}

async function pagesFor(db: Db, question: string) {
  const u = await understand(db, question);
  const pages = await searchReportPages(db, {
    question,
    parsed: u.parsed,
    industryScope: u.industryScope,
    limit: 6,
  });
  return pages.map((p) => ({ title: p.title, pageNo: p.pageNo }));
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`report page vectors (${engine})`, () => {
    let fake: FakeEmbeddings;
    let t: TestApp;
    let plain: TestApp;
    let reportIds: number[];
    const saved = { ...reportVectorOptions };
    beforeAll(async () => {
      Object.assign(reportVectorOptions, { delayMs: 0, pauseAfterFailureMs: 0 });
      fake = await startFakeEmbeddings({ apiKey: KEY });
      t = await createTestApp({
        engine,
        env: {
          EMBEDDING_BASE_URL: fake.url,
          EMBEDDING_API_KEY: KEY,
          EMBEDDING_MODEL: 'fake-embed',
          EMBEDDING_BATCH: '4',
          LLM_MAX_RETRIES: '0',
        },
      });
      plain = await createTestApp({ engine });
      reportIds = await insertFixture(t.platform.database.db);
      await insertFixture(plain.platform.database.db);
    });
    afterAll(async () => {
      await t.close();
      await plain.close();
      await fake.close();
      Object.assign(reportVectorOptions, saved);
    });
    const db = () => t.platform.database.db;
    const embeddedTexts = () => fake.requests.flat();

    it('embeds each page once in batches, then only a page whose text changed', async () => {
      await backfillReportVectors(db());
      expect(fake.requests.map((r) => r.length)).toEqual([4, 3]);
      expect(new Set(embeddedTexts()).size).toBe(PAGES);
      const rows = await selectRows<{ model: string; dims: number; n: string }>(
        db(),
        sql`select model, dims, count(*) as n from report_page_vectors group by model, dims`,
      );
      expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([
        { model: 'fake-embed', dims: DIMS, n: PAGES },
      ]);

      await backfillReportVectors(db());
      expect(fake.requests).toHaveLength(2);

      // A changed page is embedded again when the library announces the change, in the background.
      const text = '竞争格局\n头部企业凭借客户资源与渠道占据优势，新进入者需要差异化定位。';
      await db()
        .update(reportPages)
        .set({ text, searchTokens: toSearchText(text) })
        .where(and(eq(reportPages.reportId, reportIds[1]!), eq(reportPages.pageNo, 2)));
      await notifyLibraryChanged(t.platform.bus);
      for (let i = 0; fake.requests.length < 3 && i < 200; i++) await new Promise((r) => setTimeout(r, 10));
      await backfillReportVectors(db());
      expect(fake.requests.slice(2)).toEqual([[`工业软件行业研究\n${text}`]]);
    });

    it('finds a page that says it in other words only with vectors, and fuses it with full text', async () => {
      await backfillReportVectors(db());
      expect(await pagesFor(plain.platform.database.db, EXIT_QUESTION)).toEqual([]);
      expect((await pagesFor(db(), EXIT_QUESTION))[0]).toEqual({ title: '新型储能产业观察', pageNo: 3 });
      // Full-text hits keep their place; the semantic hit joins them.
      const hybrid = await pagesFor(db(), '储能市场规模，怎样套现离场');
      expect(hybrid[0]).toEqual({ title: '新型储能产业观察', pageNo: 2 });
      expect(hybrid).toContainEqual({ title: '新型储能产业观察', pageNo: 3 });
      const [usage] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(llmUsage)
        .where(eq(llmUsage.purpose, 'retrieval'));
      expect(usage!.n).toBeGreaterThan(0);
    });

    it('keeps the industry a question names: a close page of another industry is not cited', async () => {
      await backfillReportVectors(db());
      const pages = await pagesFor(db(), `半导体${EXIT_QUESTION}`);
      expect(pages[0]).toEqual({ title: '半导体设备专题', pageNo: 1 });
      // The nearest page by meaning does not mention 半导体: it is left out.
      expect(pages).not.toContainEqual({ title: '新型储能产业观察', pageNo: 3 });
    });

    it('answers from full text when the embeddings service fails at question time', async () => {
      await backfillReportVectors(db());
      const before = fake.requests.length;
      fake.failNext(1, 500);
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      const { events } = await a.ask(me, chatuuid, '储能市场规模有多大');
      expect(fake.requests.length).toBe(before + 1);
      const quotes = (events.find((e) => e.type === 'quote') as Sse | undefined)?.quotes as
        | { pid: number; pages: number[] }[]
        | undefined;
      expect(quotes?.[0]).toMatchObject({ pid: reportIds[0], pages: [2] });
      expect(events.at(-1)).toMatchObject({ status: 'done' });
    });
  });
}
