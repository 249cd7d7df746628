/**
 * An investor's detail: profile and institution (linking to its card), focus industries,
 * stages, regions and ticket, contact fields as the server sends them (masked unless the
 * user is a VIP: investor contacts are a membership benefit, so the lock offers VIP), and
 * the deals they made, each linking to the project.
 */
import { LockOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { library } from '../../locales/zh-CN/library';
import { DemoTag } from '../../shared/components/demo-tag';
import { DetailError } from '../../shared/components/detail-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { formatDate, formatStage, formatWanRange } from '../../shared/format/figures';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import type { InvestorInfo } from '../../shared/records/record-api';
import { useInvestorInfo } from '../../shared/records/record-queries';
import { useUserStore } from '../../shared/stores/user-store';
import { openVip } from '../billing';
import { MessageButton } from '../im';
import { useDetailLink } from './detail-nav';
import { DetailLoading, Facts, Paragraphs, Section } from './detail-parts';

export function InvestorDetail({ id }: { id: number }) {
  const info = useInvestorInfo(id);
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError error={info.error} onRetry={() => void info.refetch()} />;
  return <InvestorDetailBody investor={info.data} />;
}

function InvestorContact({ contact }: { contact: InvestorInfo['contact'] }) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const fields = [
    [library.phone, contact.phone],
    [library.email, contact.email],
    [library.wechat, contact.wechat],
  ].filter(([, value]) => value);
  if (fields.length === 0) return <p className="jq-lib-muted">{library.noContacts}</p>;
  return (
    <div className="jq-lib-contacts">
      <div className="jq-lib-contact-fields">
        {fields.map(([label, value]) => (
          <span key={label}>{`${label} ${value}`}</span>
        ))}
      </div>
      {!contact.isUnlocked && (
        <div className="jq-lib-unlock">
          <LockOutlined />
          <span className="jq-lib-muted">{isSignedIn ? library.investorVipNote : library.signInToView}</span>
          {isSignedIn ? (
            <Button size="small" type="primary" onClick={() => openVip()} data-testid="investor-open-vip">
              {library.openVip}
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={() => openLogin()}>
              {library.goSignIn}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function InvestorDetailBody({ investor }: { investor: InvestorInfo }) {
  const linkTo = useDetailLink();
  const institution = investor.institution;
  const institutionLink = institution ? linkTo('org', institution.id) : null;
  useDocumentTitle(investor.name);
  return (
    <article className="jq-lib-detail" data-testid="investor-detail">
      <header className="jq-lib-detail-head">
        <UserAvatar src={investor.avatar || null} name={investor.name} size={56} />
        <div className="jq-lib-detail-title">
          <h2 data-testid="detail-title">{investor.name}</h2>
          <div className="jq-lib-muted">
            {institution && institutionLink ? (
              <Link to={institutionLink.to} state={institutionLink.state} data-testid="investor-institution">
                {institution.shortName || institution.name}
              </Link>
            ) : (
              investor.institutionName
            )}
            {investor.title && ` · ${investor.title}`}
          </div>
          <div className="jq-lib-detail-tags">{investor.isDemo && <DemoTag />}</div>
        </div>
        <MessageButton target={{ investorId: investor.id }} />
      </header>
      <Facts
        items={[
          { label: library.institution, value: institution?.name ?? investor.institutionName },
          { label: library.ticket, value: formatWanRange(investor.ticketMin, investor.ticketMax) },
          { label: library.focusStages, value: investor.stages.map(formatStage).join('、') },
          { label: library.focusRegions, value: investor.regionNames.join('、') },
        ]}
      />
      {investor.industryNames.length > 0 && (
        <Section title={library.focusIndustries}>
          <div className="jq-lib-detail-tags">
            {investor.industryNames.map((name) => (
              <Tag key={name}>{name}</Tag>
            ))}
          </div>
        </Section>
      )}
      <Section title={library.bio}>
        <Paragraphs text={investor.bio || investor.summary} />
      </Section>
      <Section title={library.contacts}>
        <InvestorContact contact={investor.contact} />
      </Section>
      <Section title={library.deals} testId="investor-deals">
        {investor.deals.length === 0 ? (
          <p className="jq-lib-muted">{library.noDeals}</p>
        ) : (
          <ul className="jq-lib-mini-list">
            {investor.deals.map((deal) => {
              const link = linkTo('project', deal.projectId);
              return (
                <li key={`${deal.projectId}-${deal.date}-${deal.stage}`}>
                  <div className="jq-lib-mini-main">
                    <div className="jq-lib-mini-title">
                      <Link to={link.to} state={link.state}>
                        {deal.projectName}
                      </Link>
                      <Tag color="blue" variant="filled">
                        {deal.stageLabel}
                      </Tag>
                    </div>
                    <div className="jq-lib-muted">
                      {[formatDate(deal.date), deal.amountText].filter(Boolean).join(' · ')}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </article>
  );
}
