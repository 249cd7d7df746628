/**
 * A project's detail: who it is (brand, company, industry and stage, region, founding,
 * amount sought), what it does (description, products), the team, the financing history
 * timeline and its investors, contacts (masked until unlocked), patents and projects of
 * the same sub-industry. Rendered inside the detail drawer and on the public /fundingProject page.
 */
import { LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { library } from '../../locales/zh-CN/library';
import { DemoTag } from '../../shared/components/demo-tag';
import { DetailError } from '../../shared/components/detail-error';
import { EntityLogo } from '../../shared/components/entity-logo';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useFeedback } from '../../shared/feedback/feedback';
import { formatDate, formatStage, formatWan, wanOrUndisclosed } from '../../shared/format/figures';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { routePath } from '../../shared/navigation/route-path';
import type { ProjectInfo } from '../../shared/records/record-api';
import { useProjectInfo } from '../../shared/records/record-queries';
import { useDetailLink } from './detail-nav';
import { DetailLoading, Facts, Paragraphs, Section, safeHref } from './detail-parts';
import { ProjectContacts } from './project-contacts';
import { useProjectInvestors, useProjectPatents, useSimilarProjects } from './queries';
import { ProjectInvestorList, RoundsTimeline } from './rounds-timeline';

const SIMILAR_COUNT = 6;

/** The public address of a project, for sharing. */
export function projectShareUrl(pid: number): string {
  return `${window.location.origin}${routePath('fundingProject')}?pid=${pid}`;
}

export function ProjectDetail({ pid }: { pid: number }) {
  const info = useProjectInfo(pid);
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError error={info.error} onRetry={() => void info.refetch()} />;
  return <ProjectDetailBody project={info.data} />;
}

function ProjectHeader({ project }: { project: ProjectInfo }) {
  const { message } = useFeedback();
  const title = project.brandName || project.name;
  const website = safeHref(project.website);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(projectShareUrl(project.id));
      void message.success(library.linkCopied);
    } catch {
      void message.info(projectShareUrl(project.id));
    }
  };
  return (
    <header className="jq-lib-detail-head">
      <EntityLogo src={project.logo} name={title} size={56} />
      <div className="jq-lib-detail-title">
        <h2 data-testid="detail-title">{title}</h2>
        {project.brandName && <div className="jq-lib-muted">{project.name}</div>}
        <div className="jq-lib-detail-tags">
          <Tag color="blue" variant="filled">
            {project.stageLabel || formatStage(project.stage)}
          </Tag>
          {[project.industryName, ...project.industryNames].filter(Boolean).map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
          {project.isDemo && <DemoTag />}
        </div>
      </div>
      <div className="jq-lib-detail-actions">
        {website && (
          <Button icon={<LinkOutlined />} href={website} target="_blank" rel="noopener noreferrer">
            {library.website}
          </Button>
        )}
        <Button icon={<ShareAltOutlined />} onClick={() => void copy()}>
          {library.copyLink}
        </Button>
      </div>
    </header>
  );
}

function ProjectDetailBody({ project }: { project: ProjectInfo }) {
  useDocumentTitle(project.brandName || project.name);
  return (
    <article className="jq-lib-detail" data-testid="project-detail">
      <ProjectHeader project={project} />
      <Facts
        items={[
          { label: library.region, value: project.regionName },
          { label: library.founded, value: project.foundedYear ? `${project.foundedYear}年` : '' },
          { label: library.amountSought, value: wanOrUndisclosed(project.amountSought) },
          { label: library.totalRaised, value: formatWan(project.totalRaised) },
          {
            label: library.latestRound,
            value: project.latestRoundAt
              ? `${formatDate(project.latestRoundAt)} ${formatStage(project.latestRoundStage)}`
              : '',
          },
        ]}
      />
      {project.tags.length > 0 && (
        <div className="jq-lib-detail-tags">
          {project.tags.map((tag) => (
            <Tag key={tag} variant="filled" color="default">
              {tag}
            </Tag>
          ))}
        </div>
      )}
      <Section title={library.description}>
        <Paragraphs text={project.description || project.summary} />
      </Section>
      {project.products && (
        <Section title={library.products}>
          <Paragraphs text={project.products} />
        </Section>
      )}
      {project.team.length > 0 && (
        <Section title={library.team}>
          <ul className="jq-lib-team">
            {project.team.map((member) => (
              <li key={`${member.name}-${member.title}`}>
                <UserAvatar name={member.name} size={40} />
                <div>
                  <div className="jq-lib-mini-title">
                    <strong>{member.name}</strong>
                    <span className="jq-lib-muted">{member.title}</span>
                  </div>
                  {member.bio && <p className="jq-lib-team-bio">{member.bio}</p>}
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={library.rounds} testId="rounds">
        <RoundsTimeline rounds={project.rounds} />
      </Section>
      <InvestorsSection pid={project.id} />
      <Section title={library.contacts}>
        <ProjectContacts pid={project.id} contactCount={project.contactCount} />
      </Section>
      <PatentsSection pid={project.id} count={project.patentCount} />
      <SimilarSection project={project} />
    </article>
  );
}

function InvestorsSection({ pid }: { pid: number }) {
  const investors = useProjectInvestors(pid);
  return (
    <Section title={library.investors}>
      {investors.data ? <ProjectInvestorList investors={investors.data.list} /> : null}
    </Section>
  );
}

function PatentsSection({ pid, count }: { pid: number; count: number }) {
  const patents = useProjectPatents(pid);
  const list = patents.data?.list ?? [];
  return (
    <Section
      title={library.patents}
      extra={count > 0 && <span className="jq-lib-muted">{library.patentCount(count)}</span>}
    >
      {list.length === 0 ? (
        <p className="jq-lib-muted">{patents.isPending ? '' : library.noPatents}</p>
      ) : (
        <ul className="jq-lib-patents">
          {list.map((patent) => (
            <li key={`${patent.number}-${patent.title}`}>
              <span>{patent.title}</span>
              <span className="jq-lib-muted">
                {[patent.type, patent.number, formatDate(patent.date)].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function SimilarSection({ project }: { project: ProjectInfo }) {
  const sub = project.industries.find((id) => id !== project.industryId) ?? project.industryId;
  const similar = useSimilarProjects(project.id, sub, SIMILAR_COUNT);
  const linkTo = useDetailLink();
  const list = similar.data ?? [];
  return (
    <Section title={library.similar} testId="similar">
      {list.length === 0 ? (
        <p className="jq-lib-muted">{similar.isPending ? '' : library.noSimilar}</p>
      ) : (
        <ul className="jq-lib-similar">
          {list.map((item) => {
            const link = linkTo('project', item.id);
            const title = item.brandName || item.name;
            return (
              <li key={item.id}>
                <Link to={link.to} state={link.state} data-testid="similar-project">
                  <EntityLogo src={item.logo} name={title} size={32} />
                  <span className="jq-lib-similar-main">
                    <span className="jq-lib-mini-title">{title}</span>
                    <span className="jq-lib-muted">
                      {[item.stageLabel, item.regionName, wanOrUndisclosed(item.amountSought)].join(' · ')}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
