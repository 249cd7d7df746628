/**
 * Chain analyses on the local engine and on an OpenAI-compatible one (a fake on 127.0.0.1):
 * every cited round exists with the cited stage, date and amount, every quote is verbatim
 * from the cited report page, a `[n]` of nothing never reaches the text, the analysis is
 * stored and read back by its owner only.
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { DB_ENGINES } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { useChainApp } from './chain-app.js';
import { card, type StreamEventOf } from './stream.js';

type RoundCitation = {
  n: number;
  roundId: number;
  projectId: number;
  date: string;
  stageLabel: string;
  amountText: string;
};
type Quote = { n: number; pid: number; pages: number[]; text: string };

const textOf = (events: StreamEventOf[]) =>
  events
    .filter((e) => e.type === 'delta')
    .map((e) => e.content)
    .join('');

async function expectRealCitations(
  db: Parameters<typeof selectRows>[0],
  rounds: RoundCitation[],
  quotes: Quote[],
) {
  for (const r of rounds) {
    const [row] = await selectRows<{
      project_id: number | string;
      date: string;
      stage: number;
      amount_text: string;
    }>(
      db,
      sql`select project_id, date::text as date, stage, amount_text from rounds where id = ${r.roundId}`,
    );
    expect(row, `round ${r.roundId}`).toBeTruthy();
    expect(Number(row!.project_id)).toBe(r.projectId);
    expect(row!.date).toBe(r.date);
    expect(row!.amount_text).toBe(r.amountText);
    expect(r.stageLabel).toBe(stageLabel(row!.stage));
  }
  for (const q of quotes) {
    const [page] = await selectRows<{ text: string }>(
      db,
      sql`select text from report_pages where report_id = ${q.pid} and page_no = ${q.pages[0]!}`,
    );
    expect(page, `report ${q.pid} page ${q.pages[0]}`).toBeTruthy();
    expect(page!.text).toContain(q.text);
  }
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`chain analysis, local engine, on ${engine}`, () => {
    const t = useChainApp(engine);

    it('analyses a chain: concentration, hot nodes, gaps, cited rounds and verbatim report quotes', async () => {
      const events = await t.stream('/chain/generateAnalyse', { id: 'nev' });
      expect(events[0]).toMatchObject({
        status: 'start',
        engine: 'local',
        target: { id: 'nev', kind: 'chain' },
      });
      const text = textOf(events);
      for (const heading of ['### 集中度', '### 热门环节', '### 空白与薄弱环节'])
        expect(text).toContain(heading);
      expect(text).toContain('锂矿与锂盐');
      const rounds = (card(events, 'rounds')?.rounds ?? []) as RoundCitation[];
      const quotes = ((events.find((e) => e.type === 'quote')?.quotes as Quote[]) ?? []) as Quote[];
      expect(rounds.length).toBeGreaterThan(0);
      await expectRealCitations(t.db(), rounds, quotes);
      const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      const known = new Set([...rounds.map((r) => r.n), ...quotes.map((q) => q.n)]);
      for (const n of cited) expect(known.has(n), `[${n}]`).toBe(true);
      expect(events.at(-1)).toMatchObject({ status: 'done', isend: true });
    });

    it('analyses a node and stores it; the owner reads it back, another caller gets -404', async () => {
      const events = await t.stream('/chain/generateAnalyse', { id: 'nev/adas' });
      const analysisId = events[0]!.analysisId as number;
      const text = textOf(events);
      expect(text).toContain('智能驾驶');
      const facts = card(events, 'facts').facts;
      expect(facts.investorTop3Share).toBeLessThanOrEqual(1);
      expect(facts.earlyShare).toBeLessThanOrEqual(1);
      const res = await t.post('/chain/getAnalyse', { analysisId });
      expect(res.statusCode).toBe(200);
      const stored = res.json().data;
      expect(stored).toMatchObject({
        analysisId,
        id: 'nev/adas',
        kind: 'node',
        status: 'done',
        content: text,
      });
      await expectRealCitations(t.db(), stored.rounds, stored.quotes);
      const latest = await t.post('/chain/getAnalyse', { id: 'nev/adas' });
      expect(latest.json().data.analysisId).toBe(analysisId);

      const other = await t.post('/chain/getAnalyse', { analysisId }, { 'x-client-id': 'client-chain-2' });
      expect(other.statusCode).toBe(404);
      const { cookie } = await signIn(t.db(), {});
      const signedIn = await t.post('/chain/getAnalyse', { analysisId }, { cookie });
      expect(signedIn.statusCode).toBe(404);
      const none = await t.post('/chain/getAnalyse', { analysisId: 999_999 });
      expect(none.json()).toMatchObject({ code: -404 });
    });

    it('refuses getAnalyse without an id', async () => {
      const res = await t.post('/chain/getAnalyse', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('缺少分析编号');
    });
  });
}

describe('chain analysis on an OpenAI-compatible engine (pglite)', () => {
  const KEY = 'sk-chain-test';
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
  });
  afterAll(() => fake.close());
  const t = useChainApp('pglite', {
    env: {
      get LLM_BASE_URL() {
        return fake.url;
      },
      LLM_API_KEY: KEY,
      LLM_MODEL: 'deepseek-chat',
      LLM_MAX_RETRIES: '0',
    } as Record<string, string>,
  });

  it('sends the numbered rounds and pages as sources and drops citations of nothing', async () => {
    fake.script({
      kind: 'stream',
      chunks: ['智能驾驶是最热的环节', '[1]，研报也这样看[9', '9]。另见[2]。'],
      usage: { prompt_tokens: 800, completion_tokens: 40 },
    });
    const events = await t.stream('/chain/generateAnalyse', { id: 'nev' });
    expect(events[0]).toMatchObject({ status: 'start', engine: 'openai' });
    const text = textOf(events);
    expect(text).toBe('智能驾驶是最热的环节[1]，研报也这样看。另见[2]。');
    const [request] = fake.chatRequests();
    const system = (request!.body as { messages: { content: string }[] }).messages[0]!.content;
    const rounds = card(events, 'rounds')!.rounds as RoundCitation[];
    expect(system).toContain(`[1] 融资事件：`);
    expect(rounds[0]!.n).toBe(1);
    const stored = (await t.post('/chain/getAnalyse', { analysisId: events[0]!.analysisId })).json().data;
    expect(stored).toMatchObject({ engine: 'openai', content: text, status: 'done' });
    await expectRealCitations(t.db(), stored.rounds, stored.quotes);
  });

  it('ends with an error event, stored as such, when the model service fails', async () => {
    fake.script({ kind: 'error', status: 500, message: 'boom' });
    const events = await t.stream('/chain/generateAnalyse', { id: 'nev/battery' });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: -503, isend: true });
    const stored = (await t.post('/chain/getAnalyse', { id: 'nev/battery' })).json().data;
    expect(stored.status).toBe('error');
  });
});
