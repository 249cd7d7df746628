/**
 * Builds the real app on a real database for a test: PGlite in a temporary folder, or a
 * fresh PostgreSQL database (empty, or a copy of the migrated template); the in-memory bus,
 * or Redis under a private key prefix.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type App, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type RegisteredRoute, type Route, registerRoutes } from '../../src/http/route.js';
import { createDatabase, type DatabasePort } from '../../src/platform/database/index.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { pgliteTemplatePath, pgTemplateName } from '../global-setup.js';
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
  /** PostgreSQL: copy the database from the migrated template instead of an empty one. */
  migrated?: boolean;
  redis?: boolean;
  env?: Record<string, string>;
}

/** Configuration for a test: its own data folder, database and Redis prefix; `cleanup` removes them. */
export async function createTestConfig(options: TestEnvOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-test-'));
  const pgDb =
    options.engine === 'postgresql'
      ? await createTestPgDatabase({ template: options.migrated ? await pgTemplateName() : undefined })
      : undefined;
  if (options.redis && !hasRedis) throw new Error('Redis is not available');
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: FIXTURE_WEB_DIST,
    // Demo data only where a test asks for it (NODE_ENV=production would otherwise load 10k projects).
    DEMO_DATA: 'false',
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

/**
 * Unpacks the migrated dump into `dir`, a PGlite data folder that a process then opens as if it
 * had made and migrated it itself (seconds faster than initdb and the migrations).
 */
export async function copyTemplatePglite(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await promisify(execFile)('tar', ['-xf', await pgliteTemplatePath(), '-C', dir]);
}

/** The app on PGlite from the migrated dump, or on a copy of the migrated PostgreSQL template. */
export async function createTestApp(options: TestEnvOptions = {}): Promise<TestApp> {
  const { config, cleanup } = await createTestConfig({ migrated: true, ...options });
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

/**
 * Mounts rows a test needs (probes of access levels, errors, serialisation) the way modules
 * mount theirs, so they are in the route table the start-up check compares with Fastify's.
 * Before the app is ready.
 */
export async function addTestRoutes(app: App, routes: Route[]): Promise<void> {
  await registerRoutes(app, 'test', routes, app.routeTable as RegisteredRoute[]);
}
