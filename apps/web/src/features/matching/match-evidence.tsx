/**
 * The evidence half of a match detail: the deal counts the score rests on, the competitors
 * behind a conflict, the portfolio projects the reasons cite (the part of the portfolio on
 * the project's chain), recent deals from the library, and the contact behind the unlock:
 * an investor's contact is masked until the user is VIP (the global VIP modal opens here);
 * an institution shows its people, each opening their investor record.
 */
import { LockOutlined } from '@ant-design/icons';
import type { InvestorMatchItem, MatchReason } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { formatDate } from '../../shared/format/figures';
import { useInvestorInfo, useOrgInfo, useOrgPortfolio } from '../../shared/records/record-queries';
import { useUserStore } from '../../shared/stores/user-store';
import { openVip, VIP_PAY_SUCCESS_EVENT } from '../billing';
import { refHref } from './match-reasons';

const RECENT_DEALS = 8;

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="jq-match-section" data-testid={testId}>
      <h2 className="jq-match-section-title">{title}</h2>
      {children}
    </section>
  );
}

export function DealStats({ stats }: { stats: InvestorMatchItem['stats'] }) {
  const items: [string, string][] = [
    [matching.stats.total, String(stats.dealCount)],
    [matching.stats.last12, String(stats.deals12m)],
    [matching.stats.last24, String(stats.deals24m)],
    [matching.stats.inIndustry, String(stats.industryDeals)],
    [matching.stats.lastDeal, formatDate(stats.lastDealAt) || '—'],
  ];
  return (
    <dl className="jq-match-stats" data-testid="deal-stats">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Projects the reasons cite, once each, in the order cited. */
export function citedProjects(reasons: MatchReason[]): { id: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const reason of reasons) {
    for (const ref of reason.refs)
      if (ref.kind === 'project' && !seen.has(ref.id)) seen.set(ref.id, ref.label);
  }
  return [...seen].map(([id, label]) => ({ id, label }));
}

export function CitedPortfolio({ reasons }: { reasons: MatchReason[] }) {
  const projects = citedProjects(reasons);
  if (projects.length === 0) return <p className="jq-match-muted">{matching.noPortfolio}</p>;
  return (
    <ul className="jq-match-chips" data-testid="cited-portfolio">
      {projects.map((project) => (
        <li key={project.id}>
          <Link to={refHref({ kind: 'project', id: project.id })!}>{project.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function Competitors({ competitors }: { competitors: { id: number; name: string }[] }) {
  return (
    <p className="jq-match-conflict" data-testid="conflict-detail">
      <Tag color="red">{matching.conflictTag}</Tag>
      {competitors.map((competitor, i) => (
        <span key={competitor.id}>
          {i > 0 && '、'}
          <Link to={refHref({ kind: 'project', id: competitor.id })!}>{competitor.name}</Link>
        </span>
      ))}
      <span className="jq-match-muted">{matching.conflictNote}</span>
    </p>
  );
}

function DealList({ deals }: { deals: { projectId: number; name: string; date: string; stage: string }[] }) {
  if (deals.length === 0) return <p className="jq-match-muted">{matching.noDeals}</p>;
  return (
    <ul className="jq-match-deals" data-testid="recent-deals">
      {deals.map((deal) => (
        <li key={`${deal.projectId}-${deal.date}`} className="jq-match-deal">
          <Link to={refHref({ kind: 'project', id: deal.projectId })!}>{deal.name}</Link>
          <Tag variant="filled" color="blue">
            {deal.stage}
          </Tag>
          <span className="jq-match-muted">{formatDate(deal.date)}</span>
        </li>
      ))}
    </ul>
  );
}

export function RecentDeals({ kind, id }: { kind: InvestorMatchItem['kind']; id: number }) {
  return kind === 'investor' ? <InvestorDeals id={id} /> : <InstitutionDeals oid={id} />;
}

function InvestorDeals({ id }: { id: number }) {
  const info = useInvestorInfo(id);
  if (info.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (info.isError) return <p className="jq-match-muted">{matching.loadFailed}</p>;
  const deals = [...info.data.deals]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, RECENT_DEALS)
    .map((deal) => ({
      projectId: deal.projectId,
      name: deal.projectName,
      date: deal.date,
      stage: deal.stageLabel,
    }));
  return <DealList deals={deals} />;
}

function InstitutionDeals({ oid }: { oid: number }) {
  const portfolio = useOrgPortfolio({ oid, page: 1, pageSize: RECENT_DEALS });
  if (portfolio.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (portfolio.isError) return <p className="jq-match-muted">{matching.loadFailed}</p>;
  const deals = portfolio.data.list.map((project) => ({
    projectId: project.id,
    name: project.brandName || project.name,
    date: project.round.date,
    stage: project.round.stageLabel,
  }));
  return <DealList deals={deals} />;
}

export function MatchContact({ kind, id }: { kind: InvestorMatchItem['kind']; id: number }) {
  return kind === 'investor' ? <InvestorContact id={id} /> : <InstitutionPeople oid={id} />;
}

function InvestorContact({ id }: { id: number }) {
  const info = useInvestorInfo(id);
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: ['library', 'investor', id] });
    window.addEventListener(VIP_PAY_SUCCESS_EVENT, refresh);
    return () => window.removeEventListener(VIP_PAY_SUCCESS_EVENT, refresh);
  }, [client, id]);

  if (info.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (info.isError) return <p className="jq-match-muted">{matching.loadFailed}</p>;
  const { contact } = info.data;
  const fields = [
    [matching.contactFields.phone, contact.phone],
    [matching.contactFields.email, contact.email],
    [matching.contactFields.wechat, contact.wechat],
  ].filter(([, value]) => value);
  return (
    <div className="jq-match-contact" data-testid="match-contact">
      {fields.length === 0 ? (
        <p className="jq-match-muted">{matching.noContact}</p>
      ) : (
        <dl className="jq-match-contact-fields">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!contact.isUnlocked && fields.length > 0 && (
        <div className="jq-match-unlock">
          <LockOutlined />
          <span className="jq-match-muted">{matching.unlockHint}</span>
          <Button
            type="primary"
            size="small"
            onClick={() => (isSignedIn ? openVip() : openLogin())}
            data-testid="unlock-contact"
          >
            {matching.goUnlock}
          </Button>
        </div>
      )}
    </div>
  );
}

function InstitutionPeople({ oid }: { oid: number }) {
  const info = useOrgInfo(oid);
  if (info.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (info.isError) return <p className="jq-match-muted">{matching.loadFailed}</p>;
  const members = info.data.members.slice(0, 6);
  if (members.length === 0) return <p className="jq-match-muted">{matching.noContact}</p>;
  return (
    <div data-testid="match-contact">
      <p className="jq-match-muted">{matching.institutionPeopleHint}</p>
      <ul className="jq-match-deals">
        {members.map((member) => (
          <li key={member.id} className="jq-match-deal">
            <Link to={refHref({ kind: 'investor', id: member.id })!}>{member.name}</Link>
            <span className="jq-match-muted">{member.title}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
