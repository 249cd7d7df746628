/**
 * /jq/aiprojectContact?pid=: a matched project's contacts, masked until unlocked. The
 * library's contact card does the unlock (VIP free, else paid through billing), so this
 * page adds only the project's name and the way back.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { DemoTag } from '../../shared/components/demo-tag';
import { DetailError } from '../../shared/components/detail-error';
import { EntityLogo } from '../../shared/components/entity-logo';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { routePath } from '../../shared/navigation/route-path';
import { useProjectInfo } from '../../shared/records/record-queries';
import { ProjectContacts } from '../library';
import './matching.css';
import './match-rows.css';
import { useOwnBackControl } from '../../shared/navigation/own-back';

export default function AiProjectContactPage() {
  useOwnBackControl();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('pid');
  const pid = raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const info = useProjectInfo(pid);
  const title = info.data ? info.data.brandName || info.data.name : undefined;
  useDocumentTitle(title ? matching.contactsOf(title) : undefined);

  if (pid === null) {
    return (
      <div className="jq-match-page">
        <Result
          status="warning"
          title={matching.notFoundDetail}
          extra={
            <Link to={routePath('aiproject')}>
              <Button type="primary">{matching.backToMatch}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="jq-match-page is-narrow" data-testid="aiproject-contact">
      <button type="button" className="jq-match-back" onClick={() => void navigate(-1)}>
        <ArrowLeftOutlined /> {matching.back}
      </button>
      <section className="jq-match-panel">
        {info.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : info.isError ? (
          <DetailError error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <header className="jq-match-detail-head">
              <EntityLogo src={info.data.logo} name={title ?? ''} size={48} />
              <div className="jq-match-detail-title">
                <h1>{matching.contactsOf(title ?? '')}</h1>
                <div className="jq-match-muted">
                  {[info.data.industryName, info.data.stageLabel, info.data.regionName]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
                {info.data.isDemo && <DemoTag />}
              </div>
            </header>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <ProjectContacts pid={pid} contactCount={info.data.contactCount} />
            </Suspense>
          </>
        )}
      </section>
    </div>
  );
}
