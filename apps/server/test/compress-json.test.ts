import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_COMPRESS_MIN_BYTES } from '../src/http/compress-json.js';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('API answers compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a large JSON answer as brotli or gzip as the browser takes it, the same JSON inside', async () => {
    const plain = await get('/api/library/taxonomy');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESS_MIN_BYTES);
    // Sent as the UTF-8 bytes it was measured as (the taxonomy's names are Chinese).
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(JSON.stringify(plain.json())).toMatch(/[\u4e00-\u9fff]/);

    const br = await get('/api/library/taxonomy', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get('/api/library/taxonomy', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.rawPayload.length).toBeLessThan(JSON_COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
