/**
 * /jq/report, the research-report library. The server has no report search yet (only
 * reportsample, the newest report of each industry, and reportinfo), so the page says
 * that search is coming and shows that shelf; opening a report (`?rid=`) shows its info
 * from reportinfo and opens its PDF in a new tab (the /pdfView viewer comes with the assistant).
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Tag } from 'antd';
import { Link } from 'react-router';
import { library } from '../../locales/zh-CN/library';
import type { ReportCard } from './api';
import { useDetailLink, useDetailParam } from './detail-nav';
import {
  DetailDrawer,
  DetailError,
  DetailLoading,
  Facts,
  Paragraphs,
  Section,
  safeHref,
  useDocumentTitle,
} from './detail-parts';
import { formatDate } from './format';
import { DemoTag } from './list-items';
import { useReportInfo, useSampleReports } from './queries';
import { ListSkeleton, LoadError } from './result-list';
import { useIsRouteActive, useScrollMemory } from './use-list-state';
import './library.css';

export default function ReportPage() {
  const isActive = useIsRouteActive('report');
  useScrollMemory(isActive);
  const reports = useSampleReports();
  const detail = useDetailParam('report');
  const linkTo = useDetailLink();
  return (
    <div className="jq-lib-page" data-testid="library-report">
      <div className="jq-lib-panel jq-lib-results">
        <Alert type="info" showIcon title={library.reportSearchSoon} className="jq-lib-report-note" />
        {reports.isPending ? (
          <ListSkeleton rows={4} />
        ) : reports.isError ? (
          <LoadError onRetry={() => void reports.refetch()} />
        ) : (
          <ul className="jq-lib-list">
            {reports.data.list.map((report) => {
              const link = linkTo('report', report.id);
              return (
                <li key={report.id} className="jq-lib-item">
                  <Link
                    to={link.to}
                    state={link.state}
                    className="jq-lib-item-link"
                    data-testid="report-item"
                  >
                    <FilePdfOutlined className="jq-lib-report-icon" />
                    <div className="jq-lib-item-main">
                      <ReportHead report={report} />
                      <p className="jq-lib-item-summary">{report.summary}</p>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <DetailDrawer
        open={isActive && detail.id !== null}
        title={library.detailTitle.report}
        onClose={detail.close}
        onBack={detail.back}
        testId="report-drawer"
      >
        {detail.id !== null && <ReportDetail key={detail.id} id={detail.id} />}
      </DetailDrawer>
    </div>
  );
}

function ReportHead({ report }: { report: ReportCard }) {
  return (
    <>
      <div className="jq-lib-item-head">
        <span className="jq-lib-item-title">{report.title}</span>
        {report.isDemo && <DemoTag />}
      </div>
      <div className="jq-lib-item-meta">
        <span>{report.publisher}</span>
        {report.industryName && <span>{report.industryName}</span>}
        <span>{formatDate(report.publishedAt)}</span>
        <span>{library.pages(report.pageCount)}</span>
      </div>
    </>
  );
}

export function ReportDetail({ id }: { id: number }) {
  const info = useReportInfo(id);
  useDocumentTitle(info.data?.title);
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError error={info.error} onRetry={() => void info.refetch()} />;
  const report = info.data;
  const pdf = safeHref(report.pdfUrl);
  return (
    <article className="jq-lib-detail" data-testid="report-detail">
      <header className="jq-lib-detail-head">
        <FilePdfOutlined className="jq-lib-report-icon" />
        <div className="jq-lib-detail-title">
          <h2 data-testid="detail-title">{report.title}</h2>
          <div className="jq-lib-detail-tags">
            {report.industryName && <Tag>{report.industryName}</Tag>}
            {report.isDemo && <DemoTag />}
          </div>
        </div>
      </header>
      <Facts
        items={[
          { label: library.publisher, value: report.publisher },
          { label: library.publishedAt, value: formatDate(report.publishedAt) },
          { label: library.pageCountLabel, value: library.pages(report.pageCount) },
        ]}
      />
      <Section title={library.reportSummary}>
        <Paragraphs text={report.summary} />
      </Section>
      <div>
        {pdf ? (
          <Button
            type="primary"
            icon={<FilePdfOutlined />}
            href={pdf}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="open-pdf"
          >
            {library.openPdf}
          </Button>
        ) : (
          <p className="jq-lib-muted">{library.noPdf}</p>
        )}
      </div>
    </article>
  );
}
