/**
 * /chain/search?q=: a word to a chain. An industry, sub-industry, node or keyword the chains
 * know opens that chain with the node selected; anything else shows the nearest chains. Below,
 * every industry's chain to browse.
 */
import { Card, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { chainText } from '../../locales/zh-CN/chain';
import { LoadError } from '../../shared/components/load-error';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import { ChainSearchBar } from './chain-page';
import { useChainGraph } from './queries';
import './chain.css';

export function chainUrl(chainId: string, node?: string | null): string {
  const query = new URLSearchParams({ id: chainId });
  if (node) query.set('node', node);
  return `/chain?${query}`;
}

export default function ChainSearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const navigate = useAppNavigate();
  const taxonomy = useTaxonomy();
  const result = useChainGraph(q ? { keyword: q } : null);
  const data = result.data;

  useEffect(() => {
    if (data?.kind === 'found') navigate(chainUrl(data.chain.id, data.focus), { replace: true });
  }, [data, navigate]);

  return (
    <div className="jq-chain-page" data-testid="chain-search-page">
      <div className="jq-chain-panel jq-chain-top">
        <div className="jq-chain-heading">
          <h2>{chainText.title}</h2>
          <span className="jq-chain-muted">{chainText.subtitle}</span>
        </div>
        <ChainSearchBar defaultValue={q} />
      </div>

      {q && (
        <div className="jq-chain-panel">
          {result.isError ? (
            <LoadError onRetry={() => void result.refetch()} />
          ) : !data || data.kind === 'found' ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <div data-testid="chain-suggestions">
              <p className="jq-chain-notfound">{data.msg}</p>
              <div className="jq-chain-cards">
                {data.suggestions.map((s) => (
                  <Link key={s.id} to={chainUrl(s.id)} data-testid="chain-suggestion">
                    <Card size="small" hoverable>
                      <div className="jq-chain-card-name">{s.name}</div>
                      <div className="jq-chain-muted">{s.reason}</div>
                    </Card>
                  </Link>
                ))}
              </div>
            </div>
          )}
        </div>
      )}

      <div className="jq-chain-panel">
        <h3>{chainText.allChains}</h3>
        {taxonomy.industries.length === 0 ? (
          <Empty />
        ) : (
          <div className="jq-chain-cards" data-testid="chain-directory">
            {taxonomy.industries.map((industry) => (
              <Link key={industry.id} to={chainUrl(industry.id)}>
                <Card size="small" hoverable>
                  <div className="jq-chain-card-name">{industry.name}产业链</div>
                  <div className="jq-chain-muted">
                    {industry.subs
                      .map((sub) => sub.name)
                      .slice(0, 3)
                      .join('、')}
                  </div>
                </Card>
              </Link>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
