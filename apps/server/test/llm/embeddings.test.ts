import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { createLlm } from '../../src/platform/llm/index.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { llmConfig } from './helpers.js';

const KEY = 'sk-embed-456';
let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(() => fake.close());

const openLlm = (env: Record<string, string> = {}) =>
  createLlm({
    config: llmConfig({
      EMBEDDING_BASE_URL: fake.url,
      EMBEDDING_API_KEY: KEY,
      EMBEDDING_MODEL: 'bge-m3',
      ...env,
    }),
  });

describe('embeddings', () => {
  it('answers null when EMBEDDING_* are not set', async () => {
    const llm = createLlm({ config: llmConfig() });
    expect(llm.hasEmbeddings).toBe(false);
    expect(await llm.embed(['储能'])).toBeNull();
  });

  it('sends batches of 64 and returns one vector per text in input order', async () => {
    fake.script();
    const texts = Array.from({ length: 150 }, (_, i) => `第${i}段文本${'字'.repeat(i % 7)}`);
    const llm = openLlm();
    expect(llm.hasEmbeddings).toBe(true);
    const vectors = await llm.embed(texts);
    const batches = fake.embeddingRequests().map((r) => (r.body as { input: string[] }).input);
    expect(batches.map((b) => b.length)).toEqual([64, 64, 22]);
    expect(batches.flat()).toEqual(texts);
    expect(fake.embeddingRequests()[0]!.body).toMatchObject({ model: 'bge-m3' });
    expect(fake.embeddingRequests()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    // The fake answers each batch in reverse order; the first number of its vector is the text's length.
    expect(vectors!.map((v) => v[0])).toEqual(texts.map((t) => t.length));
  });

  it('answers [] for no texts without calling the service', async () => {
    fake.script();
    expect(await openLlm().embed([])).toEqual([]);
    expect(fake.embeddingRequests()).toHaveLength(0);
  });

  it('retries a 429 honouring Retry-After, then a 502', async () => {
    fake.script();
    fake.scriptEmbeddings({ kind: 'error', status: 429, retryAfter: '0.3' }, { kind: 'error', status: 502 });
    const t0 = Date.now();
    const vectors = await openLlm().embed(['新能源', '储能']);
    expect(vectors).toHaveLength(2);
    expect(fake.embeddingRequests()).toHaveLength(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
  });

  it('answers UNAVAILABLE for a wrong key, with one request', async () => {
    fake.script();
    const error = await openLlm({ EMBEDDING_API_KEY: 'sk-nope' })
      .embed(['x'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(Code.UNAVAILABLE);
    expect(fake.embeddingRequests()).toHaveLength(1);
  });
});
