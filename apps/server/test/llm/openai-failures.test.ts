import net from 'node:net';
import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { createLlm, type LlmRequest } from '../../src/platform/llm/index.js';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.js';
import { drain, llmConfig, textOf } from './helpers.js';

const KEY = 'sk-test-123';
let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(() => fake.close());

/** The port on the fake, as LLM_* variables configure it. */
const openLlm = (env: Record<string, string> = {}) =>
  createLlm({
    config: llmConfig({ LLM_BASE_URL: fake.url, LLM_API_KEY: KEY, LLM_MODEL: 'deepseek-chat', ...env }),
  });

const ask = (extra: Partial<LlmRequest> = {}): LlmRequest => ({
  system: '你是金桥的融资顾问。',
  messages: [{ role: 'user', content: '储能行业的市场规模有多大？' }],
  ...extra,
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const expectAppError = (error: unknown, code: number) => {
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
};

describe('OpenAI-compatible engine: failures, retries, timeouts and aborts', () => {
  it('retries a 429 after the Retry-After wait, then streams', async () => {
    fake.script(
      { kind: 'error', status: 429, retryAfter: '1', type: 'rate_limit_exceeded' },
      { kind: 'stream', chunks: ['好的'] },
    );
    const t0 = Date.now();
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('好的');
    const [first, second] = fake.chatRequests();
    expect(fake.chatRequests()).toHaveLength(2);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('retries a 500, then streams', async () => {
    fake.script(
      { kind: 'error', status: 500, message: 'The server had an error' },
      { kind: 'stream', chunks: ['恢复了'] },
    );
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('恢复了');
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('gives up with UNAVAILABLE after LLM_MAX_RETRIES more tries', async () => {
    const down = { kind: 'error', status: 503, message: 'overloaded' } as const;
    fake.script(down, down, down, down);
    const { events, error } = await drain(openLlm({ LLM_MAX_RETRIES: '2' }).generate(ask()));
    expect(events).toEqual([]);
    expectAppError(error, Code.UNAVAILABLE);
    expect((error as AppError).message).toBe('大模型服务暂不可用，请稍后再试');
    expect(fake.chatRequests()).toHaveLength(3);
  });

  it('does not retry once a token was emitted: a broken stream ends with an AppError', async () => {
    fake.script({ kind: 'cut', chunks: ['第一句。', '第二句'] }, { kind: 'stream', chunks: ['不应出现'] });
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(textOf(events)).toBe('第一句。第二句');
    expect(events.some((e) => e.type === 'done')).toBe(false);
    expectAppError(error, Code.UNAVAILABLE);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('retries a connection broken before the first token', async () => {
    fake.script({ kind: 'cut', chunks: [] }, { kind: 'stream', chunks: ['第二次成功'] });
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('第二次成功');
    expect(fake.chatRequests()).toHaveLength(2);
  });

  it('treats a stream that ends without [DONE] or a finish reason as broken', async () => {
    fake.script(
      { kind: 'stream', chunks: ['半句'], truncate: true },
      { kind: 'stream', chunks: ['不应出现'] },
    );
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(textOf(events)).toBe('半句');
    expectAppError(error, Code.UNAVAILABLE);
    expect((error as AppError).message).toBe('大模型回答中断，请重试');
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('accepts a finished stream whose server leaves out [DONE]', async () => {
    fake.script({
      kind: 'stream',
      chunks: ['完整回答'],
      omitDone: true,
      usage: { prompt_tokens: 5, completion_tokens: 2 },
    });
    const { events, error } = await drain(openLlm().generate(ask()));
    expect(error).toBeUndefined();
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 5, completionTokens: 2 },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('ends with TIMEOUT when the first token is late, without retrying', async () => {
    fake.script(
      { kind: 'stream', chunks: ['太晚了'], firstDelayMs: 3000 },
      { kind: 'stream', chunks: ['x'] },
    );
    const t0 = Date.now();
    const { events, error } = await drain(openLlm({ LLM_FIRST_TOKEN_TIMEOUT_MS: '300' }).generate(ask()));
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(events).toEqual([]);
    expectAppError(error, Code.TIMEOUT);
    expect(fake.chatRequests()).toHaveLength(1);
    await fake.waitForClose(fake.chatRequests()[0]!);
  });

  it('ends with TIMEOUT when the whole answer takes longer than LLM_TIMEOUT_MS', async () => {
    fake.script({ kind: 'hang', intervalMs: 100 });
    const t0 = Date.now();
    const { events, error } = await drain(openLlm({ LLM_TIMEOUT_MS: '1000' }).generate(ask()));
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expectAppError(error, Code.TIMEOUT);
  });

  it('stops the upstream request at once when the caller aborts, and the iterator ends', async () => {
    fake.script({ kind: 'hang', intervalMs: 50 });
    const controller = new AbortController();
    const iterator = openLlm()
      .generate(ask({ signal: controller.signal }))
      [Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'delta', content: '第1段。' });
    expect((await iterator.next()).value).toEqual({ type: 'delta', content: '第2段。' });
    const abortedAt = Date.now();
    controller.abort();
    const closedAt = await fake.waitForClose(fake.chatRequests()[0]!, 1000);
    expect(closedAt - abortedAt).toBeLessThan(300);
    expect(fake.chatRequests()[0]!.isClosedEarly).toBe(true);
    // Whatever was already buffered may still come out; then the iterator ends without done or error.
    const rest = await drain({ [Symbol.asyncIterator]: () => iterator });
    expect(rest.error).toBeUndefined();
    expect(rest.events.every((e) => e.type === 'delta')).toBe(true);
    expect(Date.now() - abortedAt).toBeLessThan(500);
  });

  it('stops waiting for a slow first token when the caller aborts', async () => {
    fake.script({ kind: 'hang', firstDelayMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const t0 = Date.now();
    const { events, error } = await drain(openLlm().generate(ask({ signal: controller.signal })));
    expect(Date.now() - t0).toBeLessThan(600);
    expect(events).toEqual([]);
    expect(error).toBeUndefined();
    await fake.waitForClose(fake.chatRequests()[0]!, 1000);
  });

  it('closes the upstream request when the consumer stops reading early', async () => {
    fake.script({ kind: 'hang', intervalMs: 50 });
    for await (const event of openLlm().generate(ask())) {
      expect(event.type).toBe('delta');
      break;
    }
    await fake.waitForClose(fake.chatRequests()[0]!, 1000);
    expect(fake.chatRequests()[0]!.isClosedEarly).toBe(true);
  });

  it('answers UNAVAILABLE for a wrong key, without a retry loop', async () => {
    fake.script({ kind: 'stream', chunks: ['不应出现'] });
    const { events, error } = await drain(openLlm({ LLM_API_KEY: 'sk-wrong' }).generate(ask()));
    expect(events).toEqual([]);
    expectAppError(error, Code.UNAVAILABLE);
    expect((error as AppError).message).toBe('大模型服务暂不可用，请稍后再试');
    // The upstream detail stays in the cause, for the logs.
    expect(String((error as AppError).cause)).toContain('401');
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('does not retry a 400 (a request the provider will never accept)', async () => {
    fake.script(
      {
        kind: 'error',
        status: 400,
        message: "This model's maximum context length is 65536 tokens",
        code: 'context_length_exceeded',
      },
      { kind: 'stream', chunks: ['不应出现'] },
    );
    const { error } = await drain(openLlm().generate(ask()));
    expectAppError(error, Code.UNAVAILABLE);
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('retries when the server cannot be reached, then answers UNAVAILABLE', async () => {
    const port = await closedPort();
    const llm = createLlm({
      config: llmConfig({
        LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
        LLM_API_KEY: KEY,
        LLM_MODEL: 'm',
        LLM_MAX_RETRIES: '1',
      }),
    });
    const { error } = await drain(llm.generate(ask()));
    expectAppError(error, Code.UNAVAILABLE);
    expect(String((error as AppError).cause)).toContain('ECONNREFUSED');
  });
});
