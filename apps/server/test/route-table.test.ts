/**
 * The route table is the whole API (http/route-check.ts): the app does not start with an
 * /api route the modules did not declare, so the API map and the route fuzz test, which walk
 * the table, cover every row.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.js';

describe('the route table', () => {
  it('refuses to start with an /api route registered outside the modules’ rows', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/api/__stray', { config: { access: 'P' } }, async () => ({ code: 1000, msg: '成功' }));
      t.app.post('/api/__stray', { config: { access: 'P' } }, async () => ({ code: 1000, msg: '成功' }));
      await expect(t.app.ready()).rejects.toThrow(
        /接口不在路由表中.*GET \/api\/__stray、POST \/api\/__stray/,
      );
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('starts the real app with every /api route in the table, the assistant’s rows included', async () => {
    const t = await createTestApp();
    try {
      await expect(t.app.ready()).resolves.toBeTruthy();
      const rows = new Set(t.app.routeTable.map((entry) => `${entry.route.method} ${entry.url}`));
      for (const row of ['POST /api/chat/schat', 'GET /api/chat/leavechat', 'POST /api/aisearch/aiSearch'])
        expect(rows).toContain(row);
      // Swagger UI's pages are the API document, not rows.
      expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
      expect([...rows].some((row) => row.includes('/api/docs'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
