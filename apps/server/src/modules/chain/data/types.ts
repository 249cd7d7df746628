/**
 * The shape of a curated industry chain, as written in code (the seed) and as stored in
 * `chain_versions.definition`. A chain has three segments (上游, 中游, 下游), each a list of
 * nodes; a node says which sub-industries and which words place a company on it, which later
 * nodes it supplies (`feeds`), and optionally its own finer nodes (`children`, the deep chain).
 */

export const SEGMENTS = ['up', 'mid', 'down'] as const;
export type SegmentKey = (typeof SEGMENTS)[number];
export const SEGMENT_NAMES: Record<SegmentKey, string> = { up: '上游', mid: '中游', down: '下游' };

export interface ChainChildDef {
  key: string;
  name: string;
  /** Words in a company's tags or description that put it on this finer node. */
  keywords: string[];
}

export interface ChainNodeDef {
  /** Stable within the chain (letters, digits, `-`); the node id is `<chain>/<key>`. */
  key: string;
  name: string;
  /** One sentence on what the node makes or does. */
  description: string;
  /**
   * Sub-industry ids. A sub-industry of the chain's own industry places a company here on
   * its own; one of another industry only together with a keyword (a carbon-fibre maker is
   * not on the car chain unless its text names the car part it makes).
   */
  subs: string[];
  keywords: string[];
  /** Keys of the nodes it supplies, later in the chain. */
  feeds: string[];
  children: ChainChildDef[];
  /** The library is expected to hold no company here (mining, state utilities): shown as empty, not missing. */
  sparse: boolean;
}

export interface ChainSegmentDef {
  key: SegmentKey;
  /** What this segment is in this industry (原材料与核心部件). */
  title: string;
  nodes: ChainNodeDef[];
}

export interface ChainDef {
  /** The top industry's id; the chain's id too. */
  industryId: string;
  /** 新能源汽车产业链 */
  name: string;
  summary: string;
  segments: ChainSegmentDef[];
}

/** The compact way the seed files write a node. */
export interface NodeSpec {
  subs?: string[];
  kw?: string[];
  to?: string[];
  sub?: [key: string, name: string, keywords: string[]][];
  sparse?: boolean;
}

export function node(key: string, name: string, description: string, spec: NodeSpec = {}): ChainNodeDef {
  return {
    key,
    name,
    description,
    subs: spec.subs ?? [],
    keywords: spec.kw ?? [],
    feeds: spec.to ?? [],
    children: (spec.sub ?? []).map(([k, n, keywords]) => ({ key: k, name: n, keywords })),
    sparse: spec.sparse ?? false,
  };
}

export function chain(
  industryId: string,
  name: string,
  summary: string,
  up: [title: string, nodes: ChainNodeDef[]],
  mid: [title: string, nodes: ChainNodeDef[]],
  down: [title: string, nodes: ChainNodeDef[]],
): ChainDef {
  return {
    industryId,
    name,
    summary,
    segments: [
      { key: 'up', title: up[0], nodes: up[1] },
      { key: 'mid', title: mid[0], nodes: mid[1] },
      { key: 'down', title: down[0], nodes: down[1] },
    ],
  };
}
