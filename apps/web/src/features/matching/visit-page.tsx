/**
 * /jq/visit, 访客记录: who viewed what. 谁看过我 lists the signed-in users who opened my page
 * (recentViewUser: how often, last time), with 私信; what they looked at is theirs alone
 * (docs/decisions.md, recentAction). 我看过的 lists my own recent
 * views (recentView), each opening its library record. Data: the library's view events;
 * views of a user's own projects are not reported by any call.
 */
import { Empty, Pagination, Segmented, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { LoadError } from '../../shared/components/load-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { routePath } from '../../shared/navigation/route-path';
import type { Viewer, ViewItem } from './api';
import { useMyViews, useViewers } from './queries';
import './matching.css';
import { MessageButton } from '../im';

type Tab = 'viewers' | 'mine';
const PAGE_SIZE = 20;

const VIEW_ROUTE: Partial<Record<ViewItem['targetType'], [string, string]>> = {
  project: ['project', 'pid'],
  institution: ['org', 'oid'],
  investor: ['investor', 'iid'],
  report: ['report', 'rid'],
};

/** The library record a view points at; users have no page here. */
export function viewHref(item: Pick<ViewItem, 'targetType' | 'targetId'>): string | null {
  const route = VIEW_ROUTE[item.targetType];
  return route ? `${routePath(route[0])}?${route[1]}=${encodeURIComponent(item.targetId)}` : null;
}

function dateTime(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : '';
}

function ViewRow({ item }: { item: ViewItem }) {
  const href = viewHref(item);
  return (
    <li className="jq-visit-item" data-testid="view-item">
      <Tag variant="filled">{matching.targetType[item.targetType]}</Tag>
      <span className="jq-visit-main">
        {href ? <Link to={href}>{item.title}</Link> : <span>{item.title}</span>}
        {item.subtitle && <span className="jq-match-muted">{item.subtitle}</span>}
      </span>
      <span className="jq-match-muted">{dateTime(item.viewedAt)}</span>
    </li>
  );
}

function ViewerRow({ viewer }: { viewer: Viewer }) {
  const identity = matching.identity[viewer.identity as keyof typeof matching.identity];
  return (
    <li className="jq-visit-viewer" data-testid="viewer">
      <div className="jq-visit-viewer-head">
        <UserAvatar src={viewer.avatar || null} name={viewer.name} size={40} />
        <span className="jq-visit-main">
          <span className="jq-visit-name">
            {viewer.name || matching.anonymousUser}
            {identity && <Tag variant="filled">{identity}</Tag>}
          </span>
          <span className="jq-match-muted">
            {matching.viewedTimes(viewer.count)} · {matching.lastViewed} {dateTime(viewer.viewedAt)}
          </span>
        </span>
        <MessageButton target={{ tuid: viewer.uguid }} size="small" />
      </div>
    </li>
  );
}

export default function VisitPage() {
  const [tab, setTab] = useState<Tab>('viewers');
  const [page, setPage] = useState({ viewers: 1, mine: 1 });
  const viewers = useViewers({ page: page.viewers, pageSize: PAGE_SIZE });
  const mine = useMyViews({ page: page.mine, pageSize: PAGE_SIZE }, tab === 'mine');
  const { isSmall } = useBreakpoint();
  const current = tab === 'viewers' ? viewers : mine;

  return (
    <div className="jq-match-page is-narrow" data-testid="visit-page">
      <header className="jq-match-hero">
        <h1>{matching.visitTitle}</h1>
        <p className="jq-match-muted">{matching.visitNote}</p>
      </header>
      <section className="jq-match-panel">
        <Segmented<Tab>
          value={tab}
          onChange={setTab}
          options={[
            { value: 'viewers', label: matching.visitTabs.viewers },
            { value: 'mine', label: matching.visitTabs.mine },
          ]}
          data-testid="visit-tabs"
        />
        {current.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        ) : current.isError ? (
          <LoadError onRetry={() => void current.refetch()} />
        ) : current.data.list.length === 0 ? (
          <Empty description={tab === 'viewers' ? matching.viewersEmpty : matching.mineEmpty} />
        ) : (
          <>
            <ul className={`jq-visit-list${current.isPlaceholderData ? ' is-refreshing' : ''}`}>
              {tab === 'viewers'
                ? viewers.data?.list.map((viewer) => <ViewerRow key={viewer.uguid} viewer={viewer} />)
                : mine.data?.list.map((item) => (
                    <ViewRow key={`${item.targetType}-${item.targetId}`} item={item} />
                  ))}
            </ul>
            {current.data.total > PAGE_SIZE && (
              <Pagination
                className="jq-match-pagination"
                current={page[tab]}
                pageSize={PAGE_SIZE}
                total={current.data.total}
                simple={isSmall}
                showSizeChanger={false}
                onChange={(next) => setPage((pages) => ({ ...pages, [tab]: next }))}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
