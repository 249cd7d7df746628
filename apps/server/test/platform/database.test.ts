import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { systemMeta } from '../../src/db/schema.js';
import { createDatabase, type DatabasePort, selectRows } from '../../src/platform/database/index.js';
import { createTestConfig, DB_ENGINES } from '../helpers/app.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`database port on ${engine}`, () => {
    const opened: DatabasePort[] = [];
    const cleanups: (() => Promise<void>)[] = [];

    async function open() {
      const { config, cleanup } = await createTestConfig({ engine });
      cleanups.push(cleanup);
      const port = await createDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
      opened.push(port);
      return { port, config };
    }

    afterEach(async () => {
      for (const port of opened.splice(0)) await port.close().catch(() => {});
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    it(`reports the ${engine} engine`, async () => {
      const { port } = await open();
      expect(port.engine).toBe(engine);
    });

    it('migrates, and migrating again changes nothing', async () => {
      const { port } = await open();
      await port.migrate();
      await port.migrate();
      await port.db.insert(systemMeta).values({ key: 'k', value: { a: 1 } });
      const rows = await port.db.select().from(systemMeta);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.value).toEqual({ a: 1 });
    });

    it('rolls back a failed transaction entirely', async () => {
      const { port } = await open();
      await port.migrate();
      await expect(
        port.db.transaction(async (tx) => {
          await tx.insert(systemMeta).values({ key: 'a', value: 1 });
          await tx.insert(systemMeta).values({ key: 'a', value: 2 }); // duplicate key
        }),
      ).rejects.toThrow();
      const rows = await port.db.select().from(systemMeta).where(eq(systemMeta.key, 'a'));
      expect(rows).toHaveLength(0);
    });

    it('keeps data across a reopen', async () => {
      const { port, config } = await open();
      await port.migrate();
      await port.db.insert(systemMeta).values({ key: 'persist', value: '留存' });
      await port.close();
      opened.splice(opened.indexOf(port), 1);
      const again = await createDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
      opened.push(again);
      const rows = await again.db.select().from(systemMeta).where(eq(systemMeta.key, 'persist'));
      expect(rows[0]?.value).toBe('留存');
    });

    it('supports Chinese text search with space-joined tokens in a simple tsvector', async () => {
      const { port } = await open();
      const rows = await selectRows<{ hit: boolean; miss: boolean }>(
        port.db,
        sql`select to_tsvector('simple', '新能源 汽车 电池') @@ to_tsquery('simple', '汽车 & 电池') as hit,
                   to_tsvector('simple', '新能源 汽车 电池') @@ to_tsquery('simple', '医疗') as miss`,
      );
      expect(rows[0]).toEqual({ hit: true, miss: false });
    });
  });
}

describe.skipIf(!DB_ENGINES[1]?.available)('migrations on postgresql', () => {
  it('two processes migrating at once both succeed', async () => {
    const { config, cleanup } = await createTestConfig({ engine: 'postgresql' });
    const a = await createDatabase({ url: config.databaseUrl, pgliteDir: '' });
    const b = await createDatabase({ url: config.databaseUrl, pgliteDir: '' });
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      await a.db.insert(systemMeta).values({ key: 'x', value: 1 });
      expect(await b.db.select().from(systemMeta)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await cleanup();
    }
  });
});
