/**
 * The chain as a list, for phones: 上游, 中游, 下游 one after another, each node a row with its
 * companies, deals of the last 12 months and a heat bar. Same data as the map.
 */
import { RightOutlined } from '@ant-design/icons';
import { chainText } from '../../locales/zh-CN/chain';
import type { ChainGraph } from './api';
import { heatColor } from './layout';

type Found = Extract<ChainGraph, { kind: 'found' }>;

export function ChainList({ graph, onSelect }: { graph: Found; onSelect(id: string): void }) {
  return (
    <div className="jq-chain-list" data-testid="chain-list">
      {graph.segments.map((segment) => (
        <section key={segment.key} className="jq-chain-list-segment">
          <header>
            <span className="jq-chain-list-segment-name">{segment.name}</span>
            <span className="jq-chain-muted">{segment.title}</span>
          </header>
          {segment.nodes.length === 0 && <div className="jq-chain-muted">{chainText.deep.none}</div>}
          {segment.nodes.map((node) => {
            const stats = graph.stats[node.id];
            const companies = stats?.companies ?? 0;
            return (
              <button
                type="button"
                key={node.id}
                className={`jq-chain-list-row${graph.focus === node.id ? ' is-focus' : ''}`}
                onClick={() => onSelect(node.id)}
                data-testid="chain-list-node"
                data-name={node.name}
              >
                <span className="jq-chain-list-heat" style={{ background: heatColor(stats?.heat ?? 0) }} />
                <span className="jq-chain-list-main">
                  <span className="jq-chain-list-name">{node.name}</span>
                  <span className="jq-chain-muted">
                    {companies
                      ? `${chainText.companiesShort(companies)} · ${chainText.deals12m(stats?.deals12m ?? 0)}`
                      : chainText.sparse}
                  </span>
                </span>
                <RightOutlined className="jq-chain-muted" />
              </button>
            );
          })}
        </section>
      ))}
    </div>
  );
}
