/**
 * The companies on a node, a page at a time, each with its latest round and investors and
 * why it is placed here; the institutions most active on the node above the first page. An
 * empty node says so (and why, for nodes of mines and utilities).
 */
import { Empty, List, Pagination, Segmented, Skeleton, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { chainText } from '../../locales/zh-CN/chain';
import { DemoNotice } from '../../shared/components/demo-tag';
import { LoadError } from '../../shared/components/load-error';
import { formatDate, formatStage } from '../../shared/format/figures';
import { recordUrl } from '../../shared/navigation/record-url';
import { useUserStore } from '../../shared/stores/user-store';
import type { CompanySort } from './api';
import { useNodeCompanies } from './queries';

const PAGE_SIZE = 10;

export function CompanyList({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<CompanySort>('latest');
  const isSignedIn = useUserStore((state) => state.info !== null);
  const query = useNodeCompanies(id, page, sort, PAGE_SIZE);
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (data.empty) return <Empty description={data.empty} data-testid="chain-companies-empty" />;
  return (
    <div className="jq-chain-companies" data-testid="chain-companies">
      {data.institutions.length > 0 && (
        <div className="jq-chain-institutions">
          <span className="jq-chain-muted">{chainText.activeInstitutions}：</span>
          {data.institutions.slice(0, 6).map((org) => (
            <Link key={org.id} to={recordUrl('institution', org.id, isSignedIn)}>
              <Tag color="blue" variant="filled">
                {org.name} · {chainText.institutionDeals(org.deals)}
              </Tag>
            </Link>
          ))}
        </div>
      )}
      <div className="jq-chain-companies-bar">
        <span className="jq-chain-muted">{chainText.companies(data.total)}</span>
        <Segmented
          size="small"
          value={sort}
          onChange={(value) => {
            setSort(value as CompanySort);
            setPage(1);
          }}
          options={(['latest', 'confidence', 'raised'] as const).map((s) => ({
            value: s,
            label: chainText.sort[s],
          }))}
        />
      </div>
      <DemoNotice isShown={data.list.some((company) => company.isDemo)} />
      <List
        dataSource={data.list}
        loading={query.isFetching && query.isPlaceholderData}
        renderItem={(company) => {
          const round = company.latestRound;
          return (
            <List.Item key={company.id}>
              <div className="jq-chain-company" data-testid="chain-company">
                <div className="jq-chain-company-head">
                  <Link to={recordUrl('project', company.id, isSignedIn)} className="jq-chain-company-name">
                    {company.brandName || company.name}
                  </Link>
                  {company.productLine && <Tag variant="filled">{company.productLine}</Tag>}
                </div>
                <div className="jq-chain-muted jq-chain-company-sub">
                  {[company.name, company.region, formatStage(company.stage)].filter(Boolean).join(' · ')}
                </div>
                <div className="jq-chain-company-round">
                  {round ? (
                    <>
                      <span>
                        {chainText.latestRound}：{formatDate(round.date)} {round.stageLabel}（
                        {round.amountText}）
                      </span>
                      {round.investors.length > 0 && (
                        <span className="jq-chain-muted">
                          {' '}
                          {chainText.investors}：{round.investors.map((i) => i.name).join('、')}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="jq-chain-muted">{chainText.noRound}</span>
                  )}
                </div>
                <Tooltip title={company.reason}>
                  <div className="jq-chain-company-reason">
                    {chainText.confidence(company.confidence)} · {company.reason}
                  </div>
                </Tooltip>
              </div>
            </List.Item>
          );
        }}
      />
      {data.total > PAGE_SIZE && (
        <Pagination
          size="small"
          align="center"
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </div>
  );
}
