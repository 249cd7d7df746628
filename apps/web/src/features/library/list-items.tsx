/**
 * One row of each library list: dense like a deal database (name, tags, the numbers an
 * investor scans for, a two-line summary with the matched words marked), the whole row a
 * link to the detail (the 演示数据 notice is the list's, above it: library-page.tsx).
 */
import type { InvestorCard, OrgCard, ProjectCard } from '@jq/contract';
import { Tag } from 'antd';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { common } from '../../locales/zh-CN/common';
import { library } from '../../locales/zh-CN/library';
import { EntityLogo } from '../../shared/components/entity-logo';
import { UserAvatar } from '../../shared/components/user-avatar';
import {
  formatDate,
  formatStage,
  formatWan,
  formatWanRange,
  wanOrUndisclosed,
} from '../../shared/format/figures';
import type { DetailLink } from './detail-nav';
import { Highlighted } from './highlight';

/** Rows re-render only when their card or link changes, not on every re-render of the page around them. */
function isSameRow<P extends { link: DetailLink }>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((key) =>
    key === 'link'
      ? before.link.to === after.link.to && before.link.state?.detailDepth === after.link.state?.detailDepth
      : before[key] === after[key],
  );
}

function Meta({ items }: { items: (string | false | null | undefined)[] }) {
  const shown = items.filter((item): item is string => Boolean(item));
  return (
    <div className="jq-lib-item-meta">
      {shown.map((item) => (
        <span key={item}>{item}</span>
      ))}
    </div>
  );
}

interface RowProps {
  link: DetailLink;
  testId: string;
  logo: ReactNode;
  children: ReactNode;
  side?: ReactNode;
}

function Row({ link, testId, logo, children, side }: RowProps) {
  return (
    <li className="jq-lib-item">
      <Link to={link.to} state={link.state} className="jq-lib-item-link" data-testid={testId}>
        {logo}
        <div className="jq-lib-item-main">{children}</div>
        {side && <div className="jq-lib-item-side">{side}</div>}
      </Link>
    </li>
  );
}

export const ProjectItem = memo(function ProjectItem({
  project,
  link,
}: {
  project: ProjectCard;
  link: DetailLink;
}) {
  const title = project.brandName || project.name;
  const sub = [project.industryName, ...project.industryNames].filter(Boolean).join(' · ');
  return (
    <Row
      link={link}
      testId="project-item"
      logo={<EntityLogo src={project.logo} name={title} />}
      side={
        <>
          <span className="jq-lib-side-label">{library.amountSought}</span>
          <strong className="jq-lib-side-value">{wanOrUndisclosed(project.amountSought)}</strong>
        </>
      }
    >
      <div className="jq-lib-item-head">
        <span className="jq-lib-item-title">
          <Highlighted
            highlight={project.brandName ? project.highlight?.alias : project.highlight?.name}
            text={title}
          />
        </span>
        <Tag color="blue" variant="filled">
          {project.stageLabel || formatStage(project.stage)}
        </Tag>
      </div>
      {project.brandName && (
        <div className="jq-lib-item-sub">
          <Highlighted highlight={project.highlight?.name} text={project.name} />
        </div>
      )}
      <Meta
        items={[
          sub,
          project.regionName,
          project.foundedYear ? library.foundedIn(project.foundedYear) : null,
          project.latestRoundAt && `${library.latestRound} ${formatDate(project.latestRoundAt)}`,
          project.totalRaised !== null && `${library.totalRaised} ${formatWan(project.totalRaised)}`,
        ]}
      />
      <p className="jq-lib-item-summary">
        <Highlighted highlight={project.highlight?.summary} text={project.summary} />
      </p>
    </Row>
  );
}, isSameRow);

export const OrgItem = memo(function OrgItem({ org, link }: { org: OrgCard; link: DetailLink }) {
  const title = org.shortName || org.name;
  return (
    <Row
      link={link}
      testId="org-item"
      logo={<EntityLogo src={org.logo} name={title} />}
      side={
        <>
          <span className="jq-lib-side-label">{library.ticket}</span>
          <strong className="jq-lib-side-value">
            {formatWanRange(org.ticketMin, org.ticketMax, org.currency) || common.undisclosed}
          </strong>
        </>
      }
    >
      <div className="jq-lib-item-head">
        <span className="jq-lib-item-title">
          <Highlighted highlight={org.shortName ? org.highlight?.alias : org.highlight?.name} text={title} />
        </span>
        {org.type && (
          <Tag color="geekblue" variant="filled">
            {org.type}
          </Tag>
        )}
      </div>
      {org.shortName && (
        <div className="jq-lib-item-sub">
          <Highlighted highlight={org.highlight?.name} text={org.name} />
        </div>
      )}
      <Meta
        items={[
          library.dealCount(org.dealCount),
          (org.aumMin !== null || org.aumMax !== null) &&
            `${library.aum} ${formatWanRange(org.aumMin, org.aumMax, org.currency)}`,
          org.stages.map(formatStage).join('、'),
          org.regionNames.slice(0, 4).join('、'),
        ]}
      />
      <div className="jq-lib-item-tags">
        {org.industryNames.slice(0, 5).map((name) => (
          <Tag key={name}>{name}</Tag>
        ))}
      </div>
      <p className="jq-lib-item-summary">
        <Highlighted highlight={org.highlight?.summary} text={org.summary} />
      </p>
    </Row>
  );
}, isSameRow);

export const InvestorItem = memo(function InvestorItem({
  investor,
  link,
}: {
  investor: InvestorCard;
  link: DetailLink;
}) {
  return (
    <Row
      link={link}
      testId="investor-item"
      logo={<UserAvatar src={investor.avatar || null} name={investor.name} size={44} />}
      side={
        <>
          <span className="jq-lib-side-label">{library.ticket}</span>
          <strong className="jq-lib-side-value">
            {formatWanRange(investor.ticketMin, investor.ticketMax) || common.undisclosed}
          </strong>
        </>
      }
    >
      <div className="jq-lib-item-head">
        <span className="jq-lib-item-title">
          <Highlighted highlight={investor.highlight?.name} text={investor.name} />
        </span>
        {investor.title && <span className="jq-lib-item-role">{investor.title}</span>}
      </div>
      {investor.institutionName && (
        <div className="jq-lib-item-sub">
          <Highlighted highlight={investor.highlight?.alias} text={investor.institutionName} />
        </div>
      )}
      <Meta
        items={[investor.stages.map(formatStage).join('、'), investor.regionNames.slice(0, 4).join('、')]}
      />
      <div className="jq-lib-item-tags">
        {investor.industryNames.slice(0, 5).map((name) => (
          <Tag key={name}>{name}</Tag>
        ))}
      </div>
      <p className="jq-lib-item-summary">
        <Highlighted highlight={investor.highlight?.summary} text={investor.summary} />
      </p>
    </Row>
  );
}, isSameRow);
