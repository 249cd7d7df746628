/**
 * The ranked list of a match result page: its toolbar (total, tabs) and filters, skeleton rows
 * on the first load, an Empty with a hint, then the rows (dimmed while the next page or filter
 * loads) and pagination, which scrolls back to the top of the list.
 */
import { Empty, Pagination } from 'antd';
import { type ReactNode, useRef } from 'react';
import { matching } from '../../locales/zh-CN/matching';
import { DemoNotice } from '../../shared/components/demo-tag';
import { ListSkeleton } from '../../shared/components/list-skeleton';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { RESULT_PAGE_SIZE } from './result-params';

export interface MatchResultListProps<D extends { total: number; list: unknown[] }> {
  /** The toolbar's content: the total, and tabs if any. */
  toolbar: ReactNode;
  /** Between the toolbar and the rows: the filter bar and notes. */
  filters: ReactNode;
  /** Undefined until the first answer. */
  data: D | undefined;
  /** Whether the page's rows include generated (演示数据) records: one notice above the list. */
  hasDemo?: boolean;
  isRefreshing: boolean;
  page: number;
  onPageChange(page: number): void;
  /** One row, keyed; `data` is the answer the row is from, `index` its place on the page. */
  renderRow(item: D['list'][number], data: D, index: number): ReactNode;
}

/**
 * Whether the row at `index` is the first weaker match of the list (its rank past the strong
 * ones), so the list puts the divider above it; never on a page of weaker matches only.
 */
export function startsWeaker(list: readonly { rank: number }[], index: number, strongTotal: number): boolean {
  const rank = list[index]?.rank ?? 0;
  return strongTotal > 0 && rank === strongTotal + 1;
}

export function MatchResultList<D extends { total: number; list: unknown[] }>(
  props: MatchResultListProps<D>,
) {
  const { data, isRefreshing } = props;
  const { isSmall } = useBreakpoint();
  const listTop = useRef<HTMLDivElement>(null);
  return (
    <section className="jq-match-panel" ref={listTop}>
      <div className="jq-match-toolbar">{props.toolbar}</div>
      {props.filters}
      {!data ? (
        <ListSkeleton />
      ) : data.list.length === 0 ? (
        <Empty
          className="jq-match-empty"
          data-testid="match-empty"
          description={
            <>
              <div>{matching.emptyResult}</div>
              <div className="jq-match-muted">{matching.emptyResultHint}</div>
            </>
          }
        />
      ) : (
        <>
          <DemoNotice isShown={props.hasDemo ?? false} />
          <ul
            className={`jq-match-list${isRefreshing ? ' is-refreshing' : ''}`}
            aria-busy={isRefreshing}
            data-testid="match-list"
          >
            {data.list.map((item, index) => props.renderRow(item, data, index))}
          </ul>
          {data.total > RESULT_PAGE_SIZE && (
            <Pagination
              className="jq-match-pagination"
              current={props.page}
              pageSize={RESULT_PAGE_SIZE}
              total={data.total}
              simple={isSmall}
              showSizeChanger={false}
              onChange={(page) => {
                props.onPageChange(page);
                listTop.current?.scrollIntoView({ block: 'start' });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
