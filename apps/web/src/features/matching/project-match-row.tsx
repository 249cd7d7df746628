/**
 * One ranked project of an investor-side match: rank, name (a link to its match detail),
 * industry, stage, amount and region, the flags (已投竞品 when the seeker backs a direct
 * competitor; VIP priority when the founder's boost is in the score), the summary, the
 * reasons with their cited records, the score and its bars, and 查看联系人.
 */
import type { ProjectMatchItem } from '@jq/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { EntityLogo } from '../../shared/components/entity-logo';
import { formatWan } from '../../shared/format/figures';
import { projectContactHref } from './links';
import { MatchFlags, MatchReasons } from './match-reasons';
import { ScoreBars, TotalScore } from './score-bars';

export interface ProjectMatchRowProps {
  item: ProjectMatchItem;
  detail: { to: string; state?: unknown };
}

export function ProjectMatchRow({ item, detail }: ProjectMatchRowProps) {
  const project = item.project;
  const title = project.brandName || project.name;
  const amount = formatWan(project.amountSought);
  return (
    <li className="jq-match-row" data-testid="project-match-row" data-id={project.id}>
      <div className="jq-match-row-rank" title={matching.rank(item.rank)}>
        {item.rank}
      </div>
      <div className="jq-match-row-main">
        <div className="jq-match-row-head">
          <EntityLogo src={project.logo} name={title} size={40} />
          <div className="jq-match-row-title">
            <Link to={detail.to} state={detail.state} className="jq-match-row-name" data-testid="match-name">
              {title}
            </Link>
            {project.brandName && project.brandName !== project.name && (
              <div className="jq-match-muted">{project.name}</div>
            )}
          </div>
        </div>
        <div className="jq-match-row-flags">
          <Tag color="blue" variant="filled">
            {project.stageLabel}
          </Tag>
          <MatchFlags isConflict={item.conflict.isConflict} competitors={item.conflict.competitors} />
        </div>
        <div className="jq-match-row-meta">
          <span className="jq-match-meta-item">
            {project.industryNames.join(' / ') || project.industryName}
          </span>
          {amount && <span className="jq-match-meta-item">{`${matching.amountSought} ${amount}`}</span>}
          {project.regionName && <span className="jq-match-meta-item">{project.regionName}</span>}
        </div>
        {project.summary && <p className="jq-match-summary">{project.summary}</p>}
        <MatchReasons reasons={item.reasons} />
        <Link to={projectContactHref(project.id)} className="jq-match-contact-link">
          {matching.viewContacts}
        </Link>
      </div>
      <div className="jq-match-row-side">
        <TotalScore score={item.score} baseScore={item.baseScore} boostCap={item.breakdown.vip.max} />
        <ScoreBars breakdown={item.breakdown} />
      </div>
    </li>
  );
}
