/**
 * An institution's card: profile, thesis, AUM and ticket, stages, industries and regions,
 * its deal statistics (last 12 and 24 months, stage mix, top industries), follow and
 * unfollow (a visitor gets the login modal), then its portfolio, fitting projects now
 * raising, members and articles in tabs.
 */
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button, Progress, Tabs, Tag } from 'antd';
import { library } from '../../locales/zh-CN/library';
import { DemoTag } from '../../shared/components/demo-tag';
import { DetailError } from '../../shared/components/detail-error';
import { EntityLogo } from '../../shared/components/entity-logo';
import { useFeedback } from '../../shared/feedback/feedback';
import { formatCount, formatStage, formatWanRange } from '../../shared/format/figures';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import type { OrgInfo } from '../../shared/records/record-api';
import { useOrgInfo } from '../../shared/records/record-queries';
import { useUserStore } from '../../shared/stores/user-store';
import { DetailLoading, Facts, Paragraphs, Section } from './detail-parts';
import { OrgArticles, OrgMembers, OrgProjects } from './org-lists';
import { useFollowOrg } from './queries';

export function OrgDetail({ oid }: { oid: number }) {
  const info = useOrgInfo(oid);
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError error={info.error} onRetry={() => void info.refetch()} />;
  return <OrgDetailBody org={info.data} />;
}

function FollowButton({ org }: { org: OrgInfo }) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const follow = useFollowOrg(org.id);
  const { message } = useFeedback();
  const toggle = () => {
    if (!isSignedIn) return openLogin();
    const next = !org.isFollowed;
    follow.mutate(next, {
      onSuccess: () => void message.success(next ? library.followDone : library.unfollowDone),
    });
  };
  return (
    <Button
      type={org.isFollowed ? 'default' : 'primary'}
      icon={org.isFollowed ? <HeartFilled /> : <HeartOutlined />}
      loading={follow.isPending}
      onClick={toggle}
      data-testid="follow-org"
      title={org.isFollowed ? library.unfollow : library.follow}
    >
      {org.isFollowed ? library.followed : library.follow}
    </Button>
  );
}

function OrgStats({ org }: { org: OrgInfo }) {
  const { stats } = org;
  const stageTotal = stats.stageMix.reduce((sum, item) => sum + item.count, 0) || 1;
  const industryTotal = stats.topIndustries.reduce((sum, item) => sum + item.count, 0) || 1;
  return (
    <Section title={library.stats} testId="org-stats">
      <div className="jq-lib-stats">
        <div className="jq-lib-stat">
          <span>{library.dealsLast12}</span>
          <strong>{formatCount(stats.dealsLast12Months)}</strong>
        </div>
        <div className="jq-lib-stat">
          <span>{library.dealsLast24}</span>
          <strong>{formatCount(stats.dealsLast24Months)}</strong>
        </div>
        <div className="jq-lib-stat">
          <span>{library.totalDeals}</span>
          <strong>{formatCount(stats.totalDeals)}</strong>
        </div>
      </div>
      <div className="jq-lib-bars">
        <div>
          <h4>{library.stageMix}</h4>
          {stats.stageMix.map((item) => (
            <div key={item.stage} className="jq-lib-bar">
              <span>{item.label}</span>
              <Progress percent={Math.round((item.count / stageTotal) * 100)} size="small" showInfo={false} />
              <span className="jq-lib-muted">{item.count}</span>
            </div>
          ))}
        </div>
        <div>
          <h4>{library.topIndustries}</h4>
          {stats.topIndustries.map((item) => (
            <div key={item.id} className="jq-lib-bar">
              <span>{item.name}</span>
              <Progress
                percent={Math.round((item.count / industryTotal) * 100)}
                size="small"
                showInfo={false}
              />
              <span className="jq-lib-muted">{item.count}</span>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}

function OrgDetailBody({ org }: { org: OrgInfo }) {
  const title = org.shortName || org.name;
  useDocumentTitle(title);
  return (
    <article className="jq-lib-detail" data-testid="org-detail">
      <header className="jq-lib-detail-head">
        <EntityLogo src={org.logo} name={title} size={56} />
        <div className="jq-lib-detail-title">
          <h2 data-testid="detail-title">{title}</h2>
          {org.shortName && <div className="jq-lib-muted">{org.name}</div>}
          <div className="jq-lib-detail-tags">
            {org.type && (
              <Tag color="geekblue" variant="filled">
                {org.type}
              </Tag>
            )}
            {org.isDemo && <DemoTag />}
            <span className="jq-lib-muted">{library.followers(org.followerCount)}</span>
          </div>
        </div>
        <div className="jq-lib-detail-actions">
          <FollowButton org={org} />
        </div>
      </header>
      <Facts
        items={[
          { label: library.founded, value: org.foundedYear ? `${org.foundedYear}年` : '' },
          { label: library.aum, value: formatWanRange(org.aumMin, org.aumMax, org.currency) },
          { label: library.ticket, value: formatWanRange(org.ticketMin, org.ticketMax, org.currency) },
          { label: library.focusStages, value: org.stages.map(formatStage).join('、') },
          { label: library.focusRegions, value: org.regionNames.join('、') },
          { label: library.focusIndustries, value: org.industryNames.join('、') },
        ]}
      />
      {org.thesis && (
        <Section title={library.thesis}>
          <Paragraphs text={org.thesis} />
        </Section>
      )}
      <Section title={library.profile}>
        <Paragraphs text={org.description || org.summary} />
      </Section>
      <OrgStats org={org} />
      <Tabs
        className="jq-lib-detail-tabs"
        items={[
          {
            key: 'portfolio',
            label: library.portfolio,
            children: <OrgProjects oid={org.id} list="portfolio" />,
          },
          {
            key: 'linked',
            label: library.linkedProjects,
            children: <OrgProjects oid={org.id} list="linked" />,
          },
          {
            key: 'members',
            label: `${library.members}${org.memberCount ? ` ${org.memberCount}` : ''}`,
            children: <OrgMembers oid={org.id} />,
          },
          { key: 'articles', label: library.articles, children: <OrgArticles oid={org.id} /> },
        ]}
      />
    </article>
  );
}
