import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '../src/server.js';
import { copyTemplatePglite, createTestConfig } from './helpers/app.js';

/**
 * POSTs JSON; resolves once the response starts, with a promise of its whole body. Without an
 * agent the connection closes after the response: fetch would keep it alive, idle, and the
 * server's close would wait for fetch to drop it (4 s).
 */
function post(url: string, payload: object): Promise<{ body: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json' };
    const request = http.request(url, { method: 'POST', agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      resolve({ body: new Promise((done, fail) => response.on('end', () => done(text)).on('error', fail)) });
    });
    request.on('error', reject).end(JSON.stringify(payload));
  });
}

describe('graceful shutdown', () => {
  it('finishes an in-flight stream before closing and refuses new connections after', async () => {
    const { config, cleanup } = await createTestConfig();
    // The server's PGlite folder starts from the migrated dump (initdb would take seconds).
    await copyTemplatePglite(`${config.dataDir}/pglite`);
    const server = await startServer(config);
    try {
      const text = '金桥平台正在优雅地关闭服务'.repeat(2);
      const { body: bodyPromise } = await post(`${server.url}/api/dev/stream`, { text, delayMs: 20 });
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
