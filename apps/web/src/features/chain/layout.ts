/**
 * Where the map draws its nodes: one column per segment (上游, 中游, 下游), nodes stacked in
 * a column, each column ordered so that connected nodes sit near each other (two sweeps of
 * the barycenter heuristic a layered layout uses), sized by their number of companies and
 * coloured by recent deal heat. Pure, so the map and the tests agree.
 */
import type { ChainNodeStats, ChainSegmentView } from '@jq/contract';
import type { ChainEdge } from './api';

export const COLUMN_WIDTH = 300;
export const COLUMN_GAP = 110;
export const NODE_GAP = 18;
export const HEADER_HEIGHT = 64;
const MIN_SIZE = { width: 168, height: 58 };
const MAX_SIZE = { width: 236, height: 92 };

export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  column: number;
}

export interface MapLayout {
  nodes: PlacedNode[];
  columns: { key: string; x: number; width: number; height: number }[];
}

/** 0 companies → the smallest box; the most crowded node → the largest (square-root scale). */
export function nodeSize(companies: number, most: number) {
  const t = most > 0 ? Math.sqrt(companies / most) : 0;
  return {
    width: Math.round(MIN_SIZE.width + (MAX_SIZE.width - MIN_SIZE.width) * t),
    height: Math.round(MIN_SIZE.height + (MAX_SIZE.height - MIN_SIZE.height) * t),
  };
}

/** Heat 0–1 as a colour from pale blue-grey (quiet) through amber to red (busy). */
export function heatColor(heat: number): string {
  const h = Math.min(1, Math.max(0, heat));
  const stops: [number, [number, number, number]][] = [
    [0, [236, 241, 247]],
    [0.35, [255, 224, 178]],
    [0.7, [255, 167, 38]],
    [1, [229, 57, 53]],
  ];
  let i = 0;
  while (i < stops.length - 2 && h > stops[i + 1]![0]) i++;
  const [a, ca] = stops[i]!;
  const [b, cb] = stops[i + 1]!;
  const t = (h - a) / (b - a || 1);
  const mix = ca.map((c, k) => Math.round(c + (cb[k]! - c) * t));
  return `rgb(${mix.join(', ')})`;
}

/** Dark text on pale boxes, white on the hot ones. */
export const heatTextColor = (heat: number) => (heat >= 0.75 ? '#fff' : '#1f2d3d');

function orderByNeighbours(columns: string[][], edges: ChainEdge[]): string[][] {
  const neighbours = new Map<string, string[]>();
  for (const e of edges) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to]);
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from]);
  }
  const ordered = columns.map((c) => [...c]);
  const position = new Map<string, number>();
  const remember = () => {
    for (const column of ordered) {
      for (const [i, id] of column.entries()) position.set(id, i / Math.max(1, column.length - 1));
    }
  };
  remember();
  for (const sweep of [1, 2, 1, 0]) {
    const column = ordered[sweep]!;
    const weight = (id: string, fallback: number) => {
      const near = (neighbours.get(id) ?? []).filter((n) => !column.includes(n)).map((n) => position.get(n)!);
      return near.length ? near.reduce((a, b) => a + b, 0) / near.length : fallback;
    };
    const keyed = column.map((id, i) => ({ id, key: weight(id, position.get(id)!), i }));
    keyed.sort((a, b) => a.key - b.key || a.i - b.i);
    ordered[sweep] = keyed.map((k) => k.id);
    remember();
  }
  return ordered;
}

export function layoutMap(
  segments: ChainSegmentView[],
  edges: ChainEdge[],
  stats: Record<string, ChainNodeStats>,
): MapLayout {
  const most = Math.max(0, ...Object.values(stats).map((s) => s.companies));
  const order = orderByNeighbours(
    segments.map((s) => s.nodes.map((n) => n.id)),
    edges,
  );
  const nodes: PlacedNode[] = [];
  const heights: number[] = [];
  order.forEach((column, c) => {
    let y = HEADER_HEIGHT;
    const x = c * (COLUMN_WIDTH + COLUMN_GAP);
    for (const id of column) {
      const size = nodeSize(stats[id]?.companies ?? 0, most);
      nodes.push({ id, x: x + (COLUMN_WIDTH - size.width) / 2, y, ...size, column: c });
      y += size.height + NODE_GAP;
    }
    heights.push(y);
  });
  const height = Math.max(...heights, HEADER_HEIGHT + 80);
  // Shorter columns are centred against the tallest one.
  for (const node of nodes) node.y += (height - heights[node.column]!) / 2;
  return {
    nodes,
    columns: segments.map((s, c) => ({
      key: s.key,
      x: c * (COLUMN_WIDTH + COLUMN_GAP),
      width: COLUMN_WIDTH,
      height,
    })),
  };
}
