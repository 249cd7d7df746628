import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/http/web.js';
import { createTestApp, type TestApp } from './helpers/app.js';

// A build as apps/web's precompress step leaves it: each text file with a .br and a .gz copy.
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><title>金桥</title><script type="module" src="/assets/app-x1y2z3.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const APP_JS = `export const greeting = '你好，金桥';\n${'console.info(greeting);\n'.repeat(400)}`;
const APP_CSS = `.jq-shell { display: flex; }\n${'.jq-card { padding: 12px; }\n'.repeat(200)}`;

async function writeBuild(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'assets/app-x1y2z3.js': APP_JS,
    'assets/app-x1y2z3.css': APP_CSS,
  };
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name);
    await writeFile(file, body);
    await writeFile(`${file}.br`, brotliCompressSync(body));
    await writeFile(`${file}.gz`, gzipSync(body));
  }
  // Too small to be worth a compressed copy: served as it is.
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('web serving: precompressed, cacheable assets', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'jq-web-dist-'));
    await writeBuild(dist);
    t = await createTestApp({ env: { WEB_DIST: dist } });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed script as brotli to a browser that takes brotli, cached as immutable', async () => {
    const res = await get('/assets/app-x1y2z3.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 5);
  });

  it('sends gzip when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gz = await get('/assets/app-x1y2z3.css', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('text/css');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_CSS);
    const plain = await get('/assets/app-x1y2z3.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(APP_CSS);
    const refused = await get('/assets/app-x1y2z3.css', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(APP_CSS);
  });

  it('sends the SPA HTML of every page path compressed, revalidating with an ETag', async () => {
    for (const url of ['/home', '/jq/project?sort=latest', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const first = await get('/jq/org', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(first.rawPayload).toString()).toBe(INDEX_HTML);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/jq/org', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves a file with no compressed copy as it is, and 404s a missing asset', async () => {
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await get('/assets/missing-123.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('pickEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers brotli, honours q-values and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding('*;q=0', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('br', ['gzip'])).toBeUndefined();
    expect(pickEncoding('gzip;q=abc, br;q=', both)).toBeUndefined();
  });
});
