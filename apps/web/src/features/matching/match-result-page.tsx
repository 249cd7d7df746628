/**
 * /jq/matchResult?id=: a stored match, ranked. Investors or institutions (tab), filters,
 * paging, each row with its score bars, flags and reasons; export to Excel; the history.
 * The address bar holds the tab, filters and page, so a reload or a shared link shows the same.
 */
import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import type { MatchTarget } from '@jq/contract';
import { Button, Result, Segmented } from 'antd';
import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { LoadError } from '../../shared/components/load-error';
import { formatDate } from '../../shared/format/figures';
import { useOwnBackControl } from '../../shared/navigation/own-back';
import { routePath } from '../../shared/navigation/route-path';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import { ExportButton } from './export-button';
import { collectInvestorMatches, exportFileName, investorSheet } from './export-rows';
import { InvestorMatchRow, partyOf } from './investor-match-row';
import { matchDetailHref } from './links';
import { HistoryDrawer, profileSummary } from './match-history';
import { MatchResultList, startsWeaker } from './match-result-list';
import { MatchTotals, WeakerDivider } from './match-totals';
import { refusalOf, useMatchResult } from './queries';
import { ResultFiltersBar } from './result-filters';
import {
  type MatchResultQuery,
  type ResultFilters,
  readMatchQuery,
  toResultRequest,
  writeMatchQuery,
} from './result-params';
import './matching.css';

export default function MatchResultPage() {
  const [params, setParams] = useSearchParams();
  const query = readMatchQuery(params);
  const request = query.id !== null ? toResultRequest({ ...query, id: query.id }) : null;
  const result = useMatchResult(request);
  const taxonomy = useTaxonomy();
  const [isHistoryOpen, setHistoryOpen] = useState(false);

  const setQuery = (next: MatchResultQuery) => setParams(writeMatchQuery(next));
  const changeFilters = (next: Partial<ResultFilters>) => setQuery({ ...query, ...next, page: 1 });
  const history = <HistoryDrawer open={isHistoryOpen} onClose={() => setHistoryOpen(false)} />;
  const refusal = result.isError && !result.data ? refusalOf(result.error) : null;
  // 返回匹配 on the empty and refused states is this screen's one back control.
  useOwnBackControl(request === null || !!refusal);

  if (request === null) {
    return (
      <div className="jq-match-page">
        <Result
          status="info"
          title={matching.noTask}
          extra={
            <Link to={routePath('match')}>
              <Button type="primary">{matching.backToMatch}</Button>
            </Link>
          }
        />
      </div>
    );
  }

  if (result.isError && !result.data) {
    return (
      <div className="jq-match-page" data-testid="match-result-page">
        {refusal ? (
          <Result
            status="warning"
            title={matching.taskNotFound}
            subTitle={refusal}
            extra={
              <Link to={routePath('match')}>
                <Button type="primary">{matching.backToMatch}</Button>
              </Link>
            }
          />
        ) : (
          <LoadError onRetry={() => void result.refetch()} />
        )}
      </div>
    );
  }

  const data = result.data;
  const search = data?.search ?? null;
  return (
    <div className="jq-match-page" data-testid="match-result-page">
      <section className="jq-match-panel jq-match-result-head">
        <div className="jq-match-result-for">
          <span className="jq-match-muted">{matching.resultFor}</span>
          <h1 data-testid="match-for">
            {search ? search.profile.name || profileSummary(search.profile) : ' '}
          </h1>
          {search && (
            <p className="jq-match-muted" data-testid="match-for-sub">
              {/* The summary only under a name: without one it is the title already. */}
              {search.profile.name ? `${profileSummary(search.profile)} · ` : ''}
              {formatDate(search.createdAt)}
            </p>
          )}
        </div>
        <div className="jq-match-result-actions">
          <Link to={routePath('match')}>
            <Button icon={<ReloadOutlined />}>{matching.newMatch}</Button>
          </Link>
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {matching.historyTitle}
          </Button>
          <ExportButton
            disabled={!data || data.total === 0}
            fileName={exportFileName(search?.profile)}
            build={async () => investorSheet(await collectInvestorMatches(request), window.location.origin)}
          />
        </div>
      </section>
      <MatchResultList
        toolbar={
          <>
            <Segmented<MatchTarget>
              value={query.target}
              onChange={(target) => setQuery({ ...query, target, page: 1 })}
              options={[
                { value: 'investor', label: matching.tabs.investor },
                { value: 'institution', label: matching.tabs.institution },
              ]}
              data-testid="match-target"
            />
            {data ? (
              <MatchTotals
                strong={data.strongTotal}
                total={data.total}
                unit={query.target === 'investor' ? 'investor' : 'institution'}
              />
            ) : (
              <span data-testid="match-total"> </span>
            )}
          </>
        }
        filters={
          <>
            <ResultFiltersBar
              filters={query}
              onChange={changeFilters}
              regions={taxonomy.regions}
              amountLabel={matching.ticketFilter}
            />
            <p className="jq-match-muted jq-match-ranked-note">{matching.rankedBy}</p>
          </>
        }
        data={data}
        hasDemo={data?.list.some((item) => partyOf(item).isDemo) ?? false}
        isRefreshing={result.isPlaceholderData}
        page={query.page}
        onPageChange={(page) => setQuery({ ...query, page })}
        renderRow={(item, answer, index) => (
          <Fragment key={`${item.kind}-${item.id}`}>
            {startsWeaker(answer.list, index, answer.strongTotal) && <WeakerDivider />}
            <InvestorMatchRow
              item={item}
              detail={{
                to: matchDetailHref(answer.search.id, item.kind, item.id, item.rank),
                state: { located: { item, search: answer.search } },
              }}
            />
          </Fragment>
        )}
      />
      {history}
    </div>
  );
}
