/**
 * The database port: Drizzle over PGlite (embedded, files in DATA_DIR) by default,
 * over PostgreSQL through node-postgres when DATABASE_URL is set. Both run the same
 * schema, the same queries and the same migration history.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from '../../db/schema.js';
import { createListeningPool } from './pool-listen.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseEngine = 'pglite' | 'postgresql';

export interface DatabasePort {
  engine: DatabaseEngine;
  db: Db;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Delivers the database's NOTIFY messages on `channel`. On both engines a notification
   * raised by a write of this process reaches its listener before the committing statement's
   * promise settles, so a cache dropped on it is never behind this process's writes; one from
   * another process arrives a moment after its commit. `onGap` says notifications may have
   * been missed (PostgreSQL, when no pool connection was left listening): drop everything.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ): Promise<() => Promise<void>>;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/** The channels the migrations' triggers announce on (0006: a user or session row changed). */
const NOTIFY_CHANNELS = ['jq_user_changed'];

/** Any fixed number: the advisory lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK_ID = 7_315_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder, or `memory://` for a throwaway database. */
  pgliteDir: string;
  /** A PGlite data-folder dump (`dumpDataDir`) to start from, e.g. an already migrated one. */
  pgliteDump?: Blob | undefined;
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabasePort> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, options.pgliteDump);
}

/**
 * PGlite's shared buffers sit in its WebAssembly memory, all of it resident from the start:
 * 32 MB instead of initdb's 128 MB keeps about 100 MB of the process's RSS free (docs/benchmarks.md
 * 「内存与启动」); pages beyond them are read from the OS file cache, and reading the whole
 * library for the snapshot takes as long either way.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(dir: string, dump?: Blob): Promise<DatabasePort> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    startParams: PGLITE_START_PARAMS,
    ...(dump ? { loadDataDir: dump } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabasePort> {
  const { pool, listen } = createListeningPool(
    { connectionString: url, max, connectionTimeoutMillis: 5000 },
    NOTIFY_CHANNELS,
  );
  // An idle client that loses its server emits here; without a listener the process would exit.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    engine: 'postgresql',
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    listen,
  };
}
