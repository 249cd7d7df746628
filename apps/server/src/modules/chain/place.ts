/**
 * A project's place on the chains, for other modules (project analysis shows it): computed by
 * the same rules as the rebuild, from the project row as it is now, so a project created a
 * minute ago has its place before the next rebuild. `peers` counts the companies on the same
 * node in the current placements.
 */
import type { ProjectChainPlace } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { projects } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { SEGMENT_NAMES } from './data/index.js';
import { resolveId } from './nodes.js';
import { compiledOf, currentGeneration } from './placement/rebuild.js';
import { type Placement, placeOnChains } from './placement/rules.js';
import { loadCatalogue } from './store.js';

/** The project's placements by the rules (its own industry's chain first); [] for an unknown id. */
export async function placeProject(db: Db, projectId: number): Promise<Placement[]> {
  const [row] = await db
    .select({
      industryId: projects.industryId,
      industries: projects.industries,
      tags: projects.tags,
      searchTokens: projects.searchTokens,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) return [];
  const catalogue = await loadCatalogue(db);
  const placements = placeOnChains(compiledOf(catalogue), { id: projectId, ...row });
  return placements.sort(
    (a, b) => Number(b.chainId === row.industryId) - Number(a.chainId === row.industryId),
  );
}

/** Where the project sits, in words and figures; its own industry's chain first. */
export async function getProjectChainPlace(db: Db, projectId: number): Promise<ProjectChainPlace[]> {
  const placements = await placeProject(db, projectId);
  if (!placements.length) return [];
  const catalogue = await loadCatalogue(db);
  const generation = await currentGeneration(db);
  const peers = new Map<string, number>();
  if (generation !== null) {
    const ids = sql.join(
      placements.map((p) => sql`${p.nodeId}`),
      sql`, `,
    );
    const rows = await selectRows<{ node_id: string; n: number }>(
      db,
      sql`select node_id, count(*)::int as n from chain_placements
          where generation = ${generation} and entity_type = 'project' and node_id in (${ids})
          group by node_id`,
    );
    for (const r of rows) peers.set(r.node_id, r.n);
  }
  return placements.flatMap((p) => {
    const found = resolveId(catalogue, p.nodeId);
    if (!found?.node) return [];
    const child = p.childId ? resolveId(catalogue, p.childId)?.node?.child : null;
    return [
      {
        chainId: p.chainId,
        chainName: found.chain.name,
        nodeId: p.nodeId,
        nodeName: found.node.node.name,
        segment: found.node.segment.key,
        segmentName: SEGMENT_NAMES[found.node.segment.key],
        childId: p.childId,
        childName: child?.name ?? null,
        confidence: p.confidence,
        peers: peers.get(p.nodeId) ?? 0,
      },
    ];
  });
}
