/**
 * /jq/aiprojectDetail (and /jq/aiprojectDetailOld, the same page for old links):
 * ?pid=<project>&q=<thesis>&oid=<institution>&rank=<hint>. Why this project fits the
 * investor (reasons with cited records, the score by component, a conflict with what they
 * already back), then the project itself from the library: facts, rounds, team, contacts.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { routePath } from '../../shared/navigation/route-path';
import { ProjectDetail } from '../library';
import { projectContactHref } from './links';
import { Competitors, Section } from './match-evidence';
import { MatchReasons } from './match-reasons';
import { type LocatedProject, MatchNotFound, refusalOf, useLocatedProject } from './queries';
import { hasSeeker, readProjectQuery, seekerParams, toProjectRequest } from './result-params';
import { ScoreBars, TotalScore } from './score-bars';
import './matching.css';
import { useOwnBackControl } from '../../shared/navigation/own-back';

function positive(raw: string | null): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export default function AiProjectDetailPage() {
  useOwnBackControl();
  const [params] = useSearchParams();
  const location = useLocation();
  const pid = positive(params.get('pid'));
  const rank = positive(params.get('rank'));
  const query = { ...readProjectQuery(params), page: 1 };
  const seeker = hasSeeker(query)
    ? toProjectRequest({ ...query, industry: null, stage: [], region: null })
    : null;
  const passed = (location.state as { located?: LocatedProject } | null)?.located;
  const located = useLocatedProject(seeker, pid, rank, passed?.item.project.id === pid ? passed : undefined);
  const resultLink = `${routePath('aiprojectResult')}?${seekerParams(query).toString()}`;

  if (pid === null) {
    return (
      <div className="jq-match-page">
        <Result
          status="warning"
          title={matching.notFoundDetail}
          extra={
            <Link to={routePath('aiproject')}>
              <Button type="primary">{matching.backToMatch}</Button>
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="jq-match-page" data-testid="aiproject-detail">
      {seeker && (
        <Link to={resultLink} className="jq-match-back">
          <ArrowLeftOutlined /> {matching.backToResult}
        </Link>
      )}
      {seeker && <MatchPanel located={located} />}
      <section className="jq-match-panel">
        <Suspense fallback={<Skeleton active avatar paragraph={{ rows: 6 }} />}>
          <ProjectDetail pid={pid} />
        </Suspense>
        <Link to={projectContactHref(pid)} className="jq-match-contact-link">
          {matching.viewContacts}
        </Link>
      </section>
    </div>
  );
}

function MatchPanel({ located }: { located: ReturnType<typeof useLocatedProject> }) {
  if (located.isPending) return <Skeleton active className="jq-match-panel" paragraph={{ rows: 4 }} />;
  if (located.isError) {
    // The project still shows below; only the match part is missing.
    const message =
      located.error instanceof MatchNotFound
        ? matching.notInResult
        : (refusalOf(located.error) ?? matching.loadFailedHint);
    return <p className="jq-match-panel jq-match-muted">{message}</p>;
  }
  const { item, seekerName } = located.data;
  return (
    <section className="jq-match-panel jq-match-detail-grid" data-testid="project-match-panel">
      <div>
        <Section title={matching.whyProject(seekerName)} testId="detail-reasons">
          <p className="jq-match-muted">{matching.rank(item.rank)}</p>
          <MatchReasons reasons={item.reasons} />
          {item.conflict.isConflict && <Competitors competitors={item.conflict.competitors} />}
        </Section>
      </div>
      <div>
        <TotalScore score={item.score} baseScore={item.baseScore} boostCap={item.breakdown.vip.max} />
        <Section title={matching.breakdown} testId="detail-breakdown">
          <ScoreBars breakdown={item.breakdown} isFull />
        </Section>
      </div>
    </section>
  );
}
