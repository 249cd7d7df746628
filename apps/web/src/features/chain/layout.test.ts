import type { ChainNodeStats, ChainSegmentView } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, COLUMN_WIDTH, heatColor, layoutMap, nodeSize } from './layout';

const stats = (companies: number, heat = 0): ChainNodeStats => ({
  companies,
  institutions: 0,
  funded: 0,
  deals12m: 0,
  dealsPrev12m: 0,
  amount12m: 0,
  heat,
});
const node = (id: string, segment: 'up' | 'mid' | 'down') => ({
  id,
  name: id,
  description: '',
  segment,
  sparse: false,
  children: [],
});

describe('the chain map layout', () => {
  it('sizes boxes by companies and colours them by heat', () => {
    expect(nodeSize(0, 40)).toEqual({ width: 168, height: 58 });
    expect(nodeSize(40, 40)).toEqual({ width: 236, height: 92 });
    expect(nodeSize(10, 40).width).toBeGreaterThan(nodeSize(0, 40).width);
    expect(heatColor(0)).toBe('rgb(236, 241, 247)');
    expect(heatColor(1)).toBe('rgb(229, 57, 53)');
    expect(heatColor(2)).toBe(heatColor(1));
  });

  it('puts each segment in its own column and orders a column by its links', () => {
    const segments: ChainSegmentView[] = [
      { key: 'up', name: '上游', title: '', nodes: [node('a', 'up'), node('b', 'up')] },
      { key: 'mid', name: '中游', title: '', nodes: [node('x', 'mid'), node('y', 'mid')] },
      { key: 'down', name: '下游', title: '', nodes: [node('z', 'down')] },
    ];
    // a feeds y, b feeds x: the middle column swaps so the links do not cross.
    const edges = [
      { from: 'a', to: 'y' },
      { from: 'b', to: 'x' },
      { from: 'x', to: 'z' },
    ];
    const layout = layoutMap(segments, edges, {
      a: stats(1),
      b: stats(1),
      x: stats(4),
      y: stats(2),
      z: stats(0),
    });
    const at = (id: string) => layout.nodes.find((n) => n.id === id)!;
    expect(at('a').column).toBe(0);
    expect(at('z').column).toBe(2);
    expect(at('x').x).toBeGreaterThanOrEqual(COLUMN_WIDTH + COLUMN_GAP);
    expect(at('y').y).toBeLessThan(at('x').y);
    expect(layout.columns).toHaveLength(3);
  });
});
