/**
 * Loading the demo data: once, into an empty library (the check and the load run in one
 * transaction under an advisory lock, so two server processes starting together load it once),
 * recording the seed in system_meta and the latent preferences in a file. `force` first removes
 * earlier demo rows (never users' own rows) and loads afresh.
 */
import { eq, sql } from 'drizzle-orm';
import { institutions, investors, news, projects, reports, systemMeta } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import type { Platform } from '../../platform/index.js';
import { notifyLibraryChanged } from '../library/index.js';
import { syncReferenceData } from '../reference/index.js';
import { generateDemoData, resolveCounts } from './generate.js';
import { insertDataset, readIdOffsets, tidyLibraryIndexes } from './insert-dataset.js';
import { buildLatentDocument, latentFilePath, writeLatentFile } from './latent-file.js';
import type { DemoCounts, ScaleName } from './types.js';

export const DEMO_META_KEY = 'demo_data';
export const DEFAULT_DEMO_SEED = 20_261_122;
const LOAD_LOCK_ID = 7_315_004;

export interface LoadDemoOptions {
  seed?: number;
  scale?: ScaleName | DemoCounts;
  /** Where the latent-preferences file goes (DATA_DIR); no file when absent. */
  dataDir?: string;
  /** Replace earlier demo data instead of skipping a library that has data. */
  force?: boolean;
  now?: Date;
}

export interface LoadDemoResult {
  loaded: boolean;
  /** Why nothing was loaded. */
  reason?: string;
  seed: number;
  counts?: DemoCounts;
  generateMs?: number;
  insertMs?: number;
  latentFile?: string;
}

export async function hasLibraryData(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists(select 1 from projects) or exists(select 1 from institutions) or exists(select 1 from investors) as has`,
  )) as unknown as { rows: { has: boolean }[] };
  return Boolean(result.rows[0]?.has);
}

/** Removes demo rows (and their PDFs); users' own rows and imported rows stay. */
export async function removeDemoData(platform: Platform): Promise<number> {
  const db = platform.database.db;
  const keys = await db.select({ key: reports.pdfKey }).from(reports).where(eq(reports.isDemo, true));
  await db.transaction(async (tx) => {
    await tx.delete(news).where(eq(news.isDemo, true));
    await tx.delete(reports).where(eq(reports.isDemo, true));
    await tx.delete(projects).where(eq(projects.isDemo, true));
    await tx.delete(investors).where(eq(investors.isDemo, true));
    await tx.delete(institutions).where(eq(institutions.isDemo, true));
    await tx.delete(systemMeta).where(eq(systemMeta.key, DEMO_META_KEY));
  });
  for (const { key } of keys) if (key) await platform.storage.delete(key).catch(() => {});
  await notifyLibraryChanged(platform.bus);
  return keys.length;
}

export async function loadDemoData(
  platform: Platform,
  options: LoadDemoOptions = {},
): Promise<LoadDemoResult> {
  const db = platform.database.db;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const scale = options.scale ?? 'default';
  await syncReferenceData(db);
  if (options.force) await removeDemoData(platform);
  else if (await hasLibraryData(db)) return { loaded: false, reason: '资料库已有数据，跳过演示数据', seed };

  const t0 = performance.now();
  const data = generateDemoData({ seed, scale, now: options.now });
  const t1 = performance.now();
  const scaleName = typeof scale === 'string' ? scale : 'custom';
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_ID})`);
    // Checked again under the lock: another process may have loaded it meanwhile.
    if (!options.force && (await hasLibraryData(tx as unknown as Db))) return undefined;
    const offsets = await readIdOffsets(tx);
    await insertDataset(tx, data, offsets);
    const value = {
      seed,
      scale: scaleName,
      now: data.now,
      counts: resolveCounts(scale),
      loadedAt: new Date().toISOString(),
    };
    await tx
      .insert(systemMeta)
      .values({ key: DEMO_META_KEY, value })
      .onConflictDoUpdate({ target: systemMeta.key, set: { value, updatedAt: new Date() } });
    return offsets;
  });
  if (!outcome) return { loaded: false, reason: '另一进程已加载演示数据', seed };
  await tidyLibraryIndexes(db);
  await notifyLibraryChanged(platform.bus);
  const t2 = performance.now();
  let latentFile: string | undefined;
  if (options.dataDir) {
    latentFile = latentFilePath(options.dataDir);
    await writeLatentFile(latentFile, buildLatentDocument(data, outcome, scaleName));
  }
  return {
    loaded: true,
    seed,
    counts: data.counts,
    generateMs: Math.round(t1 - t0),
    insertMs: Math.round(t2 - t1),
    latentFile,
  };
}
