/**
 * Chains as data: the seed in code becomes version 1 of each chain; an admin edit becomes the
 * next version, and so does a changed seed as long as nobody edited that chain (an edit wins
 * until `chain reset`). The current version is also written out as segment and node rows.
 * `loadCatalogue` answers the current definitions, cached per process and checked against the
 * versions on every call (one query, which `loadChainState` also asks for the placement
 * generation), so an edit made by another process shows at once.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { chainNodes, chainSegments, chains, chainVersions } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { CHAIN_SEEDS, type ChainDef, type ChainNodeDef, SEGMENT_NAMES } from './data/index.js';
import { chainDefHash, nodeId } from './definition.js';

/** Any fixed number: the advisory lock around version writes. */
const CHAIN_LOCK_ID = 7_315_019;

export interface ChainVersionInfo {
  version: number;
  source: 'seed' | 'admin';
  hash: string;
  note: string;
  createdAt: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writeNodes(tx: Tx, def: ChainDef) {
  const chainId = def.industryId;
  await tx.delete(chainNodes).where(eq(chainNodes.chainId, chainId));
  await tx.delete(chainSegments).where(eq(chainSegments.chainId, chainId));
  await tx.insert(chainSegments).values(
    def.segments.map((s, i) => ({
      chainId,
      key: s.key,
      name: SEGMENT_NAMES[s.key],
      title: s.title,
      sort: i,
    })),
  );
  const rows: (typeof chainNodes.$inferInsert)[] = [];
  let sort = 0;
  for (const segment of def.segments) {
    for (const n of segment.nodes) {
      const id = nodeId(chainId, n.key);
      rows.push(nodeRow(chainId, segment.key, n, sort++));
      n.children.forEach((c, i) => {
        rows.push({
          id: nodeId(chainId, n.key, c.key),
          chainId,
          parentId: id,
          segment: segment.key,
          name: c.name,
          description: '',
          subIndustries: n.subs,
          keywords: c.keywords,
          feeds: [],
          isSparse: false,
          sort: 10_000 + sort * 100 + i,
        });
      });
    }
  }
  await tx.insert(chainNodes).values(rows);
}

function nodeRow(
  chainId: string,
  segment: ChainDef['segments'][number]['key'],
  n: ChainNodeDef,
  sort: number,
) {
  return {
    id: nodeId(chainId, n.key),
    chainId,
    parentId: null,
    segment,
    name: n.name,
    description: n.description,
    subIndustries: n.subs,
    keywords: n.keywords,
    feeds: n.feeds.map((k) => nodeId(chainId, k)),
    isSparse: n.sparse,
    sort,
  };
}

/** Writes `def` as the chain's next version (the first when the chain is new); answers the version. */
async function writeVersion(tx: Tx, def: ChainDef, source: 'seed' | 'admin', note: string): Promise<number> {
  const [current] = await tx.select().from(chains).where(eq(chains.id, def.industryId));
  const version = (current?.version ?? 0) + 1;
  if (!current) {
    await tx
      .insert(chains)
      .values({ id: def.industryId, industryId: def.industryId, name: def.name, version });
  }
  await tx.insert(chainVersions).values({
    chainId: def.industryId,
    version,
    definition: def as unknown as Record<string, unknown>,
    source,
    hash: chainDefHash(def),
    note,
  });
  if (current) {
    await tx
      .update(chains)
      .set({ name: def.name, version, updatedAt: sql`now()` })
      .where(eq(chains.id, def.industryId));
  }
  await writeNodes(tx, def);
  return version;
}

export interface SeedResult {
  created: string[];
  updated: string[];
  /** Edited by an administrator: the changed seed was not applied. */
  keptEdited: string[];
}

/** Brings the stored chains up to the seed in code (see the file comment); safe to run at every start. */
export async function syncChainSeeds(db: Db, seeds: readonly ChainDef[] = CHAIN_SEEDS): Promise<SeedResult> {
  const result: SeedResult = { created: [], updated: [], keptEdited: [] };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_ID})`);
    const rows = await tx
      .select({ id: chains.id, source: chainVersions.source, hash: chainVersions.hash })
      .from(chains)
      .innerJoin(
        chainVersions,
        and(eq(chainVersions.chainId, chains.id), eq(chainVersions.version, chains.version)),
      );
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const seed of seeds) {
      const row = stored.get(seed.industryId);
      if (!row) {
        await writeVersion(tx, seed, 'seed', '初始数据');
        result.created.push(seed.industryId);
      } else if (row.hash !== chainDefHash(seed)) {
        if (row.source === 'admin') {
          result.keptEdited.push(seed.industryId);
          continue;
        }
        await writeVersion(tx, seed, 'seed', '随版本更新的初始数据');
        result.updated.push(seed.industryId);
      }
    }
  });
  if (result.created.length || result.updated.length) catalogues.delete(db);
  return result;
}

/** Saves an edited definition as the chain's next version (admin CLI). */
export async function saveChainVersion(
  db: Db,
  def: ChainDef,
  source: 'seed' | 'admin',
  note: string,
): Promise<number> {
  const version = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_ID})`);
    return writeVersion(tx, def, source, note);
  });
  catalogues.delete(db);
  return version;
}

