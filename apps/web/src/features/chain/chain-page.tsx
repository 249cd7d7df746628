/**
 * /chain: an industry's chain as a map (desktop and tablet) or a list (phones), with search
 * and a picker of every industry's chain. `?id=` names the chain (or a node, which opens),
 * `?node=` the node whose drawer is open: companies, investment charts and the analysis.
 */
import { Drawer, Input, Result, Select, Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { chainText } from '../../locales/zh-CN/chain';
import { LoadError } from '../../shared/components/load-error';
import { formatWan } from '../../shared/format/figures';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import type { ChainGraph } from './api';
import { ChainList } from './chain-list';
import { heatColor } from './layout';
import { NodeHeader, NodeTabs, type PanelNode } from './node-panel';
import { useChainGraph } from './queries';
import './chain.css';

const ChainMap = lazy(() => import('./chain-map'));
export const DEFAULT_CHAIN = 'nev';

type Found = Extract<ChainGraph, { kind: 'found' }>;

export function panelNodeOf(graph: Found, id: string): PanelNode | null {
  const parent = id.split('/').slice(0, 2).join('/');
  for (const segment of graph.segments) {
    const node = segment.nodes.find((n) => n.id === parent);
    if (!node) continue;
    const child = node.children.find((c) => c.id === id);
    return {
      id,
      name: child?.name ?? node.name,
      description: child ? `${node.name}中的${child.name}方向。` : node.description,
      segmentName: segment.name,
      stats: graph.stats[id],
    };
  }
  return null;
}

export function Legend() {
  return (
    <div className="jq-chain-legend">
      <span>{chainText.legendSize}</span>
      <span className="jq-chain-legend-heat">
        {chainText.legendHeat}
        <span className="jq-chain-muted">{chainText.heatCold}</span>
        <span
          className="jq-chain-legend-bar"
          style={{ background: `linear-gradient(90deg, ${[0, 0.35, 0.7, 1].map(heatColor).join(', ')})` }}
        />
        <span className="jq-chain-muted">{chainText.heatHot}</span>
      </span>
    </div>
  );
}

export function ChainSearchBar({ defaultValue = '' }: { defaultValue?: string }) {
  const navigate = useAppNavigate();
  return (
    <Input.Search
      key={defaultValue}
      defaultValue={defaultValue}
      allowClear
      enterButton={chainText.search}
      placeholder={chainText.searchPlaceholder}
      maxLength={40}
      onSearch={(value) => {
        const q = value.trim();
        if (q) navigate(`/chain/search?q=${encodeURIComponent(q)}`);
      }}
      data-testid="chain-search"
    />
  );
}

export default function ChainPage() {
  const [params, setParams] = useSearchParams();
  const { isSmall } = useBreakpoint();
  const taxonomy = useTaxonomy();
  const requested = params.get('id') ?? DEFAULT_CHAIN;
  const chainId = requested.split('/')[0]!;
  const selected = params.get('node') ?? (requested.includes('/') ? requested : null);
  const graph = useChainGraph({ id: chainId });
  const found = graph.data?.kind === 'found' ? graph.data : null;
  useDocumentTitle(found?.chain.name);

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    next.set('id', chainId);
    if (id) next.set('node', id);
    else next.delete('node');
    setParams(next, { replace: true });
  };
  const panel = useMemo(() => (found && selected ? panelNodeOf(found, selected) : null), [found, selected]);

  const options = taxonomy.industries.map((i) => ({ value: i.id, label: `${i.name}产业链` }));
  return (
    <div className="jq-chain-page" data-testid="chain-page">
      <div className="jq-chain-panel jq-chain-top">
        <div className="jq-chain-heading">
          <h2>{chainText.title}</h2>
          <span className="jq-chain-muted">{chainText.subtitle}</span>
        </div>
        <div className="jq-chain-tools">
          <ChainSearchBar />
          <Select
            showSearch
            optionFilterProp="label"
            className="jq-chain-picker"
            value={chainId}
            options={options.length ? options : [{ value: chainId, label: found?.chain.name ?? chainId }]}
            onChange={(value) => setParams(new URLSearchParams({ id: value }), { replace: false })}
            data-testid="chain-picker"
          />
        </div>
      </div>

      <div className="jq-chain-panel">
        {graph.isError ? (
          <LoadError onRetry={() => void graph.refetch()} />
        ) : !graph.data ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : !found ? (
          <Result status="404" title={chainText.notFound} />
        ) : (
          <>
            <div className="jq-chain-summary">
              <div>
                <h3 data-testid="chain-name">{found.chain.name}</h3>
                <div className="jq-chain-muted">{found.chain.summary}</div>
                <div className="jq-chain-totals">
                  {found.pending
                    ? chainText.pending
                    : chainText.totals(
                        found.totals.companies,
                        found.totals.deals12m,
                        formatWan(found.totals.amount12m),
                      )}
                </div>
              </div>
              {!isSmall && <Legend />}
            </div>
            {isSmall ? (
              <ChainList graph={found} onSelect={select} />
            ) : (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
                <ChainMap graph={found} selected={selected} onSelect={select} />
              </Suspense>
            )}
          </>
        )}
      </div>

      <Drawer
        open={panel !== null}
        onClose={() => select(null)}
        width={isSmall ? '100%' : 640}
        title={found?.chain.name}
        destroyOnHidden
        data-testid="chain-drawer"
      >
        {panel && (
          <>
            <NodeHeader node={panel} />
            <NodeTabs id={panel.id} />
          </>
        )}
      </Drawer>
    </div>
  );
}
