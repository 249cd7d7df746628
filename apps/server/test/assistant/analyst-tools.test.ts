import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { anonymous, api, type Sse, seedDemo, textOf } from './helpers.js';

const KEY = 'sk-analyst-tools';

type WireMessage = { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] };
type Body = { messages: WireMessage[]; tools?: { type: string; function: { name: string } }[] };

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`analyst tools as function calls (${engine})`, () => {
    let t: TestApp;
    let fake: FakeOpenAiServer;
    beforeAll(async () => {
      fake = await startFakeOpenAi({ apiKey: KEY });
      t = await createTestApp({
        engine,
        env: { LLM_BASE_URL: fake.url, LLM_API_KEY: KEY, LLM_MODEL: 'deepseek-chat', LLM_MAX_RETRIES: '0' },
      });
      await seedDemo(t);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const db = () => t.platform.database.db;
    const ask = async (question: string) => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      const { res, events } = await a.ask(me, chatuuid, question);
      expect(res.statusCode, res.body).toBe(200);
      return events;
    };
    const bodies = () => fake.chatRequests().map((r) => r.body as Body);
    const toolResults = (body: Body) =>
      body.messages
        .filter((m) => m.role === 'tool')
        .map((m) => JSON.parse(m.content ?? '{}') as Record<string, unknown>);

    it('offers the tools, runs the call the model makes and cites only what the tool returned', async () => {
      fake.script(
        {
          kind: 'tool_calls',
          calls: [
            {
              id: 'call_rank',
              name: 'rank_investors',
              arguments: '{"target":"institution","industry":["人工智能"]}',
            },
          ],
        },
        { kind: 'stream', chunks: ['人工智能领域出手最多的机构见下[__N__]。另见[77]。'] },
      );
      // The second answer cites the number the tool gave its first institution.
      const events = await (async () => {
        const a = api(t);
        const me = anonymous();
        const chatuuid = await a.createChat(me);
        return (await a.ask(me, chatuuid, '人工智能领域最活跃的机构')).events;
      })();
      const [first, second] = bodies();
      expect(first!.tools!.map((tool) => tool.function.name).sort()).toEqual([
        'aggregate_rounds',
        'compare_entities',
        'match',
        'rank_investors',
        'report_passages',
        'search_library',
      ]);
      expect(first!.messages[0]!.content).toContain('先调用工具');
      // The call goes back as an assistant turn with tool_calls, then its result as a tool message.
      const assistantTurn = second!.messages.find((m) => m.role === 'assistant' && m.tool_calls);
      expect(assistantTurn!.tool_calls).toEqual([
        {
          id: 'call_rank',
          type: 'function',
          function: { name: 'rank_investors', arguments: '{"target":"institution","industry":["人工智能"]}' },
        },
      ]);
      const toolMessage = second!.messages.find((m) => m.role === 'tool')!;
      expect(toolMessage.tool_call_id).toBe('call_rank');
      const result = JSON.parse(toolMessage.content!) as {
        ranking: { cite: number; deals: number }[];
        filters: { industry: string[] };
      };
      expect(result.filters.industry).toEqual(['人工智能']);
      const expected = await selectRows<{ n: string }>(
        db(),
        sql`select count(distinct r.id) as n from round_investors ri join rounds r on r.id = ri.round_id join projects p on p.id = r.project_id
            where ri.institution_id is not null and p.industries && array['ai']::text[] group by ri.institution_id order by 1 desc limit 1`,
      );
      expect(result.ranking[0]!.deals).toBe(Number(expected[0]!.n));
      // The scripted text cites __N__ literally: no card; [77] names nothing either.
      expect(textOf(events)).toContain('[77]');
      expect(events.find((e) => e.type === 'card')).toBeUndefined();
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done' });
    });

    it('turns a cited tool record into a link', async () => {
      fake.script(
        { kind: 'tool_calls', calls: [{ name: 'compare_entities', arguments: '{"names":["红杉资本"]}' }] },
        { kind: 'stream', chunks: ['资料库没有红杉资本，最接近的是[1]。'] },
      );
      const events = await ask('红杉资本怎么样');
      const result = toolResults(bodies()[1]!)[0] as { notInLibrary: { closest: { cite: number }[] }[] };
      expect(result.notInLibrary[0]!.closest[0]!.cite).toBe(1);
      const cards = (events.find((e) => e.type === 'card') as Sse).cards as { kind: string; id: number }[];
      expect(cards).toHaveLength(1);
      expect(cards[0]!.kind).toBe('institution');
    });

    it('answers an unknown tool and malformed arguments with errors the model can read', async () => {
      fake.script(
        {
          kind: 'tool_calls',
          calls: [
            { name: 'drop_tables', arguments: '{}' },
            { name: 'aggregate_rounds', arguments: '{"industry": ["人工智能"' },
            { name: 'aggregate_rounds', arguments: '{"groupBy":"galaxy"}' },
          ],
        },
        { kind: 'stream', chunks: ['抱歉，暂时无法获取这项数据。'] },
      );
      const events = await ask('人工智能融资总额');
      const results = toolResults(bodies()[1]!);
      expect(results).toHaveLength(3);
      expect(results[0]!.error).toContain('没有名为「drop_tables」的工具');
      expect(results[1]!.error).toContain('不是合法的 JSON');
      expect(results[2]!.error).toContain('参数有误');
      expect(textOf(events)).toBe('抱歉，暂时无法获取这项数据。');
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done' });
    });

    it('tells the model when a tool fails, and the turn still ends normally', async () => {
      fake.script(
        {
          kind: 'tool_calls',
          calls: [{ name: 'aggregate_rounds', arguments: '{"from":"2024-02-30","to":"2024-03-31"}' }],
        },
        { kind: 'stream', chunks: ['数据暂时无法获取。'] },
      );
      const events = await ask('2024年的融资笔数');
      const [result] = toolResults(bodies()[1]!);
      // 2024-02-30 passes the argument check but the database refuses the date: the tool throws.
      expect(result!.error).toBe('工具执行出错，暂时无法获取这项数据');
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done' });
    });

    it('stops offering tools after the last round, so the model has to answer', async () => {
      const again = { kind: 'tool_calls' as const, calls: [{ name: 'aggregate_rounds', arguments: '{}' }] };
      fake.script(again, again, again, { kind: 'stream', chunks: ['共计若干笔。'] });
      const events = await ask('融资一共多少笔');
      const all = bodies();
      expect(all).toHaveLength(4);
      expect(all.slice(0, 3).every((b) => b.tools?.length === 6)).toBe(true);
      expect(all[3]!.tools).toBeUndefined();
      const [count] = await selectRows<{ n: string }>(db(), sql`select count(*) as n from rounds`);
      const totals = toolResults(all[3]!).map((r) => (r.total as { count: number }).count);
      expect(totals).toEqual([Number(count!.n), Number(count!.n), Number(count!.n)]);
      expect(textOf(events)).toBe('共计若干笔。');
    });
  });
}
