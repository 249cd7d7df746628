/**
 * Builds the real app on a real database for a test: PGlite in a temporary folder, or a
 * fresh PostgreSQL database; the in-memory bus, or Redis under a private key prefix.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createDatabase, type DatabasePort } from '../../src/platform/database/index.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { pgliteTemplatePath } from '../global-setup.js';
import { createTestPgDatabase, hasPostgres, hasRedis, TEST_REDIS_URL, testRedisPrefix } from './engines.js';

export type DbEngine = 'pglite' | 'postgresql';

export const FIXTURE_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/web-dist',
);

/** The database engines a suite runs on; those not available here are skipped. */
export const DB_ENGINES: { engine: DbEngine; available: boolean }[] = [
  { engine: 'pglite', available: true },
  { engine: 'postgresql', available: hasPostgres },
];

export interface TestEnvOptions {
  engine?: DbEngine;
  redis?: boolean;
  env?: Record<string, string>;
}

/** Configuration for a test: its own data folder, database and Redis prefix; `cleanup` removes them. */
export async function createTestConfig(options: TestEnvOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-test-'));
  const pgDb = options.engine === 'postgresql' ? await createTestPgDatabase() : undefined;
  if (options.redis && !hasRedis) throw new Error('Redis is not available');
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: FIXTURE_WEB_DIST,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(options.redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    ...options.env,
  });
  return {
    config,
    async cleanup() {
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  platform: Platform;
  config: Config;
  close(): Promise<void>;
}

/** PGlite in memory, started from the migrated dump the global setup made. */
export async function openTemplatePglite(): Promise<DatabasePort> {
  const dump = await readFile(await pgliteTemplatePath());
  return createDatabase({ pgliteDir: 'memory://', pgliteDump: new Blob([dump]) });
}

export async function createTestApp(options: TestEnvOptions = {}): Promise<TestApp> {
  const { config, cleanup } = await createTestConfig(options);
  const database = config.databaseUrl ? undefined : await openTemplatePglite();
  const platform = await createPlatform(config, { database });
  await platform.database.migrate();
  const app = await buildApp({ config, platform });
  return {
    app,
    platform,
    config,
    async close() {
      await app.close();
      await platform.close();
      await cleanup();
    },
  };
}
