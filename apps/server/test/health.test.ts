import { describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES } from './helpers/app.js';
import { hasRedis } from './helpers/engines.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`GET /api/health on ${engine}`, () => {
    it(`names ${engine} as the database engine`, async () => {
      const t = await createTestApp({ engine });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        const { data } = res.json();
        expect(data.status).toBe('ok');
        expect(data.engines).toEqual({
          database: engine,
          bus: 'memory',
          storage: 'local',
          jobs: 'inprocess',
          ai: 'local',
          ocr: 'local',
          pay: 'sandbox',
          sms: 'outbox',
        });
        expect(data.checks.database.ok).toBe(true);
      } finally {
        await t.close();
      }
    });
  });
}

describe.skipIf(!hasRedis)('GET /api/health with REDIS_URL', () => {
  it('names redis for the bus and bullmq for jobs', async () => {
    const t = await createTestApp({ redis: true });
    try {
      const { data } = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(data.engines.bus).toBe('redis');
      expect(data.engines.jobs).toBe('bullmq');
      expect(data.checks.bus.ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});
