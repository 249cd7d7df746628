/**
 * Institutions on the chain: what they did (deals of the last five years on projects placed on
 * a node) weighs more than what they say (their stated industries). For a node with d of the
 * D deals an institution made on that chain:
 *   confidence = 0.8 × √(d / D) × (1 − e^(−d / 2)) + stated,
 * where stated is 0.2 when its stated industries list a sub-industry the node maps to, else
 * 0.1 when they list the chain's industry and it has a deal there. Nodes with at least one
 * deal or a stated sub-industry are kept. Deterministic like the project rules.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { nodeId } from '../definition.js';
import type { Catalogue } from '../store.js';
import { topIndustryId } from '../taxonomy.js';
import type { PlacementRow, ProjectNodes } from './rebuild.js';

const round2 = (x: number) => Math.round(x * 100) / 100;

export function institutionConfidence(deals: number, chainDeals: number, stated: number): number {
  const actual =
    deals > 0 && chainDeals > 0 ? 0.8 * Math.sqrt(deals / chainDeals) * (1 - Math.exp(-deals / 2)) : 0;
  return round2(Math.min(1, actual + stated));
}

/** Round ids read at a time for the deals of the last five years. */
const DEAL_BATCH = 50_000;

/**
 * Deals of the last five years per institution and top-level node, each round counted once
 * per institution (two partners of one fund in a round are one deal), from the nodes the
 * projects were just placed on (no join of placements, rounds and investors in SQL: on
 * PGlite that one sorted half a million rows on disk).
 */
async function dealsPerNode(db: Db, nodesOf: ProjectNodes) {
  const perInstitution = new Map<number, Map<string, number>>();
  const chainTotals = new Map<string, number>();
  const seen = new Set<string>();
  const [range] = await selectRows<{ top: number | string | null }>(
    db,
    sql`select max(id) as top from rounds`,
  );
  const top = Number(range?.top ?? 0);
  // Round ids a slice at a time (the primary key), so no one query holds PGlite for long.
  for (let from = 0; from < top; from += DEAL_BATCH) {
    // One text a slice ("round,project,institution;…"): far cheaper on PGlite than a row each.
    const [slice] = await selectRows<{ deals: string | null }>(
      db,
      sql`select string_agg(r.id || ',' || r.project_id || ',' || ri.institution_id, ';') as deals
          from rounds r join round_investors ri on ri.round_id = r.id
          where r.id > ${from} and r.id <= ${from + DEAL_BATCH}
            and ri.institution_id is not null and r.date >= current_date - interval '5 years'`,
    );
    for (const deal of slice?.deals ? slice.deals.split(';') : []) {
      const [roundId, projectId, institutionId] = deal.split(',');
      const id = Number(institutionId);
      const key = `${id}:${roundId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const nodes = nodesOf.get(Number(projectId));
      if (!nodes) continue;
      const counts = perInstitution.get(id) ?? new Map<string, number>();
      perInstitution.set(id, counts);
      for (const { nodeId: node, chainId } of nodes) {
        counts.set(node, (counts.get(node) ?? 0) + 1);
        const total = `${id}|${chainId}`;
        chainTotals.set(total, (chainTotals.get(total) ?? 0) + 1);
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { perInstitution, chainTotals };
}

export async function institutionPlacements(
  db: Db,
  catalogue: Catalogue,
  generation: number,
  nodesOf: ProjectNodes,
): Promise<PlacementRow[]> {
  const { perInstitution, chainTotals } = await dealsPerNode(db, nodesOf);
  const stated = await selectRows<{ id: number | string; industries: string[] }>(
    db,
    sql`select id, industries from institutions where cardinality(industries) > 0`,
  );

  // node → sub-industries of the chain's own industry it maps to.
  const nodeSubs = new Map<string, { chainId: string; subs: Set<string> }>();
  for (const chain of catalogue.chains) {
    for (const segment of chain.segments) {
      for (const n of segment.nodes) {
        const own = n.subs.filter((s) => topIndustryId(s) === chain.industryId);
        nodeSubs.set(nodeId(chain.industryId, n.key), { chainId: chain.industryId, subs: new Set(own) });
      }
    }
  }
  const statedOf = new Map(stated.map((r) => [Number(r.id), new Set(r.industries)]));

  const out: PlacementRow[] = [];
  const ids = new Set([...perInstitution.keys(), ...statedOf.keys()]);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const nodes = perInstitution.get(id) ?? new Map<string, number>();
    const industries = statedOf.get(id) ?? new Set<string>();
    for (const [nid, info] of nodeSubs) {
      const d = nodes.get(nid) ?? 0;
      const statedSub = [...info.subs].find((s) => industries.has(s));
      if (!d && !statedSub) continue;
      const stated = statedSub ? 0.2 : d && industries.has(info.chainId) ? 0.1 : 0;
      const confidence = institutionConfidence(d, chainTotals.get(`${id}|${info.chainId}`) ?? 0, stated);
      const matched = [...(d ? [`deals:${d}`] : []), ...(statedSub ? [`sub:${statedSub}`] : [])];
      out.push({
        generation,
        entity_type: 'institution',
        entity_id: id,
        node_id: nid,
        chain_id: info.chainId,
        confidence,
        matched,
        latest_round_at: null,
        total_raised: null,
      });
    }
  }
  return out;
}
