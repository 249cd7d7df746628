/**
 * The deep chain of a node (/deepChain?id=): where it sits (breadcrumbs), what supplies it and
 * what it supplies, its finer nodes, the product lines its companies make (the directions
 * inside it, from the data), and the other nodes of its segment. For a whole chain: its
 * segments and nodes, each with its number of companies.
 */
import type { DeepChainLink, DeepChainMenu } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { SEGMENT_NAMES } from './data/index.js';
import { nodeId } from './definition.js';
import { chainSummary } from './graph.js';
import { chainNodesOf, nodeSummary, requireChainOrNode } from './nodes.js';
import type { Catalogue } from './store.js';

async function companyCounts(
  db: Db,
  generation: number | null,
  chainId: string,
): Promise<Map<string, number>> {
  if (generation === null) return new Map();
  const rows = await selectRows<{ node_id: string; n: number }>(
    db,
    sql`select node_id, count(*)::int as n from chain_placements
        where generation = ${generation} and chain_id = ${chainId} and entity_type = 'project'
        group by node_id`,
  );
  return new Map(rows.map((r) => [r.node_id, r.n]));
}

async function productLines(db: Db, generation: number | null, id: string) {
  if (generation === null) return [];
  const rows = await selectRows<{ name: string; n: number }>(
    db,
    sql`select p.tags[1] as name, count(*)::int as n
        from chain_placements pl join projects p on p.id = pl.entity_id
        where pl.generation = ${generation} and pl.entity_type = 'project' and pl.node_id = ${id}
          and cardinality(p.tags) > 0
        group by 1 order by 2 desc, 1 limit 12`,
  );
  return rows.map((r) => ({ name: r.name, companies: r.n }));
}

export async function deepChainMenu(
  db: Db,
  catalogue: Catalogue,
  generation: number | null,
  id: string,
): Promise<DeepChainMenu> {
  const { chain, node } = requireChainOrNode(catalogue, id);
  const counts = await companyCounts(db, generation, chain.industryId);
  const link = (nid: string, name: string): DeepChainLink => ({
    id: nid,
    name,
    companies: counts.get(nid) ?? 0,
  });
  const all = chainNodesOf(chain);
  const summary = chainSummary(chain, catalogue.versions.get(chain.industryId) ?? 1);
  const segments = chain.segments.map((s) => ({
    key: s.key,
    name: SEGMENT_NAMES[s.key],
    nodes: s.nodes.map((n) => link(nodeId(chain.industryId, n.key), n.name)),
  }));
  const empty = { upstream: [], downstream: [], children: [], directions: [], siblings: [] };
  if (!node) {
    return {
      chain: summary,
      node: null,
      breadcrumbs: [{ id: chain.industryId, name: chain.name }],
      ...empty,
      segments,
    };
  }

  const parentId = nodeId(chain.industryId, node.node.key);
  const breadcrumbs = [
    { id: chain.industryId, name: chain.name },
    { id: parentId, name: node.node.name },
    ...(node.child ? [{ id: node.id, name: node.child.name }] : []),
  ];
  const summaryOfNode = { ...nodeSummary(node), companies: counts.get(node.id) ?? 0 };
  const upstream = all
    .filter((x) => x.node.feeds.includes(node.node.key))
    .map((x) => link(x.id, x.node.name));
  const downstream = node.node.feeds.map((k) => {
    const target = all.find((x) => x.node.key === k)!;
    return link(target.id, target.node.name);
  });
  const children = node.child
    ? []
    : node.node.children.map((c) => link(nodeId(chain.industryId, node.node.key, c.key), c.name));
  const siblings = node.child
    ? node.node.children
        .filter((c) => c.key !== node.child!.key)
        .map((c) => link(nodeId(chain.industryId, node.node.key, c.key), c.name))
    : node.segment.nodes
        .filter((n) => n.key !== node.node.key)
        .map((n) => link(nodeId(chain.industryId, n.key), n.name));
  return {
    chain: summary,
    node: summaryOfNode,
    breadcrumbs,
    upstream,
    downstream,
    children,
    directions: await productLines(db, generation, node.id),
    siblings,
    segments,
  };
}
