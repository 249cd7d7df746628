/**
 * The chain map: segments and nodes of the current version (from the catalogue, no query),
 * then each node's figures from the current placements: companies and institutions on it,
 * companies funded in the last 24 months, deals and disclosed amounts of the last 12 months
 * against the 12 before, and the heat (deals of the last 12 months, the busiest node = 1).
 * The figures change only with a new placement generation, a new chain version or a new
 * day, so each process keeps them per (generation, chain, version, day): a chain's map costs
 * its queries (a few hundred ms at 100k projects on PGlite) once, not on every view.
 */
import type { ChainNodeStats, ChainNodeView, ChainSegmentView, ChainSummary } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { type ChainDef, SEGMENT_NAMES } from './data/index.js';
import { nodeId } from './definition.js';
import { industryName } from './taxonomy.js';

export function chainSummary(chain: ChainDef, version: number): ChainSummary {
  return {
    id: chain.industryId,
    industryId: chain.industryId,
    name: chain.name,
    industryName: industryName(chain.industryId),
    summary: chain.summary,
    version,
  };
}

export function chainGraph(chain: ChainDef): {
  segments: ChainSegmentView[];
  edges: { from: string; to: string }[];
} {
  const edges: { from: string; to: string }[] = [];
  const segments = chain.segments.map((segment) => ({
    key: segment.key,
    name: SEGMENT_NAMES[segment.key],
    title: segment.title,
    nodes: segment.nodes.map((n): ChainNodeView => {
      const id = nodeId(chain.industryId, n.key);
      for (const target of n.feeds) edges.push({ from: id, to: nodeId(chain.industryId, target) });
      return {
        id,
        name: n.name,
        description: n.description,
        segment: segment.key,
        sparse: n.sparse,
        children: n.children.map((c) => ({ id: nodeId(chain.industryId, n.key, c.key), name: c.name })),
      };
    }),
  }));
  return { segments, edges };
}

const EMPTY_STATS: ChainNodeStats = {
  companies: 0,
  institutions: 0,
  funded: 0,
  deals12m: 0,
  dealsPrev12m: 0,
  amount12m: 0,
  heat: 0,
};

export interface ChainStats {
  nodes: Record<string, ChainNodeStats>;
  totals: { companies: number; institutions: number; deals12m: number; amount12m: number };
}

/** Figures of every node (finer nodes included) of a chain in a placement generation. */
export async function chainStats(db: Db, chain: ChainDef, generation: number | null): Promise<ChainStats> {
  const nodes: Record<string, ChainNodeStats> = {};
  for (const segment of chain.segments) {
    for (const n of segment.nodes) {
      nodes[nodeId(chain.industryId, n.key)] = { ...EMPTY_STATS };
      for (const c of n.children) nodes[nodeId(chain.industryId, n.key, c.key)] = { ...EMPTY_STATS };
    }
  }
  const totals = { companies: 0, institutions: 0, deals12m: 0, amount12m: 0 };
  if (generation === null) return { nodes, totals };

  const counts = await selectRows<{ node_id: string; companies: number; institutions: number }>(
    db,
    sql`select node_id,
          count(*) filter (where entity_type = 'project')::int as companies,
          count(*) filter (where entity_type = 'institution')::int as institutions
        from chain_placements where generation = ${generation} and chain_id = ${chain.industryId}
        group by node_id`,
  );
  const deals = await selectRows<{
    node_id: string;
    d12: number;
    dprev: number;
    a12: string | number;
    funded: number;
  }>(
    db,
    sql`select pl.node_id,
          count(*) filter (where r.date >= current_date - 365)::int as d12,
          count(*) filter (where r.date < current_date - 365)::int as dprev,
          coalesce(sum(r.amount) filter (where r.date >= current_date - 365), 0) as a12,
          count(distinct pl.entity_id)::int as funded
        from chain_placements pl join rounds r on r.project_id = pl.entity_id
        where pl.generation = ${generation} and pl.chain_id = ${chain.industryId}
          and pl.entity_type = 'project' and r.date >= current_date - 730
        group by pl.node_id`,
  );
  for (const row of counts) {
    const stats = nodes[row.node_id];
    if (!stats) continue;
    stats.companies = row.companies;
    stats.institutions = row.institutions;
  }
  for (const row of deals) {
    const stats = nodes[row.node_id];
    if (!stats) continue;
    stats.deals12m = row.d12;
    stats.dealsPrev12m = row.dprev;
    stats.amount12m = Number(row.a12);
    stats.funded = row.funded;
  }
  const topIds = chain.segments.flatMap((s) => s.nodes.map((n) => nodeId(chain.industryId, n.key)));
  const busiest = Math.max(0, ...topIds.map((id) => nodes[id]!.deals12m));
  for (const [id, stats] of Object.entries(nodes)) {
    const parent = id.split('/').slice(0, 2).join('/');
    const scale = id === parent ? busiest : nodes[parent]!.deals12m;
    stats.heat = scale > 0 ? Math.round((stats.deals12m / scale) * 100) / 100 : 0;
  }
  const [sum] = await selectRows<{ companies: number; institutions: number }>(
    db,
    sql`select
          (select count(distinct entity_id)::int from chain_placements where generation = ${generation}
            and chain_id = ${chain.industryId} and entity_type = 'project') as companies,
          (select count(distinct entity_id)::int from chain_placements where generation = ${generation}
            and chain_id = ${chain.industryId} and entity_type = 'institution') as institutions`,
  );
  totals.companies = sum?.companies ?? 0;
  totals.institutions = sum?.institutions ?? 0;
  // A project sits on one top-level node per chain, so the nodes' deals add up without repeats.
  for (const id of topIds) {
    totals.deals12m += nodes[id]!.deals12m;
    totals.amount12m += nodes[id]!.amount12m;
  }
  return { nodes, totals };
}

/** Figures kept per process: at most this many (chain, generation, version, day) entries. */
const STATS_CACHE_SIZE = 96;
const statsCache = new WeakMap<Db, Map<string, Promise<ChainStats>>>();

/**
 * `chainStats`, computed once per (generation, chain, version, UTC day) in this process;
 * requests arriving while it is computed share the one computation.
 */
export function cachedChainStats(
  db: Db,
  chain: ChainDef,
  version: number,
  generation: number | null,
): Promise<ChainStats> {
  if (generation === null) return chainStats(db, chain, null);
  let cache = statsCache.get(db);
  if (!cache) {
    cache = new Map();
    statsCache.set(db, cache);
  }
  const key = `${generation}|${chain.industryId}|${version}|${new Date().toISOString().slice(0, 10)}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const computed = chainStats(db, chain, generation);
  cache.set(key, computed);
  computed.catch(() => cache.delete(key));
  while (cache.size > STATS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return computed;
}