export async function listChainVersions(db: Db, chainId: string): Promise<ChainVersionInfo[]> {
  const rows = await db
    .select()
    .from(chainVersions)
    .where(eq(chainVersions.chainId, chainId))
    .orderBy(desc(chainVersions.version));
  return rows.map((r) => ({
    version: r.version,
    source: r.source,
    hash: r.hash,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getChainVersion(db: Db, chainId: string, version: number): Promise<ChainDef | null> {
  const [row] = await db
    .select({ definition: chainVersions.definition })
    .from(chainVersions)
    .where(and(eq(chainVersions.chainId, chainId), eq(chainVersions.version, version)));
  return row ? (row.definition as unknown as ChainDef) : null;
}

export interface Catalogue {
  /** In taxonomy order of the seed. */
  chains: ChainDef[];
  byId: Map<string, ChainDef>;
  versions: Map<string, number>;
  /** Version stamp of the whole catalogue (`nev:3,ai:1,…`): a placement build records it. */
  stamp: string;
}

const catalogues = new Map<Db, Catalogue>();

/** The current definitions of every chain. */
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  return (await loadChainState(db)).catalogue;
}

/**
 * The current definitions and the placement generation readers use, in one query (every chain
 * row asks both): the version stamp decides whether the cached definitions still hold.
 */
export async function loadChainState(db: Db): Promise<{ catalogue: Catalogue; generation: number | null }> {
  const [state] = await selectRows<{ stamp: string | null; generation: number | string | null }>(
    db,
    sql`select (select string_agg(id || ':' || version, ',' order by id) from chains) as stamp,
          (select generation from chain_builds where state = 'done' order by generation desc limit 1) as generation`,
  );
  const generation =
    state?.generation === null || state?.generation === undefined ? null : Number(state.generation);
  return { catalogue: await catalogueFor(db, state?.stamp ?? ''), generation };
}

async function catalogueFor(db: Db, stamp: string): Promise<Catalogue> {
  const cached = catalogues.get(db);
  if (cached && cached.stamp === stamp) return cached;
  const rows = await db
    .select({ id: chains.id, version: chains.version, definition: chainVersions.definition })
    .from(chains)
    .innerJoin(
      chainVersions,
      and(eq(chainVersions.chainId, chains.id), eq(chainVersions.version, chains.version)),
    );
  const byId = new Map(rows.map((r) => [r.id, r.definition as unknown as ChainDef]));
  const order = new Map(CHAIN_SEEDS.map((c, i) => [c.industryId, i]));
  const list = [...byId.values()].sort(
    (a, b) => (order.get(a.industryId) ?? 999) - (order.get(b.industryId) ?? 999),
  );
  const catalogue: Catalogue = {
    chains: list,
    byId,
    versions: new Map(rows.map((r) => [r.id, r.version])),
    stamp,
  };
  catalogues.set(db, catalogue);
  return catalogue;
}
