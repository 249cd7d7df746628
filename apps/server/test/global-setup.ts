/**
 * Makes a migrated PGlite database once and dumps it, so each test starts from the dump in
 * memory (~0.4 s) instead of running initdb and the migrations again (~4 s on this machine).
 * The dump's name carries a hash of the migrations, so a new migration makes a new dump.
 * Where PostgreSQL answers, a migrated database to copy is made the same way (createPgTemplate).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, MIGRATIONS_FOLDER } from '../src/platform/database/index.js';
import { createPgTemplate, hasPostgres } from './helpers/engines.js';

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(await readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function pgliteTemplatePath(): Promise<string> {
  return path.join(tmpdir(), `jq-pglite-template-${await migrationsHash()}.tar`);
}

/** The migrated PostgreSQL database that createTestPgDatabase copies. */
export async function pgTemplateName(): Promise<string> {
  return `jq_template_${await migrationsHash()}`;
}

export default async function setup() {
  if (hasPostgres) await createPgTemplate(await pgTemplateName());
  const target = await pgliteTemplatePath();
  if (existsSync(target)) return;
  const database = await createDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  // The server and browser projects both run this setup, maybe at once in one process.
  const temporary = `${target}.${process.pid}.${randomUUID()}`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, target);
}
