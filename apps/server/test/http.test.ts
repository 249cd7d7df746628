import { Code, pagePaths } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeValidationError } from '../src/http/errors.js';
import { route } from '../src/http/index.js';
import { addTestRoutes, createTestApp, type TestApp } from './helpers/app.js';

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-for-tests' } });
    await addTestRoutes(t.app, [
      route({
        method: 'GET',
        path: '/__boom',
        access: 'P',
        summary: '内部错误探针',
        data: z.null(),
        handler: () => {
          throw new Error('secret internal detail');
        },
      }),
    ]);
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with 404 and code -404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope/Nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.NOT_FOUND, msg: '接口不存在', data: null });
  });

  it('refuses malformed JSON with 400 and a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/stream',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: '请求体不是合法的 JSON' });
  });

  it('names the field in Chinese when a field has the wrong type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/stream', payload: { text: 42 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(Code.BAD_REQUEST);
    expect(body.msg).toContain('「文本」');
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('names a missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/stream', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('「文本」');
  });

  it('refuses an oversize body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/stream',
      payload: { text: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: '请求内容过大' });
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/stream',
      headers: { 'content-type': 'application/xml' },
      payload: '<text>hi</text>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
  });

  it('answers an unexpected failure with -500 and no internal detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: Code.INTERNAL, msg: '服务器错误', data: null });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
  });

  it('serves the OpenAPI document generated from the contract and its viewer', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(json.paths['/api/health'].get.responses['200']).toBeDefined();
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
  });

  it('exposes Prometheus metrics behind the token', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/api/health"');
  });

  it('answers every page path of the spec with the app HTML', async () => {
    const paths = [...pagePaths('jq'), '/', '/jq/matchDetail?id=3', '/s/abc123', '/some/unknown/page'];
    for (const url of paths) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves built assets with long caching and 404s a missing file', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('streams server-sent events ending with isend', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/stream',
      payload: { text: '你好，金桥', delayMs: 0 },
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((chunk) => JSON.parse(chunk.replace(/^data: /, '')));
    expect(events.at(-1)).toMatchObject({ type: 'status', isend: true });
    expect(events.filter((e) => !e.isend).every((e) => e.isend === false)).toBe(true);
    const text = events
      .filter((e) => e.type === 'delta')
      .map((e) => e.content)
      .join('');
    expect(text).toBe('你好，金桥');
  });
});

describe('production mode', () => {
  it('has no development stream and no metrics when they are turned off', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', METRICS_ENABLED: 'false' } });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/stream', payload: { text: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(Code.NOT_FOUND);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).not.toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });
});

describe('validation messages', () => {
  it('names the field that holds an invalid array item, not its index', () => {
    const msg = describeValidationError({
      validation: [{ instancePath: '/industry/1', message: '无效输入' }],
      validationContext: 'body',
    });
    expect(msg).toBe('参数「行业」有误：无效输入');
  });
});
