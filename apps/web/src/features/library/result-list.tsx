/**
 * A result list's states: skeleton rows on the first load, the error with 重试, antd's
 * Empty with a hint on what to change, then the rows with pagination (desktop) or 加载更多
 * (phones). While a new search runs the previous rows stay, dimmed, so nothing jumps.
 */
import { Button, Empty } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { library } from '../../locales/zh-CN/library';
import { ListSkeleton } from '../../shared/components/list-skeleton';
import { LoadError } from '../../shared/components/load-error';

export interface ResultListProps {
  count: number;
  total: number;
  page: number;
  pageSize: number;
  isLoading: boolean;
  isRefreshing: boolean;
  isError: boolean;
  errorMessage?: string | undefined;
  onRetry(): void;
  isLoadMore: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore(): void;
  onPageChange(page: number): void;
  /** Whether the user searched or filtered (else the library is just empty). */
  isFiltered: boolean;
  children: ReactNode;
}

const loadPagination = () => import('./list-pagination');
const ListPagination = lazy(loadPagination);

export function ResultList(props: ResultListProps) {
  const { count, total, page, pageSize, isLoading, isRefreshing, isError, isLoadMore } = props;
  // Wide screens fetch the pagination while the first results load, so it is there with them.
  useEffect(() => {
    if (!isLoadMore) void loadPagination();
  }, [isLoadMore]);
  if (isLoading) return <ListSkeleton />;
  if (isError && count === 0) return <LoadError onRetry={props.onRetry} message={props.errorMessage} />;
  if (count === 0) {
    return (
      <Empty
        className="jq-lib-empty"
        data-testid="library-empty"
        description={
          props.isFiltered ? (
            <>
              <div className="jq-lib-empty-title">{library.emptyTitle}</div>
              <div className="jq-lib-empty-hint">{library.emptyHint}</div>
            </>
          ) : (
            library.emptyBrowse
          )
        }
      />
    );
  }
  return (
    <>
      <ul className={`jq-lib-list${isRefreshing ? ' is-refreshing' : ''}`} aria-busy={isRefreshing}>
        {props.children}
      </ul>
      {isLoadMore ? (
        <div className="jq-lib-more">
          {props.hasMore ? (
            <Button
              block
              loading={props.isLoadingMore}
              onClick={props.onLoadMore}
              data-testid="library-load-more"
            >
              {props.isLoadingMore ? library.loadingMore : library.loadMore}
            </Button>
          ) : (
            <span className="jq-lib-no-more">{library.noMore}</span>
          )}
        </div>
      ) : (
        total > pageSize && (
          <Suspense fallback={<div className="jq-lib-pagination is-loading" />}>
            <ListPagination current={page} pageSize={pageSize} total={total} onChange={props.onPageChange} />
          </Suspense>
        )
      )}
    </>
  );
}
