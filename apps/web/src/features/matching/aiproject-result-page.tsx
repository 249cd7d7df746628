/**
 * /jq/aiprojectResult?q=<thesis>&oid=<institution>: projects ranked for an investor, with
 * what the match ran on (the seeker's industries, stages, ticket, regions), filters, paging,
 * reasons and score bars per project, and export to Excel. The address holds everything.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Tag } from 'antd';
import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { LoadError } from '../../shared/components/load-error';
import { formatStage, formatWanRange } from '../../shared/format/figures';
import { useOwnBackControl } from '../../shared/navigation/own-back';
import { routePath } from '../../shared/navigation/route-path';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import type { ProjectMatchRequest } from './api';
import { ExportButton } from './export-button';
import { collectProjectMatches, exportFileName, projectSheet } from './export-rows';
import { projectDetailHref } from './links';
import { MatchResultList, startsWeaker } from './match-result-list';
import { MatchTotals, WeakerDivider } from './match-totals';
import { ProjectMatchRow } from './project-match-row';
import { refusalOf, useProjectMatches } from './queries';
import { ResultFiltersBar } from './result-filters';
import {
  hasSeeker,
  type ProjectMatchQuery,
  type ResultFilters,
  readProjectQuery,
  seekerParams,
  toProjectRequest,
  writeProjectQuery,
} from './result-params';
import './matching.css';

function BackToForm({ title, subTitle }: { title: string; subTitle?: string }) {
  useOwnBackControl();
  return (
    <div className="jq-match-page">
      <Result
        status="info"
        title={title}
        subTitle={subTitle}
        extra={
          <Link to={routePath('aiproject')}>
            <Button type="primary">{matching.backToMatch}</Button>
          </Link>
        }
      />
    </div>
  );
}

export default function AiProjectResultPage() {
  const [params, setParams] = useSearchParams();
  const query = readProjectQuery(params);
  const request: ProjectMatchRequest | null = hasSeeker(query) ? toProjectRequest(query) : null;
  const result = useProjectMatches(request);
  const taxonomy = useTaxonomy();
  const setQuery = (next: ProjectMatchQuery) => setParams(writeProjectQuery(next));
  const changeFilters = (next: Partial<ResultFilters>) => setQuery({ ...query, ...next, page: 1 });

  if (request === null) return <BackToForm title={matching.noSeeker} />;
  if (result.isError && !result.data) {
    const refusal = refusalOf(result.error);
    return refusal ? (
      <BackToForm title={matching.loadFailed} subTitle={refusal} />
    ) : (
      <LoadError onRetry={() => void result.refetch()} />
    );
  }

  const data = result.data;
  const seeker = data?.seeker;
  const ticket = seeker ? formatWanRange(seeker.ticketMin, seeker.ticketMax) : '';
  return (
    <div className="jq-match-page" data-testid="aiproject-result-page">
      <section className="jq-match-panel jq-match-result-head">
        <div className="jq-match-result-for">
          <span className="jq-match-muted">{matching.seekerTitle}</span>
          <h1 data-testid="match-for">
            {seeker ? (seeker.kind === 'thesis' ? matching.yourThesis : seeker.name) : ' '}
          </h1>
          {seeker && (
            <div className="jq-match-row-meta">
              {seeker.industryNames.slice(0, 5).map((name) => (
                <Tag key={name} variant="filled">
                  {name}
                </Tag>
              ))}
              {seeker.stages.length > 0 && (
                <span className="jq-match-meta-item">{seeker.stages.map(formatStage).join('、')}</span>
              )}
              {ticket && <span className="jq-match-meta-item">{`${matching.ticketRange} ${ticket}`}</span>}
              {seeker.regionNames.length > 0 && (
                <span className="jq-match-meta-item">{seeker.regionNames.join('、')}</span>
              )}
            </div>
          )}
          {seeker?.thesis && <p className="jq-match-summary">{seeker.thesis}</p>}
        </div>
        <div className="jq-match-result-actions">
          <Link to={routePath('aiproject')}>
            <Button icon={<ReloadOutlined />}>{matching.newMatch}</Button>
          </Link>
          <ExportButton
            disabled={!data || data.total === 0}
            fileName={exportFileName(seeker)}
            build={async () => projectSheet(await collectProjectMatches(request), window.location.origin)}
          />
        </div>
      </section>
      <MatchResultList
        toolbar={
          data ? (
            <MatchTotals strong={data.strongTotal} total={data.total} unit="project" />
          ) : (
            <span data-testid="match-total"> </span>
          )
        }
        filters={
          <ResultFiltersBar
            filters={query}
            onChange={changeFilters}
            regions={taxonomy.regions}
            amountLabel={matching.amountFilter}
            industry={{
              value: query.industry,
              options: taxonomy.industries,
              onChange: (industry) => setQuery({ ...query, industry, page: 1 }),
            }}
            onClear={() =>
              setQuery({
                ...query,
                stage: [],
                region: null,
                ticketMin: null,
                ticketMax: null,
                excludeConflicts: false,
                industry: null,
                page: 1,
              })
            }
          />
        }
        data={data}
        hasDemo={data?.list.some((item) => item.project.isDemo) ?? false}
        isRefreshing={result.isPlaceholderData}
        page={query.page}
        onPageChange={(page) => setQuery({ ...query, page })}
        renderRow={(item, answer, index) => (
          <Fragment key={item.project.id}>
            {startsWeaker(answer.list, index, answer.strongTotal) && <WeakerDivider />}
            <ProjectMatchRow
              item={item}
              detail={{
                to: projectDetailHref(seekerParams(query), item.project.id, item.rank),
                state: { located: { item, seekerName: answer.seeker.name } },
              }}
            />
          </Fragment>
        )}
      />
    </div>
  );
}
