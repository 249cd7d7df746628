/**
 * A project's financing history as a timeline, newest first: date, stage, amount, and the
 * investors of each round linking to their institution (or investor) pages, leads marked.
 * Also the project's investor list (ProjectOrgLink) with the rounds each joined.
 */

import type { ProjectInvestorsSchema, RoundSchema } from '@jq/contract';
import { Tag, Timeline } from 'antd';
import { Link } from 'react-router';
import type { z } from 'zod';
import { common } from '../../locales/zh-CN/common';
import { library } from '../../locales/zh-CN/library';
import { EntityLogo } from '../../shared/components/entity-logo';
import { formatDate } from '../../shared/format/figures';
import { type EntityKind, useDetailLink } from './detail-nav';

type Round = z.infer<typeof RoundSchema>;
type ProjectInvestor = z.infer<typeof ProjectInvestorsSchema>['list'][number];

function InvestorName({
  name,
  institutionId,
  investorId,
}: {
  name: string;
  institutionId: number | null;
  investorId: number | null;
}) {
  const linkTo = useDetailLink();
  const target: [EntityKind, number] | null =
    institutionId !== null ? ['org', institutionId] : investorId !== null ? ['investor', investorId] : null;
  if (!target) return <span>{name}</span>;
  const link = linkTo(...target);
  return (
    <Link to={link.to} state={link.state} data-testid="round-investor">
      {name}
    </Link>
  );
}

export function RoundsTimeline({ rounds }: { rounds: Round[] }) {
  if (rounds.length === 0) return <p className="jq-lib-muted">{library.noRounds}</p>;
  const newestFirst = [...rounds].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  return (
    <Timeline
      className="jq-lib-timeline"
      items={newestFirst.map((round) => ({
        key: round.id,
        content: (
          <div className="jq-lib-round" data-testid="round">
            <div className="jq-lib-round-head">
              <span className="jq-lib-round-date">{formatDate(round.date)}</span>
              <Tag color="blue" variant="filled">
                {round.stageLabel}
              </Tag>
              <strong>{round.amountText || common.undisclosed}</strong>
            </div>
            {round.investors.length > 0 && (
              <div className="jq-lib-round-investors">
                <span className="jq-lib-muted">{library.investors}：</span>
                {round.investors.map((investor) => (
                  <span
                    key={`${investor.institutionId ?? ''}-${investor.investorId ?? ''}-${investor.name}`}
                    className="jq-lib-round-investor"
                  >
                    <InvestorName {...investor} />
                    {investor.isLead && <Tag className="jq-lib-lead">{library.leadInvestor}</Tag>}
                  </span>
                ))}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}

export function ProjectInvestorList({ investors }: { investors: ProjectInvestor[] }) {
  if (investors.length === 0) return <p className="jq-lib-muted">{library.noInvestors}</p>;
  return (
    <ul className="jq-lib-mini-list">
      {investors.map((investor) => (
        <li key={`${investor.institutionId ?? 'p'}-${investor.investorId ?? investor.name}`}>
          <EntityLogo src={investor.logo} name={investor.name} size={32} />
          <div className="jq-lib-mini-main">
            <div className="jq-lib-mini-title">
              <InvestorName {...investor} />
              {investor.type && <Tag variant="filled">{investor.type}</Tag>}
              {investor.isLead && <Tag className="jq-lib-lead">{library.leadInvestor}</Tag>}
            </div>
            <div className="jq-lib-muted">
              {investor.rounds.map((round) => `${round.stageLabel}（${formatDate(round.date)}）`).join('、')}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
