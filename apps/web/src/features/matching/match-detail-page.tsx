/**
 * /jq/matchDetail (and /jq/matchDetailOld, the same page for old shared links):
 * ?sid=<match>&kind=investor|institution&id=<id>&rank=<hint>. Why this investor: the
 * reasons with their cited records, the score by component, the deal counts, the portfolio
 * on the project's chain, recent deals, and the contact behind the unlock.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { MatchTarget } from '@jq/contract';
import { Button, Result, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { DemoTag } from '../../shared/components/demo-tag';
import { EntityLogo } from '../../shared/components/entity-logo';
import { LoadError } from '../../shared/components/load-error';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { routePath } from '../../shared/navigation/route-path';
import { partyOf } from './investor-match-row';
import { resultHref } from './links';
import { CitedPortfolio, Competitors, DealStats, MatchContact, RecentDeals, Section } from './match-evidence';
import { profileSummary } from './match-history';
import { MatchFlags, MatchReasons, refHref } from './match-reasons';
import { type LocatedMatch, MatchNotFound, refusalOf, useLocatedMatch } from './queries';
import { ScoreBars, TotalScore } from './score-bars';
import './matching.css';
import { useOwnBackControl } from '../../shared/navigation/own-back';

function positive(raw: string | null): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function readLocated(state: unknown, sid: number | null, kind: MatchTarget, id: number | null) {
  const located = (state as { located?: LocatedMatch } | null)?.located;
  return located && located.search.id === sid && located.item.kind === kind && located.item.id === id
    ? located
    : undefined;
}

export default function MatchDetailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  useOwnBackControl();
  const sid = positive(params.get('sid'));
  const kind: MatchTarget = params.get('kind') === 'institution' ? 'institution' : 'investor';
  const id = positive(params.get('id'));
  const rank = positive(params.get('rank'));
  const located = useLocatedMatch(sid, kind, id, rank, readLocated(location.state, sid, kind, id));
  const name = located.data ? partyOf(located.data.item).name : undefined;
  useDocumentTitle(name);

  if (sid === null || id === null || located.error instanceof MatchNotFound || refusalOf(located.error)) {
    return (
      <div className="jq-match-page">
        <Result
          status="warning"
          title={matching.notFoundDetail}
          subTitle={refusalOf(located.error) ?? undefined}
          extra={
            <Link to={sid ? resultHref(sid) : routePath('match')}>
              <Button type="primary">{sid ? matching.backToResult : matching.backToMatch}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (located.isError) return <LoadError onRetry={() => void located.refetch()} />;
  if (!located.data) {
    return (
      <div className="jq-match-page">
        <Skeleton active avatar paragraph={{ rows: 8 }} className="jq-match-panel" />
      </div>
    );
  }

  const { item, search } = located.data;
  const party = partyOf(item);
  const profileLink = refHref({ kind: item.kind, id: item.id })!;
  const institutionId = item.kind === 'investor' ? item.investor?.institutionId : null;
  return (
    <div className="jq-match-page" data-testid="match-detail">
      <Link to={resultHref(search.id)} className="jq-match-back">
        <ArrowLeftOutlined /> {matching.backToResult}
      </Link>
      <section className="jq-match-panel jq-match-detail-head">
        <EntityLogo src={party.logo} name={party.name} size={56} />
        <div className="jq-match-detail-title">
          <h1 data-testid="detail-name">{party.name}</h1>
          {party.subtitle && <div className="jq-match-muted">{party.subtitle}</div>}
          <div className="jq-match-row-flags">
            {party.isDemo && <DemoTag />}
            <MatchFlags isConflict={item.conflict.isConflict} competitors={item.conflict.competitors} />
          </div>
          <p className="jq-match-muted">
            {matching.matchedFor}
            {search.profile.name || profileSummary(search.profile)} · {matching.rank(item.rank)}
          </p>
          <div className="jq-match-detail-actions">
            <Link to={profileLink}>
              <Button>{matching.openProfile}</Button>
            </Link>
            {institutionId ? (
              <Link to={refHref({ kind: 'institution', id: institutionId })!}>
                <Button>{matching.openInstitution}</Button>
              </Link>
            ) : null}
          </div>
        </div>
        <TotalScore score={item.score} baseScore={item.baseScore} boostCap={item.breakdown.vip.max} />
      </section>
      <div className="jq-match-detail-grid">
        <div className="jq-match-panel">
          <Section title={matching.whyTitle} testId="detail-reasons">
            <MatchReasons reasons={item.reasons} />
            {item.conflict.isConflict && <Competitors competitors={item.conflict.competitors} />}
          </Section>
          <Section title={matching.evidenceTitle}>
            <DealStats stats={item.stats} />
          </Section>
          <Section title={matching.portfolioTitle}>
            <p className="jq-match-muted">{matching.portfolioHint}</p>
            <CitedPortfolio reasons={item.reasons} />
          </Section>
          <Section title={matching.recentDealsTitle}>
            <RecentDeals kind={item.kind} id={item.id} />
          </Section>
        </div>
        <div className="jq-match-panel">
          <Section title={matching.breakdown} testId="detail-breakdown">
            <ScoreBars breakdown={item.breakdown} isFull />
          </Section>
          <Section title={matching.contactTitle}>
            <MatchContact kind={item.kind} id={item.id} />
          </Section>
        </div>
      </div>
    </div>
  );
}
