/**
 * Rebuilding the placements: every project of the library placed by the rules (rules.ts),
 * then every institution placed from the deals on those projects and its stated industries,
 * written as a new generation in short batches (no long transaction: on PGlite one would
 * hold every request back for seconds). Readers keep using the previous generation until the
 * new one is marked done; older generations are then deleted and the table vacuumed and
 * analysed (the counts of a node are then index-only, and the planner knows the new rows).
 *
 * Speed (bench:chain, 100k projects): rows are written as column arrays through `unnest`
 * (about 40% less CPU than json_populate_recordset), and the institutions' deals per node
 * are counted here from the projects' nodes kept in memory, not by a join of placements,
 * rounds and investors that PGlite sorted on disk.
 *
 * A build records its fingerprint (library counts and change times, chain versions); a rebuild
 * asked for when nothing changed does nothing, so the job may be enqueued freely.
 */
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { chainBuilds } from '../../../db/schema.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { type Catalogue, loadCatalogue } from '../store.js';
import { institutionPlacements } from './institutions.js';
import { type CompiledChains, compileChains, placeOnChains } from './rules.js';

const READ_BATCH = 5_000;
const WRITE_BATCH = 5_000;
/** Builds kept for `npm run admin -- chain builds`. */
const BUILDS_KEPT = 20;

export interface PlacementRow {
  generation: number;
  entity_type: 'project' | 'institution';
  entity_id: number;
  node_id: string;
  chain_id: string;
  confidence: number;
  matched: string[];
  latest_round_at: string | null;
  total_raised: number | null;
}

export interface BuildResult {
  generation: number;
  projects: number;
  institutions: number;
  placements: number;
  ms: number;
  /** Where the time went (ms, wall): reading projects, placing them, writing their rows, institutions (read, place, write), dropping the old generation and vacuuming. */
  phases: { read: number; place: number; write: number; institutions: number; finish: number };
}

const compiledCache = new WeakMap<Catalogue, CompiledChains>();
export function compiledOf(catalogue: Catalogue): CompiledChains {
  let compiled = compiledCache.get(catalogue);
  if (!compiled) {
    compiled = compileChains(catalogue.chains);
    compiledCache.set(catalogue, compiled);
  }
  return compiled;
}

/** What the placements depend on; equal fingerprints mean an identical rebuild. */
export async function placementFingerprint(db: Db, catalogue: Catalogue): Promise<string> {
  const [row] = await selectRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*) from projects) as p, (select max(updated_at)::text from projects) as pu,
      (select max(id) from projects) as pm,
      (select count(*) from institutions) as i, (select max(updated_at)::text from institutions) as iu,
      (select count(*) from rounds) as r, (select max(id) from rounds) as rm,
      (select count(*) from round_investors) as ri`,
  );
  return (
    createHash('sha256')
      // Institution placements count deals of the last five years: a new day may change them.
      .update(`${JSON.stringify(row)}|${catalogue.stamp}|${new Date().toISOString().slice(0, 10)}`)
      .digest('hex')
      .slice(0, 24)
  );
}

/** A build another process is running (started within ten minutes): wait for it, then decide. */
async function waitForRunningBuild(db: Db, signal?: AbortSignal) {
  for (let i = 0; i < 1200; i++) {
    const [running] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from chain_builds
          where state = 'building' and started_at > now() - interval '10 minutes'`,
    );
    if (!running?.n || signal?.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A Postgres array literal of strings (quoted, so commas and braces inside are safe). */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
const numberArray = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
/** `matched` is ragged, so each row's list travels as one string split in SQL. */
const SEP = '\u001f';

export async function writeRows(db: Db, rows: PlacementRow[]) {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    const numbers = (pick: (r: PlacementRow) => number | null) => numberArray(batch.map(pick));
    const texts = (pick: (r: PlacementRow) => string) => textArray(batch.map(pick));
    await db.execute(
      sql`insert into chain_placements (generation, entity_type, entity_id, node_id, chain_id, confidence, matched, latest_round_at, total_raised)
          select u.generation, u.entity_type, u.entity_id, u.node_id, u.chain_id, u.confidence,
            case when u.matched = '' then '{}'::text[] else string_to_array(u.matched, chr(31)) end,
            nullif(u.latest_round_at, '')::date, u.total_raised
          from unnest(
            ${numbers((r) => r.generation)}::bigint[], ${texts((r) => r.entity_type)}::text[],
            ${numbers((r) => r.entity_id)}::bigint[], ${texts((r) => r.node_id)}::text[],
            ${texts((r) => r.chain_id)}::text[], ${numbers((r) => r.confidence)}::real[],
            ${texts((r) => r.matched.join(SEP))}::text[], ${texts((r) => r.latest_round_at ?? '')}::text[],
            ${numbers((r) => r.total_raised)}::integer[]
          ) as u(generation, entity_type, entity_id, node_id, chain_id, confidence, matched, latest_round_at, total_raised)`,
    );
  }
}

/** A project as the rebuild reads it: [id, industry, industries, tags, search tokens, latest round date, total raised]. */
type ProjectTuple = [number, string, string[], string[], string, string | null, number | null];
/** Project → the top-level nodes it sits on (one a chain), for the institutions' deals. */
export type ProjectNodes = Map<number, { nodeId: string; chainId: string }[]>;

