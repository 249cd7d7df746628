/**
 * Which industries sit next to each other on the curated chains, for matching's "adjacent
 * industry" level (docs/decisions.md 2026-11-25, docs/benchmarks.md「撮合」):
 *
 * - two sub-industries are adjacent when they are listed on the same node, or on two nodes
 *   one of which feeds the other (正极材料 → 动力电池: new-materials.battery ~ nev.battery);
 *   sub-industries of the same top industry are not counted (they already share the top);
 * - two top industries are adjacent when one's chain lists a sub-industry of the other.
 *
 * Both relations are symmetric. Built from the code's seeds (the curated content), so the
 * answer does not depend on a database and is the same in every process.
 */
import { CHAIN_SEEDS, type ChainDef } from './data/index.js';

export interface ChainIndustryAdjacency {
  /** Top industry id → adjacent top industry ids. */
  tops: Map<string, string[]>;
  /** Sub-industry id → adjacent sub-industry ids (of other top industries). */
  subs: Map<string, string[]>;
}

const topOf = (industryId: string) => industryId.split('.')[0]!;

function link(map: Map<string, Set<string>>, a: string, b: string) {
  if (a === b) return;
  if (!map.has(a)) map.set(a, new Set());
  if (!map.has(b)) map.set(b, new Set());
  map.get(a)!.add(b);
  map.get(b)!.add(a);
}

const sorted = (map: Map<string, Set<string>>) =>
  new Map([...map].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));

export function chainIndustryAdjacency(chains: readonly ChainDef[] = CHAIN_SEEDS): ChainIndustryAdjacency {
  const tops = new Map<string, Set<string>>();
  const subs = new Map<string, Set<string>>();
  for (const chain of chains) {
    const nodes = chain.segments.flatMap((s) => s.nodes);
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const pairs: [string[], string[]][] = [];
    for (const node of nodes) {
      pairs.push([node.subs, node.subs]);
      for (const key of node.feeds) {
        const fed = byKey.get(key);
        if (fed) pairs.push([node.subs, fed.subs]);
      }
      for (const sub of node.subs) link(tops, chain.industryId, topOf(sub));
    }
    for (const [from, to] of pairs) {
      for (const a of from) for (const b of to) if (topOf(a) !== topOf(b)) link(subs, a, b);
    }
  }
  return { tops: sorted(tops), subs: sorted(subs) };
}

let cached: ChainIndustryAdjacency | undefined;
/** The adjacency of the seeded chains, computed once. */
export function seededChainAdjacency(): ChainIndustryAdjacency {
  cached ??= chainIndustryAdjacency();
  return cached;
}
