/**
 * What a node holds: its companies, its investment charts (ECharts, loaded when the tab
 * opens) and the analysis; a link into its deep chain. The same panel in the /chain drawer
 * and on /deepChain.
 */
import { ApartmentOutlined } from '@ant-design/icons';
import type { ChainNodeStats } from '@jq/contract';
import { Button, Skeleton, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { chainText } from '../../locales/zh-CN/chain';
import { formatWan } from '../../shared/format/figures';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { AnalysisView } from './analysis-view';
import { CompanyList } from './company-list';
import { heatColor, heatTextColor } from './layout';

const InvestmentCharts = lazy(() => import('./investment-charts'));

export interface PanelNode {
  id: string;
  name: string;
  description: string;
  segmentName: string;
  stats?: ChainNodeStats | undefined;
}

export function NodeHeader({ node, showDeepLink = true }: { node: PanelNode; showDeepLink?: boolean }) {
  const navigate = useAppNavigate();
  const stats = node.stats;
  return (
    <div className="jq-chain-node-head">
      <div className="jq-chain-node-title">
        <Tag variant="filled">{chainText.nodeSegment(node.segmentName)}</Tag>
        <h3 data-testid="chain-node-name">{node.name}</h3>
      </div>
      <p className="jq-chain-muted">{node.description}</p>
      {stats && (
        <div className="jq-chain-node-figures">
          <span>{chainText.companies(stats.companies)}</span>
          <span>{chainText.deals12m(stats.deals12m)}</span>
          {stats.amount12m > 0 && <span>{formatWan(stats.amount12m)}</span>}
          <span
            className="jq-chain-heat-chip"
            style={{ background: heatColor(stats.heat), color: heatTextColor(stats.heat) }}
          >
            {chainText.heat} {Math.round(stats.heat * 100)}
          </span>
        </div>
      )}
      {showDeepLink && (
        <Button
          icon={<ApartmentOutlined />}
          onClick={() => navigate(`/deepChain?id=${encodeURIComponent(node.id)}`)}
          data-testid="chain-deep-link"
        >
          {chainText.deepChain}
        </Button>
      )}
    </div>
  );
}

export function NodeTabs({ id }: { id: string }) {
  const [tab, setTab] = useState('companies');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden={false}
      items={[
        { key: 'companies', label: chainText.tabs.companies, children: <CompanyList key={id} id={id} /> },
        {
          key: 'investment',
          label: chainText.tabs.investment,
          children:
            tab === 'investment' ? (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <InvestmentCharts key={id} id={id} />
              </Suspense>
            ) : null,
        },
        {
          key: 'analysis',
          label: chainText.tabs.analysis,
          children: tab === 'analysis' ? <AnalysisView key={id} id={id} /> : null,
        },
      ]}
    />
  );
}