/** Places every project; answers how many were read, how many rows were written and where each sits. */
async function placeProjects(db: Db, compiled: CompiledChains, generation: number, signal?: AbortSignal) {
  let last = 0;
  let projects = 0;
  let written = 0;
  const nodesOf: ProjectNodes = new Map();
  const phases = { read: 0, place: 0, write: 0 };
  let t0 = performance.now();
  for (;;) {
    if (signal?.aborted) throw new Error('aborted');
    // One JSON text a batch: PGlite hands rows to JS field by field, which costs more than
    // building the JSON in SQL and parsing it once (about 40% less CPU at 100k projects).
    const [batch] = await selectRows<{ rows: string | null }>(
      db,
      sql`select json_agg(json_build_array(id, industry_id, industries, tags, search_tokens, latest_round_at,
            total_raised) order by id)::text as rows
          from (select * from projects where id > ${last} order by id limit ${READ_BATCH}) p`,
    );
    const rows: ProjectTuple[] = batch?.rows ? JSON.parse(batch.rows) : [];
    phases.read += performance.now() - t0;
    if (!rows.length) break;
    t0 = performance.now();
    const out: PlacementRow[] = [];
    for (const [id, industryId, industries, tags, searchTokens, latestRoundAt, totalRaised] of rows) {
      const placements = placeOnChains(compiled, { id, industryId, industries, tags, searchTokens });
      if (placements.length)
        nodesOf.set(
          id,
          placements.map((p) => ({ nodeId: p.nodeId, chainId: p.chainId })),
        );
      for (const p of placements) {
        const base = {
          generation,
          entity_type: 'project' as const,
          entity_id: id,
          chain_id: p.chainId,
          latest_round_at: latestRoundAt,
          total_raised: totalRaised,
        };
        out.push({ ...base, node_id: p.nodeId, confidence: p.confidence, matched: p.matched });
        if (p.childId)
          out.push({ ...base, node_id: p.childId, confidence: p.childConfidence!, matched: p.matched });
      }
    }
    phases.place += performance.now() - t0;
    t0 = performance.now();
    await writeRows(db, out);
    phases.write += performance.now() - t0;
    projects += rows.length;
    written += out.length;
    last = rows.at(-1)![0];
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
    t0 = performance.now();
  }
  return { projects, written, nodesOf, phases };
}

export interface RebuildOptions {
  /** Rebuild even when nothing changed since the last build. */
  force?: boolean;
  signal?: AbortSignal;
}

/** Rebuilds the placements when the library or the chains changed; null when there was nothing to do. */
export async function rebuildPlacements(db: Db, options: RebuildOptions = {}): Promise<BuildResult | null> {
  await waitForRunningBuild(db, options.signal);
  const started = performance.now();
  const catalogue = await loadCatalogue(db);
  const fingerprint = await placementFingerprint(db, catalogue);
  if (!options.force) {
    const [latest] = await db
      .select({ fingerprint: chainBuilds.fingerprint })
      .from(chainBuilds)
      .where(eq(chainBuilds.state, 'done'))
      .orderBy(desc(chainBuilds.generation))
      .limit(1);
    if (latest?.fingerprint === fingerprint) return null;
  }
  const [build] = await db.insert(chainBuilds).values({ fingerprint }).returning();
  const generation = build!.generation;
  try {
    const compiled = compiledOf(catalogue);
    const placed = await placeProjects(db, compiled, generation, options.signal);
    const { projects, written, nodesOf } = placed;
    const institutionsStarted = performance.now();
    const institutionRows = await institutionPlacements(db, catalogue, generation, nodesOf);
    await writeRows(db, institutionRows);
    const institutionsMs = performance.now() - institutionsStarted;
    const institutions = new Set(institutionRows.map((r) => r.entity_id)).size;
    const ms = Math.round(performance.now() - started);
    const placements = written + institutionRows.length;
    await db
      .update(chainBuilds)
      .set({ state: 'done', projects, institutions, placements, ms, finishedAt: sql`now()` })
      .where(eq(chainBuilds.generation, generation));
    const finishStarted = performance.now();
    await dropOlderGenerations(db, generation);
    // Index-only counts of a node need the visibility map; the planner needs the new row counts.
    await db.execute(sql`vacuum (analyze) chain_placements`);
    const phases = Object.fromEntries(
      Object.entries({
        ...placed.phases,
        institutions: institutionsMs,
        finish: performance.now() - finishStarted,
      }).map(([k, v]) => [k, Math.round(v)]),
    ) as BuildResult['phases'];
    return { generation, projects, institutions, placements, ms, phases };
  } catch (error) {
    await db
      .update(chainBuilds)
      .set({ state: 'failed', error: String(error).slice(0, 500), finishedAt: sql`now()` })
      .where(eq(chainBuilds.generation, generation));
    await db.execute(sql`delete from chain_placements where generation = ${generation}`);
    throw error;
  }
}

async function dropOlderGenerations(db: Db, generation: number) {
  await db.execute(sql`delete from chain_placements where generation < ${generation}`);
  await db.execute(
    sql`delete from chain_builds where generation not in
        (select generation from chain_builds order by generation desc limit ${BUILDS_KEPT})`,
  );
}

/** The generation readers use: the latest finished build, or null before the first. */
export async function currentGeneration(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ generation: chainBuilds.generation })
    .from(chainBuilds)
    .where(eq(chainBuilds.state, 'done'))
    .orderBy(desc(chainBuilds.generation))
    .limit(1);
  return row?.generation ?? null;
}
