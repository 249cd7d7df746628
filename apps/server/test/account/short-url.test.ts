import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`short links on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine, env: { PUBLIC_URL: 'https://jq.example.com' } });
    });
    afterAll(() => t.close());

    const shorten = (url: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/auth/shortUrl', payload: { url } });

    it('shortens a page of this site and redirects the short link to it', async () => {
      const res = await shorten('https://jq.example.com/fundingProject?pid=12');
      expect(res.statusCode).toBe(200);
      const { code, shortUrl } = res.json().data;
      expect(shortUrl).toBe(`https://jq.example.com/s/${code}`);
      const visit = await t.app.inject({ method: 'GET', url: `/s/${code}` });
      expect(visit.statusCode).toBe(302);
      expect(visit.headers.location).toBe('/fundingProject?pid=12');
    });

    it('gives the same code for the same page, absolute or as a path', async () => {
      const a = (await shorten('/jq/matchDetail?id=3&rank=2')).json().data.code;
      const b = (await shorten('https://jq.example.com/jq/matchDetail?id=3&rank=2')).json().data.code;
      expect(a).toBe(b);
    });

    it('refuses links to other sites, protocol-relative links and API paths', async () => {
      for (const url of [
        'https://evil.example.com/x',
        '//evil.example.com/x',
        'javascript:alert(1)',
        '/api/auth/logout',
        'fundingProject',
      ]) {
        const res = await shorten(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe(Code.BAD_REQUEST);
        expect(res.json().msg).toMatch(/本站页面|链接格式/);
      }
      const empty = await shorten('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toMatch(/链接/);
    });

    it('answers an unknown or malformed short code like any unknown page, without redirecting', async () => {
      for (const code of ['zzzzzzz', '..%2f..', 'a']) {
        const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
        expect(res.statusCode, code).not.toBe(302);
        expect(res.headers.location).toBeUndefined();
      }
    });
  });
}
