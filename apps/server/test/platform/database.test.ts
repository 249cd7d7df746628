import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemMeta } from '../../src/db/schema.js';
import { createDatabase, type DatabasePort, selectRows } from '../../src/platform/database/index.js';
import { copyTemplatePglite, createTestConfig, DB_ENGINES, openTemplatePglite } from '../helpers/app.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`database port on ${engine}`, () => {
    const opened: DatabasePort[] = [];
    const cleanups: (() => Promise<void>)[] = [];

    /**
     * A new database: PGlite in a new data folder (initdb), PostgreSQL a new empty database.
     * `migrated` starts from the migrated template instead (seconds faster), for the tests that
     * are not about creating or migrating one: the PGlite dump unpacked into the folder, a copy
     * of PostgreSQL's template database.
     */
    async function open({ migrated = false } = {}) {
      const { config, cleanup } = await createTestConfig({ engine, migrated });
      cleanups.push(cleanup);
      const pgliteDir = `${config.dataDir}/pglite`;
      if (migrated && !config.databaseUrl) await copyTemplatePglite(pgliteDir);
      const port = await createDatabase({ url: config.databaseUrl, pgliteDir });
      opened.push(port);
      return { port, config };
    }

    // One migrated database (PGlite in memory) for the tests that leave nothing behind.
    let shared: DatabasePort;
    let sharedCleanup: () => Promise<void>;
    beforeAll(async () => {
      const { config, cleanup } = await createTestConfig({ engine, migrated: true });
      sharedCleanup = cleanup;
      shared = config.databaseUrl
        ? await createDatabase({ url: config.databaseUrl, pgliteDir: '' })
        : await openTemplatePglite();
    });
    afterAll(async () => {
      await shared?.close();
      await sharedCleanup?.();
    });

    afterEach(async () => {
      for (const port of opened.splice(0)) await port.close().catch(() => {});
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    it(`reports the ${engine} engine`, () => {
      expect(shared.engine).toBe(engine);
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
      const port = shared;
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
      const { port, config } = await open({ migrated: true });
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
      const rows = await selectRows<{ hit: boolean; miss: boolean }>(
        shared.db,
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
