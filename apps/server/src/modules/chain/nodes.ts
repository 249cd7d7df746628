/** Finding a chain, a node or a finer node of the catalogue by id; an unknown id is -404. */
import { type ChainNodeSummary, Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import {
  type ChainChildDef,
  type ChainDef,
  type ChainNodeDef,
  type ChainSegmentDef,
  SEGMENT_NAMES,
} from './data/index.js';
import { nodeId } from './definition.js';
import type { Catalogue } from './store.js';

export interface NodeRef {
  chain: ChainDef;
  segment: ChainSegmentDef;
  node: ChainNodeDef;
  /** Set when the id names a finer node. */
  child: ChainChildDef | null;
  id: string;
}

/** A chain (`nev`) or a node (`nev/battery`, `nev/battery/solid`); null when unknown. */
export function resolveId(
  catalogue: Catalogue,
  id: string,
): { chain: ChainDef; node: NodeRef | null } | null {
  const [chainId, key, childKey, ...rest] = id.split('/');
  const chain = catalogue.byId.get(chainId ?? '');
  if (!chain || rest.length) return null;
  if (key === undefined) return { chain, node: null };
  for (const segment of chain.segments) {
    const node = segment.nodes.find((n) => n.key === key);
    if (!node) continue;
    if (childKey === undefined) return { chain, node: { chain, segment, node, child: null, id } };
    const child = node.children.find((c) => c.key === childKey);
    return child ? { chain, node: { chain, segment, node, child, id } } : null;
  }
  return null;
}

export const NODE_NOT_FOUND = '产业链环节不存在';

/** A node by id, or -404 「产业链环节不存在」. */
export function requireNode(catalogue: Catalogue, id: string): NodeRef {
  const found = resolveId(catalogue, id);
  if (!found?.node) throw new AppError(Code.NOT_FOUND, NODE_NOT_FOUND);
  return found.node;
}

/** A chain or a node by id, or -404. */
export function requireChainOrNode(catalogue: Catalogue, id: string) {
  const found = resolveId(catalogue, id);
  if (!found) throw new AppError(Code.NOT_FOUND, NODE_NOT_FOUND);
  return found;
}

/** Every top-level node of a chain with its segment, in display order. */
export function chainNodesOf(
  chain: ChainDef,
): { segment: ChainSegmentDef; node: ChainNodeDef; id: string }[] {
  return chain.segments.flatMap((segment) =>
    segment.nodes.map((node) => ({ segment, node, id: nodeId(chain.industryId, node.key) })),
  );
}

/** A node (or finer node) as the wire shows it. */
export function nodeSummary(ref: NodeRef): ChainNodeSummary {
  const parentId = nodeId(ref.chain.industryId, ref.node.key);
  return {
    id: ref.id,
    name: ref.child?.name ?? ref.node.name,
    description: ref.child ? `${ref.node.name}中的${ref.child.name}方向。` : ref.node.description,
    chainId: ref.chain.industryId,
    chainName: ref.chain.name,
    segment: ref.segment.key,
    segmentName: SEGMENT_NAMES[ref.segment.key],
    parentId: ref.child ? parentId : null,
    sparse: ref.child ? false : ref.node.sparse,
  };
}
