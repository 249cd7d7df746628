/**
 * The paged lists of an institution card: its portfolio (OrgCardProjectList, with the
 * round it joined), projects now raising that fit its thesis (GetOrgCardLinkProject), its
 * members (getOrgMembers, linking to the investor pages) and its articles (GetOrgArticles).
 */
import type { ProjectCard } from '@jq/contract';
import { Pagination, Skeleton, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { library } from '../../locales/zh-CN/library';
import { DemoNotice } from '../../shared/components/demo-tag';
import { EntityLogo } from '../../shared/components/entity-logo';
import { LoadError } from '../../shared/components/load-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { formatDate, wanOrUndisclosed } from '../../shared/format/figures';
import type { OrgProjectPage } from '../../shared/records/record-api';
import { useOrgPortfolio } from '../../shared/records/record-queries';
import { useDetailLink } from './detail-nav';
import { useOrgArticles, useOrgLinkedProjects, useOrgMembers } from './queries';

const ORG_PAGE_SIZE = 10;

type OrgProject = OrgProjectPage['list'][number];

interface PagedProps {
  isPending: boolean;
  isError: boolean;
  onRetry(): void;
  total: number;
  page: number;
  onPage(page: number): void;
  empty: string;
  children: ReactNode;
}

function Paged({ isPending, isError, onRetry, total, page, onPage, empty, children }: PagedProps) {
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return <LoadError onRetry={onRetry} />;
  if (total === 0) return <p className="jq-lib-muted">{empty}</p>;
  return (
    <>
      {children}
      {total > ORG_PAGE_SIZE && (
        <Pagination
          size="small"
          className="jq-lib-pagination"
          current={page}
          pageSize={ORG_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </>
  );
}

export function OrgProjects({ oid, list }: { oid: number; list: 'portfolio' | 'linked' }) {
  const [page, setPage] = useState(1);
  const input = { oid, page, pageSize: ORG_PAGE_SIZE };
  const portfolio = useOrgPortfolio(input, list === 'portfolio');
  const linked = useOrgLinkedProjects(input, list === 'linked');
  const result = list === 'portfolio' ? portfolio : linked;
  const items: (ProjectCard & Partial<Pick<OrgProject, 'round'>>)[] = result.data?.list ?? [];
  const linkTo = useDetailLink();
  return (
    <Paged
      isPending={result.isPending}
      isError={result.isError}
      onRetry={() => void result.refetch()}
      total={result.data?.total ?? 0}
      page={page}
      onPage={setPage}
      empty={library.noPortfolio}
    >
      <DemoNotice isShown={items.some((project) => project.isDemo)} />
      <ul className="jq-lib-mini-list" data-testid={`org-${list}`}>
        {items.map((project) => {
          const link = linkTo('project', project.id);
          const title = project.brandName || project.name;
          const round = project.round;
          return (
            <li key={project.id}>
              <EntityLogo src={project.logo} name={title} size={32} />
              <div className="jq-lib-mini-main">
                <div className="jq-lib-mini-title">
                  <Link to={link.to} state={link.state}>
                    {title}
                  </Link>
                  <Tag variant="filled">{project.industryName}</Tag>
                </div>
                <div className="jq-lib-muted">
                  {round
                    ? [
                        formatDate(round.date),
                        round.stageLabel,
                        round.amountText,
                        round.isLead ? library.lead : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : [
                        project.stageLabel,
                        project.regionName,
                        `${library.amountSought} ${wanOrUndisclosed(project.amountSought)}`,
                      ].join(' · ')}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </Paged>
  );
}

export function OrgMembers({ oid }: { oid: number }) {
  const [page, setPage] = useState(1);
  const result = useOrgMembers({ oid, page, pageSize: ORG_PAGE_SIZE });
  const linkTo = useDetailLink();
  return (
    <Paged
      isPending={result.isPending}
      isError={result.isError}
      onRetry={() => void result.refetch()}
      total={result.data?.total ?? 0}
      page={page}
      onPage={setPage}
      empty={library.noMembers}
    >
      <ul className="jq-lib-members" data-testid="org-members">
        {(result.data?.list ?? []).map((member) => {
          const link = linkTo('investor', member.id);
          return (
            <li key={member.id}>
              <Link to={link.to} state={link.state}>
                <UserAvatar src={member.avatar || null} name={member.name} size={40} />
                <span className="jq-lib-mini-main">
                  <span className="jq-lib-mini-title">{member.name}</span>
                  <span className="jq-lib-muted">{member.title}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Paged>
  );
}

export function OrgArticles({ oid }: { oid: number }) {
  const [page, setPage] = useState(1);
  const result = useOrgArticles({ oid, page, pageSize: ORG_PAGE_SIZE });
  return (
    <Paged
      isPending={result.isPending}
      isError={result.isError}
      onRetry={() => void result.refetch()}
      total={result.data?.total ?? 0}
      page={page}
      onPage={setPage}
      empty={library.noArticles}
    >
      <DemoNotice isShown={(result.data?.list ?? []).some((article) => article.isDemo)} />
      <ul className="jq-lib-articles" data-testid="org-articles">
        {(result.data?.list ?? []).map((article) => (
          <li key={article.id}>
            <div className="jq-lib-mini-title">
              <strong>{article.title}</strong>
            </div>
            <div className="jq-lib-muted">
              {[article.source, formatDate(article.publishedAt)].filter(Boolean).join(' · ')}
            </div>
            {article.summary && <p>{article.summary}</p>}
          </li>
        ))}
      </ul>
    </Paged>
  );
}
