/**
 * Past matches (AiOrgSearchHistory): what each ran on (project or description, industry,
 * stage, amount, region), when, how many investors matched, and a link to its result.
 * Shown beside the match form (latest few) and in a drawer with paging.
 */
import type { MatchProfile, MatchSearch } from '@jq/contract';
import { Button, Drawer, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { formatDate, formatWan } from '../../shared/format/figures';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { resultHref } from './links';
import { useMatchHistory } from './queries';

/** 新能源汽车 / 动力电池 · A轮 · 5,000万 · 江苏 */
export function profileSummary(profile: MatchProfile): string {
  return [
    profile.industryNames.join(' / '),
    profile.stage !== null ? profile.stageLabel : '',
    formatWan(profile.amount),
    profile.regionNames.join('、'),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function HistoryList({ items }: { items: MatchSearch[] }) {
  if (items.length === 0) return <p className="jq-match-muted">{matching.historyEmpty}</p>;
  return (
    <ul className="jq-match-history" data-testid="match-history">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={resultHref(item.id)} className="jq-match-history-link">
            <span className="jq-match-history-name">
              {item.profile.name || (item.profile.pid ? matching.sourceProject : matching.sourceDescription)}
            </span>
            <span className="jq-match-muted">{profileSummary(item.profile)}</span>
            <span className="jq-match-muted">
              {formatDate(item.createdAt)} · {matching.resultCount(item.total)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HistoryDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const [page, setPage] = useState(1);
  const history = useMatchHistory(page, open);
  const { isSmall } = useBreakpoint();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={matching.historyTitle}
      size={isSmall ? '100%' : 420}
      destroyOnHidden
      data-testid="history-drawer"
    >
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <Empty description={matching.loadFailed}>
          <Button onClick={() => void history.refetch()}>{matching.retry}</Button>
        </Empty>
      ) : (
        <>
          <HistoryList items={history.data.list} />
          {history.data.total > history.data.pageSize && (
            <Pagination
              size="small"
              className="jq-match-pagination"
              current={page}
              pageSize={history.data.pageSize}
              total={history.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
