/**
 * /deepChain?id=: a node's own chain. What supplies it, the node with its finer nodes, what it
 * supplies, drawn as a small map (a list on phones); the product lines its companies make;
 * the other nodes of its segment; and below, its companies, charts and analysis. Every link
 * drills further (a finer node, a neighbour). A whole chain's id lists its nodes.
 */

import type { DeepChainMenu } from '@jq/contract';
import { Breadcrumb, Empty, Result, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { chainText } from '../../locales/zh-CN/chain';
import { ApiError } from '../../shared/api/client';
import { LoadError } from '../../shared/components/load-error';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import type { ChainGraph } from './api';
import { ChainList } from './chain-list';
import { panelNodeOf } from './chain-page';
import { chainUrl } from './chain-search-page';
import { NodeHeader, NodeTabs } from './node-panel';
import { useChainGraph, useDeepMenu } from './queries';
import './chain.css';

const ChainMap = lazy(() => import('./chain-map'));

type Found = Extract<ChainGraph, { kind: 'found' }>;

const deepUrl = (id: string) => `/deepChain?id=${encodeURIComponent(id)}`;

/** The node's neighbourhood as a three-column graph the map and the list can draw. */
export function deepGraph(menu: DeepChainMenu, chain: Found): Found {
  const node = menu.node!;
  const centre = menu.children.length
    ? menu.children
    : [{ id: node.id, name: node.name, companies: node.companies }];
  const view = (n: { id: string; name: string }, segment: 'up' | 'mid' | 'down') => ({
    id: n.id,
    name: n.name,
    description: '',
    segment,
    sparse: false,
    children: [],
  });
  const edges = [
    ...menu.upstream.flatMap((u) => centre.map((c) => ({ from: u.id, to: c.id }))),
    ...centre.flatMap((c) => menu.downstream.map((d) => ({ from: c.id, to: d.id }))),
  ];
  return {
    ...chain,
    focus: node.id,
    segments: [
      {
        key: 'up',
        name: chainText.deep.upstream,
        title: menu.upstream.length ? '' : chainText.deep.noUpstream,
        nodes: menu.upstream.map((n) => view(n, 'up')),
      },
      {
        key: 'mid',
        name: node.name,
        title: menu.children.length ? chainText.deep.children : node.segmentName,
        nodes: centre.map((n) => view(n, 'mid')),
      },
      {
        key: 'down',
        name: chainText.deep.downstream,
        title: '',
        nodes: menu.downstream.map((n) => view(n, 'down')),
      },
    ],
    edges,
  };
}

function Links({
  title,
  items,
}: {
  title: string;
  items: { id: string; name: string; companies: number }[];
}) {
  return (
    <div className="jq-chain-deep-links">
      <div className="jq-chain-cited-title">{title}</div>
      {items.length === 0 ? (
        <span className="jq-chain-muted">{chainText.deep.none}</span>
      ) : (
        items.map((item) => (
          <Link key={item.id} to={deepUrl(item.id)} data-testid="chain-deep-item">
            <Tag variant="filled">
              {item.name} · {chainText.companiesShort(item.companies)}
            </Tag>
          </Link>
        ))
      )}
    </div>
  );
}

export default function DeepChainPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useAppNavigate();
  const { isSmall } = useBreakpoint();
  const menu = useDeepMenu(id);
  const chainId = id?.split('/')[0] ?? null;
  const graph = useChainGraph(chainId ? { id: chainId } : null);
  const chain = graph.data?.kind === 'found' ? graph.data : null;
  const data = menu.data;
  useDocumentTitle(data?.node?.name ?? data?.chain.name);
  const local = useMemo(() => (data?.node && chain ? deepGraph(data, chain) : null), [data, chain]);
  const panel = useMemo(() => (chain && data?.node ? panelNodeOf(chain, data.node.id) : null), [chain, data]);

  if (!id) return <Result status="warning" title={chainText.deep.missingId} />;
  if (menu.isError) {
    const error = menu.error;
    return error instanceof ApiError && error.code === -404 ? (
      <Result status="404" title={error.msg} />
    ) : (
      <LoadError onRetry={() => void menu.refetch()} />
    );
  }
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <div className="jq-chain-page" data-testid="deep-chain-page">
      <div className="jq-chain-panel">
        <Breadcrumb
          items={data.breadcrumbs.map((b, i) => ({
            key: b.id,
            title:
              i === 0 ? (
                <Link to={chainUrl(b.id)}>{b.name}</Link>
              ) : i < data.breadcrumbs.length - 1 ? (
                <Link to={deepUrl(b.id)}>{b.name}</Link>
              ) : (
                b.name
              ),
          }))}
        />
      </div>

      {!data.node ? (
        <div className="jq-chain-panel" data-testid="deep-chain-segments">
          <h3>{data.chain.name}</h3>
          {data.segments.map((s) => (
            <Links key={s.key} title={s.name} items={s.nodes} />
          ))}
        </div>
      ) : (
        <>
          <div className="jq-chain-panel">
            {panel ? (
              <NodeHeader node={panel} showDeepLink={false} />
            ) : (
              <h3 data-testid="chain-node-name">{data.node.name}</h3>
            )}
            {local &&
              (isSmall ? (
                <ChainList graph={local} onSelect={(next) => navigate(deepUrl(next))} />
              ) : (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <div className="jq-chain-deep-map">
                    <ChainMap
                      graph={local}
                      selected={data.node.id}
                      onSelect={(next) => navigate(deepUrl(next))}
                    />
                  </div>
                </Suspense>
              ))}
            <div className="jq-chain-deep-grid">
              <Links title={chainText.deep.children} items={data.children} />
              <div className="jq-chain-deep-links">
                <div className="jq-chain-cited-title">{chainText.deep.directions}</div>
                {data.directions.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={chainText.sparse} />
                ) : (
                  data.directions.map((d) => (
                    <Tag key={d.name} color="processing" variant="filled">
                      {d.name} · {chainText.companiesShort(d.companies)}
                    </Tag>
                  ))
                )}
              </div>
              <Links title={chainText.deep.siblings} items={data.siblings} />
            </div>
          </div>
          <div className="jq-chain-panel">
            <NodeTabs id={data.node.id} />
          </div>
        </>
      )}
    </div>
  );
}
