import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('llm configuration', () => {
  it('uses the local engine with defaults when nothing is set', () => {
    expect(loadConfig({}).llm).toEqual({
      chat: undefined,
      embedding: undefined,
      timeoutMs: 120_000,
      firstTokenTimeoutMs: 20_000,
      maxRetries: 2,
    });
  });

  it('reads the OpenAI-compatible service and its limits', () => {
    const { llm } = loadConfig({
      LLM_BASE_URL: 'https://api.deepseek.com/v1',
      LLM_API_KEY: 'sk-1',
      LLM_MODEL: 'deepseek-chat',
      LLM_TIMEOUT_MS: '60000',
      LLM_FIRST_TOKEN_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
    });
    expect(llm).toMatchObject({
      chat: { baseUrl: 'https://api.deepseek.com/v1', apiKey: 'sk-1', model: 'deepseek-chat' },
      timeoutMs: 60_000,
      firstTokenTimeoutMs: 5000,
      maxRetries: 0,
    });
  });

  it('refuses half a configuration, naming the missing variables', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5' })).toThrow(
      /LLM_API_KEY/,
    );
    expect(() => loadConfig({ EMBEDDING_MODEL: 'bge-m3' })).toThrow(ConfigError);
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL/,
    );
    expect(() => loadConfig({ LLM_MAX_RETRIES: '-1' })).toThrow(/LLM_MAX_RETRIES/);
  });
});
