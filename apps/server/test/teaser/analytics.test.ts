/**
 * View analytics arithmetic (flush cap, idle split, visits under 1 s ignored, unique viewers
 * a day), the online engine's teaser (a scripted OpenAI-compatible server on 127.0.0.1; a
 * number the sources lack is not saved), and matching both ways on a small demo library.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData, insertDataset, readIdOffsets } from '../../src/modules/demo/index.js';
import { syncReferenceData } from '../../src/modules/reference/index.js';
import { capFlush } from '../../src/modules/teaser/views.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { call, data, FORM, type Person, parseSse, person, publishedTeaser, visitor } from './helpers.js';

describe('capFlush', () => {
  it('adds the visible time up to 15 s, and no section longer than that', () => {
    expect(capFlush({ intro: 4000, team: 6000 }, 8000)).toEqual({
      addedMs: 8000,
      sections: { intro: 4000, team: 6000 },
    });
    expect(capFlush({ intro: 4000, team: 6000 })).toEqual({
      addedMs: 6000,
      sections: { intro: 4000, team: 6000 },
    });
    expect(capFlush({ intro: 20_000, team: 10_000 }, 40_000)).toEqual({
      addedMs: 15_000,
      sections: { intro: 15_000, team: 10_000 },
    });
    expect(capFlush({ intro: 9000 }, 3000)).toEqual({ addedMs: 3000, sections: { intro: 3000 } });
    expect(capFlush({ intro: -5, bogus: 100 } as never)).toEqual({ addedMs: 0, sections: {} });
  });
});

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`teaser analytics on ${engine}`, () => {
    let t: TestApp;
    let founder: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      founder = await person(t, '创业者');
    }, 60_000);
    afterAll(() => t.close());

    it('adds flushes into a visit, splits after 5 idle minutes, ignores visits under 1 s, and charts unique viewers', async () => {
      const teaser = await publishedTeaser(t, founder);
      const a = await person(t, '投资人甲');
      const b = await person(t, '投资人乙');
      const anon = visitor();
      const flush = (who: Person, body: object) =>
        data(t, who, '/teaser/recordView', { id: teaser.id, ...body });
      const f1 = await flush(a, { visibleMs: 10_000, sections: { intro: 6000, team: 4000 } });
      expect(f1).toMatchObject({ addedMs: 10_000, durationMs: 10_000, counted: true });
      const f2 = await flush(a, { viewId: f1.viewId, visibleMs: 30_000, sections: { financing: 30_000 } });
      expect(f2).toMatchObject({ viewId: f1.viewId, addedMs: 15_000, durationMs: 25_000 });
      // Six minutes later the same view id starts a new visit.
      await t.platform.database.db.execute(
        sql`update teaser_views set last_at = now() - interval '6 minutes' where id = ${f1.viewId}`,
      );
      const f3 = await flush(a, { viewId: f1.viewId, sections: { intro: 2000 } });
      expect(f3.viewId).not.toBe(f1.viewId);
      expect(f3.durationMs).toBe(2000);
      const short = await flush(b, { sections: { intro: 800 } });
      expect(short.counted).toBe(false);
      await flush(anon, { sections: { metrics: 3000 } });
      // Another user's view id is not theirs to add to.
      const stolen = await flush(b, { viewId: f1.viewId, sections: { intro: 1000 } });
      expect(stolen.viewId).not.toBe(f1.viewId);
      expect(stolen.durationMs).toBe(1000);
      // The owner's own reading is not recorded.
      expect((await flush(founder, { sections: { intro: 5000 } })).viewId).toBe(0);

      const history = await data(t, founder, '/teaser/getTeaserInvestorViewHistory', {
        id: teaser.id,
        days: 7,
      });
      expect(history.totals).toMatchObject({
        visits: 4,
        uniqueViewers: 3,
        totalMs: 25_000 + 2000 + 1000 + 3000,
        sections: { intro: 6000 + 2000 + 1000, team: 4000, financing: 15_000, metrics: 3000 },
      });
      expect(history.totals.avgMs).toBe(Math.round(31_000 / 4));
      const viewerA = history.list.find((v: { name: string }) => v.name === '投资人甲');
      expect(viewerA).toMatchObject({ visits: 2, totalMs: 27_000 });
      expect(history.chart).toHaveLength(7);
      expect(history.chart.at(-1)).toMatchObject({ uniqueViewers: 3, visits: 4 });
      expect(history.chart.slice(0, 6).every((d: { visits: number }) => d.visits === 0)).toBe(true);
      const seen = await data(t, founder, '/teaser/getTeaser', { id: teaser.id });
      expect(seen.views).toBe(4);
      const mine = await data(t, a, '/teaser/getViewTeaserHistory', {});
      expect(mine.list[0]).toMatchObject({ visits: 2, totalMs: 27_000, teaser: { id: teaser.id } });
      expect((await data(t, b, '/teaser/getViewTeaserHistory', {})).list[0].totalMs).toBe(1000);
      const disc = await data(t, visitor(), '/teaser/GetDescoveryTeaser', {});
      expect(disc.list[0].id).toBe(teaser.id);
    });
  });
}

describe('the online engine writes the teaser', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
    t = await createTestApp({
      engine: 'pglite',
      env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'deepseek-chat' },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('streams the sections under their headings and does not save a sentence with an invented number', async () => {
    const founder = await person(t, '创业者');
    const created = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
    fake.script({
      kind: 'stream',
      chunks: [
        '## 公司简介\n该公司专注工业视觉检测。',
        '\n## 业务数据\n2025年营收4200万元。预计明年营收突破9亿元。\n',
        '## 融资计划\n本轮A轮，计划融资3000万元。',
      ],
    });
    const res = await call(t, founder, '/teaser/aiGenerateTeaser', {
      id: created.id,
      sections: ['intro', 'metrics', 'financing'],
    });
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ status: 'start', engine: 'openai' });
    const body = JSON.stringify(fake.chatRequests()[0]!.body);
    expect(body).toContain('4200');
    expect(body).toContain('资料中没有的数字一律不写');
    expect(events.some((e) => e.status === 'checked')).toBe(true);
    const saved = events.at(-1)!.teaser as { sections: Record<string, string>; engine: string };
    expect(saved.engine).toBe('openai');
    expect(saved.sections.intro).toBe('该公司专注工业视觉检测。');
    expect(saved.sections.metrics).toBe('2025年营收4200万元。');
    expect(saved.sections.financing).toBe('本轮A轮，计划融资3000万元。');
  });
});

describe('matching teasers both ways', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
    const db = t.platform.database.db;
    await syncReferenceData(db);
    const demo = generateDemoData({
      seed: 42,
      scale: { institutions: 40, investors: 240, projects: 300, reports: 0, news: 0 },
      now: new Date('2026-11-22T00:00:00Z'),
    });
    await db.transaction(async (tx) => insertDataset(tx, demo, await readIdOffsets(tx)));
  }, 120_000);
  afterAll(() => t.close());

  it("matches investors for the owner's teaser with reasons, streamed too, and teasers for a thesis with a bounded VIP boost", async () => {
    const founder = await person(t, '创业者');
    const vipFounder = await person(t, 'VIP 创业者');
    const teaser = await publishedTeaser(t, founder, { industries: ['ai'], tags: ['大模型'] });
    const page = await data(t, founder, '/teaser/matchInvestor', { id: teaser.id, pageSize: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list[0].reasons.length).toBeGreaterThan(0);
    const stream = parseSse(
      (await call(t, founder, '/teaser/matchInvestorWithReasonStream', { id: teaser.id, limit: 3 })).body,
    );
    expect(stream.filter((e) => e.card === 'match')).toHaveLength(3);
    expect(stream.filter((e) => e.card === 'reasons')).toHaveLength(3);
    expect(stream.at(-1)).toMatchObject({ status: 'done', isend: true });
    const plain = parseSse(
      (await call(t, founder, '/teaser/matchInvestorStream', { id: teaser.id, limit: 3 })).body,
    );
    expect(plain.filter((e) => e.card === 'reasons')).toHaveLength(0);
    const stranger = await person(t, '别人');
    expect((await call(t, stranger, '/teaser/matchInvestor', { id: teaser.id })).statusCode).toBe(404);

    const twin = await publishedTeaser(t, vipFounder, { industries: ['ai'], tags: ['大模型'] });
    await t.platform.database.db.execute(
      sql`update users set vip_expires_at = now() + interval '30 days' where id = ${vipFounder.id}`,
    );
    const investor = await person(t, '投资人');
    const found = await data(t, investor, '/teaser/matchTeaser', {
      thesis: '关注人工智能大模型方向的A轮项目',
    });
    const ids = found.list.map((x: { id: number }) => x.id);
    expect(ids).toContain(teaser.id);
    const vipItem = found.list.find((x: { id: number }) => x.id === twin.id);
    const plainItem = found.list.find((x: { id: number }) => x.id === teaser.id);
    expect(vipItem.baseScore).toBe(plainItem.baseScore);
    expect(vipItem.vipBoost).toBe(4);
    expect(vipItem.reasons[0].text).toContain('VIP 优先展示');
    expect(ids.indexOf(twin.id)).toBeLessThan(ids.indexOf(teaser.id));
    const rec = await data(t, visitor(), '/teaser/getRecommendTeaser', {});
    expect(rec.list[0]).toMatchObject({ id: twin.id, isVipPriority: true, vipBoost: 4 });
    expect(rec.list[0].reasons[0]).toContain('VIP');
  }, 120_000);
});
