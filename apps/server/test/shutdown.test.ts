import { describe, expect, it } from 'vitest';
import { startServer } from '../src/server.js';
import { createTestConfig } from './helpers/app.js';

describe('graceful shutdown', () => {
  it('finishes an in-flight stream before closing and refuses new connections after', async () => {
    const { config, cleanup } = await createTestConfig();
    const server = await startServer(config);
    try {
      const text = '金桥平台正在优雅地关闭服务'.repeat(2);
      const response = await fetch(`${server.url}/api/dev/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, delayMs: 20 }),
      });
      const bodyPromise = response.text();
      await new Promise((resolve) => setTimeout(resolve, 60));
      const closed = server.close();
      const body = await bodyPromise;
      await closed;
      const deltas = body
        .split('\n\n')
        .filter(Boolean)
        .map((chunk) => JSON.parse(chunk.slice('data: '.length)));
      expect(deltas.at(-1)).toMatchObject({ isend: true });
      expect(
        deltas
          .filter((e) => e.type === 'delta')
          .map((e) => e.content)
          .join(''),
      ).toBe(text);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await cleanup();
    }
  });
});
