/** /{product}/detailShare?token=: a shared analysis, summary and investor view, without the advice or the deck. */
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { analysisText as t } from '../../locales/zh-CN/analysis';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { readShared } from './api';
import { ReportView } from './report-view';
import './analysis.css';

export default function DetailSharePage() {
  useDocumentTitle(t.sharedTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shared = useQuery({
    queryKey: ['analysis', 'shared', token],
    queryFn: ({ signal }) => readShared(token, signal),
    enabled: token.length >= 16,
    retry: false,
  });
  if (token.length < 16 || shared.isError) return <Result status="404" title={t.sharedMissing} />;
  if (shared.isPending) return <Skeleton active />;
  const data = shared.data;
  return (
    <div className="jq-an-page-wrap" data-testid="detail-share">
      <header className="jq-an-header">
        <h1>{data.title || t.sharedTitle}</h1>
        <p>
          {t.sharedTitle} · {data.createdAt.slice(0, 10)}
        </p>
      </header>
      {data.report && <ReportView report={data.report} content={data.content} unlocked={false} />}
    </div>
  );
}
