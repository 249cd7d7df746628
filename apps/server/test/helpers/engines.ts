/**
 * Which production engines answer on this machine. Suites for PostgreSQL and Redis run
 * when these do and report as skipped when they don't (CI's machine has both).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createDatabase } from '../../src/platform/database/index.js';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function probeRedis(): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export const hasPostgres = await probePostgres();
export const hasRedis = await probeRedis();

function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh PostgreSQL database with a random name, empty or a copy of the migrated database
 * `template` (see createPgTemplate; copying takes ~0.5 s, migrating ~1.5 s); `drop` removes it.
 */
export async function createTestPgDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `jq_test_${randomBytes(6).toString('hex')}`;
  const create = `create database ${name}${options.template ? ` template ${options.template}` : ''}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(create).catch(async (error: { code?: string }) => {
      // The global setup makes the template; a migration added since gives it a new name.
      if (!options.template || error.code !== '3D000') throw error;
      await createPgTemplate(options.template);
      await admin.query(create);
    });
  } finally {
    await admin.end();
  }
  return {
    url: pgUrl(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Makes the migrated database `name` unless it is there. It is built under a name of its own
 * and renamed when done, so no run ever copies a half-migrated one; when two runs build it at
 * once, the first rename wins and the other copy is dropped. Nothing else connects to it.
 */
export async function createPgTemplate(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  try {
    if (await exists()) return;
    const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const database = await createDatabase({ url: pgUrl(building), pgliteDir: '', poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database ${building}`);
      if (!(await exists())) throw error;
    }
  } finally {
    await admin.end();
  }
}

/** A Redis key prefix no other test run shares. */
export function testRedisPrefix(): string {
  return `jqtest:${randomBytes(6).toString('hex')}`;
}
