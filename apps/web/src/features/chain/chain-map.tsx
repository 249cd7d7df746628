/**
 * The interactive map (desktop and tablet): three columns, 上游 → 中游 → 下游, each node a box
 * sized by its number of companies and coloured by its recent deal heat, the supply links as
 * arrows. Clicking a node selects it; its links are drawn stronger. Loaded only on the chain
 * pages, and only where the map shows (phones get the list).
 */
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { chainText } from '../../locales/zh-CN/chain';
import type { ChainGraph } from './api';
import { heatColor, heatTextColor, layoutMap } from './layout';
import './chain-map.css';

type Found = Extract<ChainGraph, { kind: 'found' }>;

interface BoxData extends Record<string, unknown> {
  name: string;
  companies: number;
  deals12m: number;
  heat: number;
  sparse: boolean;
  isSelected: boolean;
  isDimmed: boolean;
}

interface ColumnData extends Record<string, unknown> {
  name: string;
  title: string;
}

function NodeBox({ data, width, height }: NodeProps<Node<BoxData>>) {
  const empty = data.companies === 0;
  return (
    <div
      className={`jq-chain-box${data.isSelected ? ' is-selected' : ''}${data.isDimmed ? ' is-dimmed' : ''}${empty ? ' is-empty' : ''}`}
      style={{
        width,
        height,
        background: empty ? '#fff' : heatColor(data.heat),
        color: heatTextColor(data.heat),
      }}
      data-testid="chain-map-node"
      data-name={data.name}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="jq-chain-box-name">{data.name}</div>
      <div className="jq-chain-box-meta">
        {empty
          ? chainText.sparse
          : `${chainText.companiesShort(data.companies)} · ${chainText.deals12m(data.deals12m)}`}
      </div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

function ColumnBack({ data, width, height }: NodeProps<Node<ColumnData>>) {
  return (
    <div className="jq-chain-column" style={{ width, height }}>
      <div className="jq-chain-column-name">{data.name}</div>
      <div className="jq-chain-column-title">{data.title}</div>
    </div>
  );
}

const NODE_TYPES = { box: NodeBox, column: ColumnBack };

export default function ChainMap({
  graph,
  selected,
  onSelect,
}: {
  graph: Found;
  selected: string | null;
  onSelect(id: string): void;
}) {
  const layout = useMemo(() => layoutMap(graph.segments, graph.edges, graph.stats), [graph]);
  const linked = useMemo(() => {
    if (!selected) return null;
    const ids = new Set([selected]);
    for (const e of graph.edges) {
      if (e.from === selected) ids.add(e.to);
      if (e.to === selected) ids.add(e.from);
    }
    return ids;
  }, [graph.edges, selected]);

  const nodes = useMemo(() => {
    const byId = new Map(graph.segments.flatMap((s) => s.nodes.map((n) => [n.id, n] as const)));
    const columns: Node<ColumnData>[] = layout.columns.map((c, i) => ({
      id: `column:${c.key}`,
      type: 'column',
      position: { x: c.x - 16, y: 0 },
      width: c.width + 32,
      height: c.height + 12,
      data: { name: graph.segments[i]!.name, title: graph.segments[i]!.title },
      draggable: false,
      selectable: false,
      focusable: false,
      zIndex: -1,
    }));
    const boxes: Node<BoxData>[] = layout.nodes.map((p) => {
      const stats = graph.stats[p.id];
      return {
        id: p.id,
        type: 'box',
        position: { x: p.x, y: p.y },
        width: p.width,
        height: p.height,
        draggable: false,
        data: {
          name: byId.get(p.id)!.name,
          companies: stats?.companies ?? 0,
          deals12m: stats?.deals12m ?? 0,
          heat: stats?.heat ?? 0,
          sparse: byId.get(p.id)!.sparse,
          isSelected: p.id === selected,
          isDimmed: linked !== null && !linked.has(p.id),
        },
      };
    });
    return [...columns, ...boxes] as Node[];
  }, [graph, layout, selected, linked]);

  const columnOf = useMemo(() => new Map(layout.nodes.map((n) => [n.id, n.column])), [layout]);
  // Links within one column (电池 → 整车, both 中游) would be drawn back across the column; the deep chain shows them.
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges
        .filter((e) => columnOf.get(e.from) !== columnOf.get(e.to))
        .map((e) => {
          const isLinked = selected !== null && (e.from === selected || e.to === selected);
          return {
            id: `${e.from}->${e.to}`,
            source: e.from,
            target: e.to,
            type: 'smoothstep',
            animated: isLinked,
            markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
            style: {
              stroke: isLinked ? 'var(--jq-chain-accent, #1677ff)' : '#c5ced9',
              strokeWidth: isLinked ? 2 : 1,
              opacity: selected && !isLinked ? 0.35 : 1,
            },
          };
        }),
    [graph.edges, selected, columnOf],
  );

  return (
    <div className="jq-chain-map" data-testid="chain-map">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={(_event, node) => {
          if (node.type === 'box') onSelect(node.id);
        }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        fitView
        fitViewOptions={{ padding: 0.06 }}
        minZoom={0.3}
        maxZoom={1.6}
        panOnScroll
        zoomOnScroll={false}
      >
        <Background gap={24} color="#e8edf3" />
        <Controls showInteractive={false} position="bottom-right" />
      </ReactFlow>
    </div>
  );
}
