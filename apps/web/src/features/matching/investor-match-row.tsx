/**
 * One ranked investor or institution: rank, name (a link to the match detail), institution
 * and focus, the conflict and VIP flags, the reasons with their cited records, the total
 * score and the per-component bars. Used by the result list and the streamed preview.
 */
import type { InvestorMatchItem } from '@jq/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { EntityLogo } from '../../shared/components/entity-logo';
import { formatStage, formatWanRange } from '../../shared/format/figures';
import { MatchFlags, MatchReasons } from './match-reasons';
import { ScoreBars, TotalScore } from './score-bars';

export interface MatchedParty {
  name: string;
  subtitle: string;
  logo: string;
  industryNames: string[];
  stages: number[];
  ticketMin: number | null;
  ticketMax: number | null;
  regionNames: string[];
  isDemo: boolean;
}

/** The investor's or institution's card fields, whichever the row is about. */
export function partyOf(item: InvestorMatchItem): MatchedParty {
  if (item.kind === 'investor' && item.investor) {
    const v = item.investor;
    return {
      name: v.name,
      subtitle: [v.institutionName, v.title].filter(Boolean).join(' · '),
      logo: v.avatar,
      industryNames: v.industryNames,
      stages: v.stages,
      ticketMin: v.ticketMin,
      ticketMax: v.ticketMax,
      regionNames: v.regionNames,
      isDemo: v.isDemo,
    };
  }
  const o = item.institution;
  return {
    name: o ? o.shortName || o.name : `#${item.id}`,
    subtitle: o
      ? [o.shortName && o.shortName !== o.name ? o.name : '', o.type].filter(Boolean).join(' · ')
      : '',
    logo: o?.logo ?? '',
    industryNames: o?.industryNames ?? [],
    stages: o?.stages ?? [],
    ticketMin: o?.ticketMin ?? null,
    ticketMax: o?.ticketMax ?? null,
    regionNames: o?.regionNames ?? [],
    isDemo: o?.isDemo ?? false,
  };
}

export interface InvestorMatchRowProps {
  item: InvestorMatchItem;
  detail: { to: string; state?: unknown };
  /** Reasons are still on their way (the stream). */
  isReasonsLoading?: boolean;
}

export function InvestorMatchRow({ item, detail, isReasonsLoading = false }: InvestorMatchRowProps) {
  const party = partyOf(item);
  const ticket = formatWanRange(party.ticketMin, party.ticketMax);
  return (
    <li className="jq-match-row" data-testid="match-row" data-kind={item.kind} data-id={item.id}>
      <div className="jq-match-row-rank" title={matching.rank(item.rank)}>
        {item.rank}
      </div>
      <div className="jq-match-row-main">
        <div className="jq-match-row-head">
          <EntityLogo src={party.logo} name={party.name} size={40} />
          <div className="jq-match-row-title">
            <Link to={detail.to} state={detail.state} className="jq-match-row-name" data-testid="match-name">
              {party.name}
            </Link>
            {party.subtitle && <div className="jq-match-muted">{party.subtitle}</div>}
          </div>
        </div>
        <div className="jq-match-row-flags">
          <MatchFlags isConflict={item.conflict.isConflict} competitors={item.conflict.competitors} />
        </div>
        <div className="jq-match-row-meta">
          {party.industryNames.slice(0, 3).map((name) => (
            <Tag key={name} variant="filled">
              {name}
            </Tag>
          ))}
          {party.stages.length > 0 && (
            <span className="jq-match-meta-item">{party.stages.slice(0, 4).map(formatStage).join('、')}</span>
          )}
          {ticket && <span className="jq-match-meta-item">{ticket}</span>}
          {item.stats.deals12m > 0 && (
            <span className="jq-match-meta-item">{matching.deals12m(item.stats.deals12m)}</span>
          )}
        </div>
        <MatchReasons reasons={item.reasons} isLoading={isReasonsLoading} />
      </div>
      <div className="jq-match-row-side">
        <TotalScore score={item.score} baseScore={item.baseScore} boostCap={item.breakdown.vip.max} />
        <ScoreBars breakdown={item.breakdown} />
      </div>
    </li>
  );
}
