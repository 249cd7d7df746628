/**
 * /teaser (and /transfer): the browse feeds (recommended with the labelled VIP boost, newest,
 * most viewed), and for a signed-in user their own teasers, collection, reading history and
 * contact requests. Tabs are kept in the address (`?tab=`).
 */
import { STAGES, type TeaserSummary } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Pagination, Result, Select, Space, Spin, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { LoadError } from '../../shared/components/load-error';
import { routePath } from '../../shared/navigation/route-path';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { isSignedIn, useUserStore } from '../../shared/stores/user-store';
import * as api from './api';
import { formatMs, TeaserCard, TeaserGrid } from './parts';
import { RequestsView } from './requests-view';
import './teaser.css';

type Tab = 'recommend' | 'online' | 'discover' | 'mine' | 'collection' | 'viewed' | 'requests';
const PUBLIC_TABS: Tab[] = ['recommend', 'online', 'discover'];
const OWN_TABS: Tab[] = ['mine', 'collection', 'viewed', 'requests'];

function Paged<T>({
  queryKey,
  fetch,
  render,
}: {
  queryKey: unknown[];
  fetch: (page: number) => Promise<{ list: T[]; total: number; pageSize: number }>;
  render: (list: T[]) => React.ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [...queryKey, page], queryFn: () => fetch(page) });
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin />;
  return (
    <>
      {render(query.data.list)}
      {query.data.total > query.data.pageSize ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'center' }}
          current={page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </>
  );
}

function OnlineView() {
  const [keyword, setKeyword] = useState('');
  const [stage, setStage] = useState<number | undefined>();
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t.searchPlaceholder}
          onSearch={setKeyword}
          style={{ width: 280 }}
        />
        <Select
          allowClear
          placeholder={t.fields.stage}
          style={{ width: 140 }}
          value={stage}
          onChange={setStage}
          options={STAGES.filter((s) => s.code).map((s) => ({ value: s.code, label: s.label }))}
        />
      </Space>
      <Paged
        queryKey={['teaser', 'online', keyword, stage]}
        fetch={(page) => api.onlineList({ page, keyword: keyword || undefined, stage })}
        render={(list) => <TeaserGrid items={list} />}
      />
    </>
  );
}

export default function HubPage() {
  useUserStore((s) => s.info);
  const signedIn = isSignedIn();
  const openLogin = useUserStore((s) => s.openLogin);
  const navigate = useAppNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && [...PUBLIC_TABS, ...OWN_TABS].includes(asked) ? asked : 'recommend';
  const needLogin = (
    <Result
      status="info"
      title={t.needLogin}
      extra={
        <Button type="primary" onClick={() => openLogin()}>
          {t.login}
        </Button>
      }
    />
  );
  const views: Record<Tab, React.ReactNode> = {
    recommend: (
      <Paged
        queryKey={['teaser', 'recommend']}
        fetch={(page) => api.recommendList({ page })}
        render={(list) => (
          <TeaserGrid
            items={list}
            render={(item) => {
              const ranked = item as api.RecommendPage['list'][number];
              return (
                <TeaserCard
                  key={item.id}
                  item={item}
                  footer={
                    <Tooltip title={ranked.reasons.join('；')}>
                      <span>{t.score(ranked.score)}</span>
                    </Tooltip>
                  }
                />
              );
            }}
          />
        )}
      />
    ),
    online: <OnlineView />,
    discover: (
      <Paged
        queryKey={['teaser', 'discover']}
        fetch={(page) => api.discoveryList({ page })}
        render={(list) => <TeaserGrid items={list} />}
      />
    ),
    mine: signedIn ? (
      <Paged
        queryKey={['teaser', 'mine']}
        fetch={(page) => api.teaserHistory({ page })}
        render={(list) => (
          <TeaserGrid
            items={list}
            render={(item) => (
              <TeaserCard
                key={item.id}
                item={item}
                extra={
                  <Tag color={item.status === 'published' ? 'green' : undefined}>
                    {item.status === 'published' ? t.published : t.draft}
                  </Tag>
                }
              />
            )}
          />
        )}
      />
    ) : (
      needLogin
    ),
    collection: signedIn ? (
      <Paged
        queryKey={['teaser', 'collection']}
        fetch={(page) => api.collection({ page })}
        render={(list) => <TeaserGrid items={list as TeaserSummary[]} />}
      />
    ) : (
      needLogin
    ),
    viewed: signedIn ? (
      <Paged
        queryKey={['teaser', 'viewed']}
        fetch={(page) => api.viewHistory({ page })}
        render={(list) => (
          <TeaserGrid
            items={list.map((v) => v.teaser)}
            render={(item) => {
              const v = list.find((x) => x.teaser.id === item.id)!;
              return (
                <TeaserCard
                  key={item.id}
                  item={item}
                  footer={<span>{`${v.visits} 次 · ${formatMs(v.totalMs)}`}</span>}
                />
              );
            }}
          />
        )}
      />
    ) : (
      needLogin
    ),
    requests: signedIn ? <RequestsView /> : needLogin,
  };
  return (
    <div className="teaser-page">
      <div className="teaser-head">
        <div>
          <h2>{t.title}</h2>
          <span className="teaser-note">{t.subtitle}</span>
        </div>
        <Space wrap>
          <Button
            type="primary"
            onClick={() => (signedIn ? navigate(routePath('teaserGenerate')) : openLogin())}
          >
            {t.generate}
          </Button>
          <Button onClick={() => (signedIn ? navigate(routePath('teaserVc')) : openLogin())}>
            {t.forInvestors}
          </Button>
          <Button onClick={() => (signedIn ? navigate(routePath('torder')) : openLogin())}>
            {t.myOrders}
          </Button>
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[...PUBLIC_TABS, ...OWN_TABS].map((key) => ({
          key,
          label: t.tabs[key],
          children: views[key],
        }))}
      />
    </div>
  );
}
