/**
 * The diagnosis on the OpenAI-compatible engine (the fake server on 127.0.0.1): the model gets
 * the extracted facts and peer figures as data and only the cited pages as sources; a [n]
 * naming a page the report does not cite is removed before it is sent or stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { data, diagnosePlan, person, useAnalysisApp } from './helpers.js';

describe('diagnosis on an OpenAI-compatible engine (pglite)', () => {
  const KEY = 'sk-analysis-test';
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: KEY });
  });
  afterAll(() => fake.close());
  const a = useAnalysisApp('pglite', {
    env: {
      get LLM_BASE_URL() {
        return fake.url;
      },
      LLM_API_KEY: KEY,
      LLM_MODEL: 'deepseek-chat',
      LLM_MAX_RETRIES: '0',
    } as Record<string, string>,
  });

  it('writes prose from the facts and peer figures, citing only pages the report cites', async () => {
    fake.script({
      kind: 'stream',
      chunks: ['团队完整[', '9', ']，融资金额见[1', '1]，另见[99]。'],
      usage: { prompt_tokens: 900, completion_tokens: 30 },
    });
    const founder = await person(a.t, '模型用户');
    const { events, id } = await diagnosePlan(a.t, founder, a.spec(0));
    expect(events[0]).toMatchObject({ status: 'start', engine: 'openai' });
    const text = events
      .filter((e) => e.type === 'delta')
      .map((e) => e.content)
      .join('');
    expect(text).toBe('团队完整[9]，融资金额见[11]，另见。');
    const [request] = fake.chatRequests();
    const messages = (request!.body as { messages: { role: string; content: string }[] }).messages;
    const all = messages.map((m) => m.content).join('\n');
    expect(all).toContain('提取结果与同行数据');
    expect(all).toContain('"medianAmount"');
    // The advice is not given to the model (it may be locked); the sources are the cited pages.
    expect(all).not.toContain('"advice"');
    expect(all).toContain('计划书 第 11 页');
    const stored = await data(a.t, founder, '/project/GetAnalyseResult', { id });
    expect(stored).toMatchObject({ engine: 'openai', content: text });
  });
});
