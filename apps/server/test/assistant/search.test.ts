import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { anonymous, api, type Sse, seedDemo, signedIn, textOf } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`AI search and the home page (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await seedDemo(t);
    });
    afterAll(() => t.close());

    it('streams library hits and a summary, and stores the result for its owner only', async () => {
      const a = api(t);
      const me = anonymous();
      const { events } = await a.ask(me, '', '新能源汽车A轮', '/aisearch/aiSearch');
      const start = events[0]!;
      expect(start).toMatchObject({ type: 'status', status: 'start' });
      const card = events.find((e) => e.type === 'card') as Sse;
      const hits = card.hits as { projects: { stage: number; industryName: string }[] };
      expect(hits.projects.length).toBeGreaterThan(0);
      for (const p of hits.projects) expect(p).toMatchObject({ stage: 3, industryName: '新能源汽车' });
      expect(textOf(events)).toContain('（本地引擎）');
      expect(events.at(-1)).toMatchObject({ status: 'done', isend: true });

      const searchId = start.searchId as string;
      const stored = await a.data('POST', '/aisearch/aiSearchResult', me, { searchId });
      expect(stored.interactions).toHaveLength(1);
      expect(stored.interactions[0]).toMatchObject({
        question: '新能源汽车A轮',
        answer: textOf(events),
        status: 'done',
      });
      const one = await a.data('POST', '/aisearch/singleInteractResult', me, { id: start.messageId });
      expect(one.hits.projects.length).toBe(hits.projects.length);

      // A follow-up goes into the same session.
      await a.ask(me, '', '其中在上海的', '/aisearch/aiSearch', { searchId });
      expect((await a.data('POST', '/aisearch/aiSearchResult', me, { searchId })).interactions).toHaveLength(
        2,
      );

      // Another caller's search answers exactly as one that does not exist.
      const stranger = anonymous();
      const answer = async (path: string, payload: object) => {
        const res = await a.call('POST', path, stranger, payload);
        return { status: res.statusCode, code: res.json().code, msg: res.json().msg };
      };
      const missing = { status: 404, code: -404, msg: '搜索记录不存在' };
      for (const [path, theirs, madeUp] of [
        ['/aisearch/aiSearchResult', { searchId }, { searchId: 'no-such-search' }],
        ['/aisearch/singleInteractResult', { id: start.messageId }, { id: 987654321 }],
        [
          '/aisearch/aiSearch',
          { question: '你好', searchId },
          { question: '你好', searchId: 'no-such-search' },
        ],
      ] as const) {
        expect(await answer(path, theirs), path).toEqual(missing);
        expect(await answer(path, madeUp), path).toEqual(missing);
      }
    });

    it('fusion search adds report passages with quote blocks', async () => {
      const a = api(t);
      const { events } = await a.ask(anonymous(), '', '储能行业的市场规模有多大', '/aisearch/aiFusionSearch');
      const card = events.find((e) => e.type === 'card') as Sse;
      expect((card.hits as { reports: unknown[] }).reports.length).toBeGreaterThan(0);
      const quotes = (events.find((e) => e.type === 'quote')?.quotes ?? []) as { n: number }[];
      expect(quotes.length).toBeGreaterThan(0);
      for (const q of quotes) expect(textOf(events)).toContain(`[${q.n}]`);
    });

    it('answers the home search box and keeps each caller’s own history', async () => {
      const a = api(t);
      const db = t.platform.database.db;
      const me = signedIn((await signIn(db)).cookie);
      const other = signedIn((await signIn(db)).cookie);
      const result = await a.data('POST', '/aisearch/homesearch', me, { keyword: '储能' });
      expect(result.projects.length + result.reports.length).toBeGreaterThan(0);
      expect(result.questions).toContain('储能行业的市场规模有多大');
      await a.ask(me, '', '人工智能天使轮', '/aisearch/aiSearch');
      const mine = await a.data('POST', '/aisearch/homesearch_history', me, {});
      expect(mine.list.map((h: { keyword: string; kind: string }) => [h.keyword, h.kind])).toEqual([
        ['人工智能天使轮', 'search'],
        ['储能', 'home'],
      ]);
      expect((await a.data('POST', '/aisearch/homesearch_history', other, {})).total).toBe(0);
      const empty = await a.call('POST', '/aisearch/homesearch', me, { keyword: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('请输入搜索内容');
    });

    it('shows recent actions, recommendations and quick questions', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      await a.ask(me, chatuuid, '帮我找新能源汽车领域的A轮项目');
      const actions = (await a.data('POST', '/aisearch/homeuseractions', me, {})).list;
      expect(actions[0]).toMatchObject({
        type: 'chat',
        title: '帮我找新能源汽车领域的A轮项目',
        url: `/jq/chat?chatuuid=${chatuuid}`,
      });
      expect((await a.data('POST', '/aisearch/homeuseractions', anonymous(), {})).list).toEqual([]);

      const recommended = await a.data('POST', '/aisearch/airecommend', me, {});
      expect(recommended.basis).toContain('新能源汽车');
      expect(recommended.projects.length).toBeGreaterThan(0);
      const searches = (await a.data('POST', '/aisearch/aiRecommendSearch', me, {})).list;
      expect(searches).toContain('新能源汽车领域的A轮项目');
      const fresh = await a.data('POST', '/aisearch/airecommend', anonymous(), {});
      expect(fresh.basis.length).toBeGreaterThan(0);

      const quick = (await a.data('POST', '/aisearch/quickQuestions', me, {})).list;
      expect(quick.length).toBeGreaterThan(0);
      const forAgent = (
        await a.data('POST', '/aisearch/quickQuestions', me, { scene: 'chat', agent: 'advisor' })
      ).list;
      expect(forAgent.every((q: { agent: string }) => q.agent === 'advisor')).toBe(true);
    });
  });
}
