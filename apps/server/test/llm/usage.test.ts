import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../src/db/schema.js';
import type { LlmRequest } from '../../src/platform/llm/index.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';
import { drain } from './helpers.js';

const ask = (extra: Partial<LlmRequest>): LlmRequest => ({
  system: '你是金桥的融资顾问。',
  messages: [{ role: 'user', content: '储能行业的市场规模有多大？' }],
  sources: [{ id: 1, title: '储能白皮书', text: '储能市场规模预计超过 3000 亿元。' }],
  ...extra,
});

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`llm on the platform, ${engine}`, () => {
    let fake: FakeOpenAiServer;
    let remote: TestApp;
    let local: TestApp;

    beforeAll(async () => {
      fake = await startFakeOpenAi({ apiKey: 'k' });
      remote = await createTestApp({
        engine,
        env: {
          LLM_BASE_URL: fake.url,
          LLM_API_KEY: 'k',
          LLM_MODEL: 'm',
          EMBEDDING_BASE_URL: fake.url,
          EMBEDDING_API_KEY: 'k',
          EMBEDDING_MODEL: 'e',
        },
      });
      local = await createTestApp({ engine });
    });
    afterAll(async () => {
      await Promise.all([remote?.close(), local?.close()]);
      await fake?.close();
    });

    const rowsOf = (t: TestApp, userId: number) =>
      t.platform.database.db.select().from(llmUsage).where(eq(llmUsage.userId, userId));

    it("health reports ai 'openai' when LLM_* are set and 'local' otherwise", async () => {
      const configured = (await remote.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(configured.data.engines.ai).toBe('openai');
      const plain = (await local.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(plain.data.engines.ai).toBe('local');
    });

    it('records the tokens the provider reported, for the user who asked', async () => {
      const db = remote.platform.database.db;
      const [user, other] = [await createUser(db), await createUser(db)];
      fake.script({
        kind: 'stream',
        chunks: ['约 3000 亿元 [1]。'],
        usage: { prompt_tokens: 321, completion_tokens: 12 },
      });
      const { error } = await drain(
        remote.platform.llm.generate(ask({ userId: user.id, clientId: 'client-abc', purpose: 'chat' })),
      );
      expect(error).toBeUndefined();
      const rows = await rowsOf(remote, user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: user.id,
        clientId: 'client-abc',
        purpose: 'chat',
        engine: 'openai',
        model: 'm',
        promptTokens: 321,
        completionTokens: 12,
        isEstimated: false,
        finishReason: 'stop',
      });
      expect(await rowsOf(remote, other.id)).toEqual([]);
    });

    it('records an estimate, marked aborted, when the caller stops mid-answer', async () => {
      const db = remote.platform.database.db;
      const user = await createUser(db);
      fake.script({ kind: 'hang', intervalMs: 30 });
      const controller = new AbortController();
      let deltas = 0;
      for await (const event of remote.platform.llm.generate(
        ask({ userId: user.id, signal: controller.signal }),
      )) {
        if (event.type === 'delta' && ++deltas === 3) controller.abort();
      }
      const [row] = await rowsOf(remote, user.id);
      expect(row).toMatchObject({ engine: 'openai', isEstimated: true, finishReason: 'aborted' });
      expect(row!.completionTokens).toBeGreaterThan(0);
      expect(row!.promptTokens).toBeGreaterThan(0);
    });

    it('records nothing when the provider failed before answering', async () => {
      const db = remote.platform.database.db;
      const user = await createUser(db);
      fake.script({ kind: 'error', status: 400, message: 'bad request' });
      const { error } = await drain(remote.platform.llm.generate(ask({ userId: user.id })));
      expect(error).toBeDefined();
      expect(await rowsOf(remote, user.id)).toEqual([]);
    });

    it('records embedding tokens', async () => {
      const db = remote.platform.database.db;
      const user = await createUser(db);
      await remote.platform.llm.embed(['储能', '新能源汽车'], { userId: user.id, purpose: 'retrieval' });
      const [row] = await rowsOf(remote, user.id);
      expect(row).toMatchObject({ purpose: 'retrieval', model: 'e', promptTokens: 7, completionTokens: 0 });
    });

    it('records estimated tokens for the local engine, and anonymous use by client id', async () => {
      const db = local.platform.database.db;
      const user = await createUser(db);
      const { events } = await drain(local.platform.llm.generate(ask({ userId: user.id, purpose: 'chat' })));
      const usage = events.find((e) => e.type === 'usage');
      const [row] = await rowsOf(local, user.id);
      expect(row).toMatchObject({
        engine: 'local',
        model: 'local-extractive',
        isEstimated: true,
        finishReason: 'stop',
        promptTokens: usage?.type === 'usage' ? usage.promptTokens : -1,
      });

      await drain(local.platform.llm.generate(ask({ clientId: 'anon-42', purpose: 'homechat' })));
      const anonymous = await db.select().from(llmUsage).where(eq(llmUsage.clientId, 'anon-42'));
      expect(anonymous).toHaveLength(1);
      expect(anonymous[0]!.userId).toBeNull();
    });
  });
}
