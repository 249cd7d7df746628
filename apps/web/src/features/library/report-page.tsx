/**
 * /jq/report, the research-report library: full-text search over titles and pages
 * (acchat/reportSearch) with an industry filter; each hit shows its best pages with a
 * snippet, and a page opens the PDF viewer there (the PDF itself while the assistant's
 * viewer is off). Opening a report (`?rid=`) shows its info from reportinfo and, with the
 * assistant on, its listing and inquiry passages (acchat/ipoinquiry).
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { isFeatureEnabled } from '@jq/contract';
import { Button, Empty, Pagination, Select, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { library } from '../../locales/zh-CN/library';
import { DemoNotice, DemoTag } from '../../shared/components/demo-tag';
import { DetailError } from '../../shared/components/detail-error';
import { ListSkeleton } from '../../shared/components/list-skeleton';
import { LoadError } from '../../shared/components/load-error';
import { formatDate } from '../../shared/format/figures';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import type { ReportCard, ReportSearchPage } from './api';
import { useDetailLink, useDetailParam } from './detail-nav';
import { DetailDrawer, DetailLoading, Facts, Paragraphs, Section, safeHref } from './detail-parts';
import { Highlighted } from './highlight';
import { IpoInquiryList } from './ipo-inquiry';
import { useReportInfo, useReportSearch } from './queries';
import { SearchBox } from './search-box';
import { useIsRouteActive, useScrollMemory } from './use-list-state';
import './library.css';

const PAGE_SIZE = 20;

type ReportHit = ReportSearchPage['list'][number];

/** Where a matching page opens: the viewer at that page with the words marked, or the PDF. */
function pageHref(report: ReportHit, pageNo: number, keyword: string): string | null {
  if (isFeatureEnabled('assistant')) {
    const query = new URLSearchParams({ pid: String(report.id), page: String(pageNo) });
    if (keyword) query.set('q', keyword);
    return `/pdfView?${query}`;
  }
  const pdf = safeHref(report.pdfUrl);
  return pdf ? `${pdf}#page=${pageNo}` : null;
}

export default function ReportPage() {
  const isActive = useIsRouteActive('report');
  useScrollMemory(isActive);
  const [keyword, setKeyword] = useState('');
  const [industry, setIndustry] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const taxonomy = useTaxonomy();
  const reports = useReportSearch({
    keyword,
    ...(industry ? { industry: [industry] } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  const detail = useDetailParam('report');
  const linkTo = useDetailLink();
  const result = reports.data;
  return (
    <div className="jq-lib-page" data-testid="library-report">
      <div className="jq-lib-panel jq-lib-report-bar">
        <SearchBox
          keyword={keyword}
          placeholder={library.searchPlaceholder.report}
          onSearch={(next) => {
            setKeyword(next);
            setPage(1);
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          className="jq-lib-report-industry"
          placeholder={library.filters.industry}
          value={industry}
          options={taxonomy.industries.map((item) => ({ value: item.id, label: item.name }))}
          onChange={(value?: string) => {
            setIndustry(value);
            setPage(1);
          }}
          data-testid="report-industry"
        />
      </div>
      <div className="jq-lib-panel jq-lib-results">
        {reports.isPending ? (
          <ListSkeleton rows={4} />
        ) : reports.isError || !result ? (
          <LoadError onRetry={() => void reports.refetch()} />
        ) : result.list.length === 0 ? (
          <Empty description={keyword || industry ? library.reportNoMatch : library.reportEmpty} />
        ) : (
          <>
            <div className="jq-lib-total" data-testid="report-total">
              {library.totalPrefix} {result.total} {library.noun.report}
            </div>
            <DemoNotice isShown={result.list.some((report) => report.isDemo)} />
            <ul className="jq-lib-list">
              {result.list.map((report) => {
                const link = linkTo('report', report.id);
                return (
                  <li key={report.id} className="jq-lib-item" data-testid="report-item">
                    <Link to={link.to} state={link.state} className="jq-lib-item-link">
                      <FilePdfOutlined className="jq-lib-report-icon" />
                      <div className="jq-lib-item-main">
                        <ReportHead report={report} />
                        {report.hits.length === 0 && <p className="jq-lib-item-summary">{report.summary}</p>}
                      </div>
                    </Link>
                    {report.hits.length > 0 && (
                      <ul className="jq-lib-report-hits">
                        {report.hits.map((hit) => {
                          const href = pageHref(report, hit.pageNo, keyword);
                          const label = <Tag>{library.reportHitPage(hit.pageNo)}</Tag>;
                          return (
                            <li key={hit.pageNo} className="jq-lib-report-hit" data-testid="report-hit">
                              {href ? (
                                <a href={href} target="_blank" rel="noopener noreferrer">
                                  {label}
                                </a>
                              ) : (
                                label
                              )}
                              <Highlighted highlight={hit.snippet} text={hit.snippet.text} />
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            {result.total > PAGE_SIZE && (
              <Pagination
                className="jq-lib-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={result.total}
                showSizeChanger={false}
                onChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
              />
            )}
          </>
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

function ReportHead({ report }: { report: ReportCard & { titleHighlight?: ReportHit['titleHighlight'] } }) {
  return (
    <>
      <div className="jq-lib-item-head">
        <span className="jq-lib-item-title">
          <Highlighted highlight={report.titleHighlight} text={report.title} />
        </span>
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

/** Where page `pageNo` of a report opens: the viewer there, or the PDF at that page. */
function reportPageHref(report: ReportCard, pageNo?: number): string | null {
  if (!report.pdfUrl) return null;
  if (isFeatureEnabled('assistant')) {
    const query = new URLSearchParams({ pid: String(report.id) });
    if (pageNo) query.set('page', String(pageNo));
    return `/pdfView?${query}`;
  }
  const pdf = safeHref(report.pdfUrl);
  return pdf && pageNo ? `${pdf}#page=${pageNo}` : pdf;
}

/** Chapters shown before 展开全部. */
const OUTLINE_SHOWN = 12;

export function ReportDetail({ id }: { id: number }) {
  const info = useReportInfo(id);
  const [isOutlineOpen, setOutlineOpen] = useState(false);
  useDocumentTitle(info.data?.title);
  if (info.isPending) return <DetailLoading />;
  if (info.isError) return <DetailError error={info.error} onRetry={() => void info.refetch()} />;
  const report = info.data;
  const pdf = reportPageHref(report);
  const outline = isOutlineOpen ? report.outline : report.outline.slice(0, OUTLINE_SHOWN);
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
          { label: library.filters.industry, value: report.industryName },
        ]}
      />
      <div className="jq-lib-report-actions">
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
      {report.keyPoints.length > 0 && (
        <Section title={library.reportKeyPoints} testId="report-key-points">
          <ol className="jq-lib-report-points">
            {report.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ol>
          {report.riskNote && (
            <p className="jq-lib-report-risk" data-testid="report-risk">
              <span>{library.reportRisk}</span>
              {report.riskNote}
            </p>
          )}
          <p className="jq-ipo-note">{library.reportFromPages}</p>
        </Section>
      )}
      <Section title={library.reportSummary}>
        <Paragraphs text={report.summary} />
      </Section>
      {report.outline.length > 0 && (
        <Section
          title={library.reportOutline}
          extra={<span className="jq-lib-muted">{library.reportOutlineNote}</span>}
          testId="report-outline"
        >
          <ol className="jq-lib-report-outline">
            {outline.map((entry) => {
              const href = reportPageHref(report, entry.pageNo);
              const body = (
                <>
                  <span className="jq-lib-report-outline-title">{entry.title}</span>
                  <span className="jq-lib-report-outline-page">{library.reportHitPage(entry.pageNo)}</span>
                </>
              );
              return (
                <li key={entry.pageNo} data-testid="report-outline-item">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {body}
                    </a>
                  ) : (
                    <span>{body}</span>
                  )}
                </li>
              );
            })}
          </ol>
          {report.outline.length > OUTLINE_SHOWN && (
            <Button type="link" size="small" onClick={() => setOutlineOpen(!isOutlineOpen)}>
              {isOutlineOpen ? library.less : library.reportOutlineAll(report.outline.length)}
            </Button>
          )}
        </Section>
      )}
      {isFeatureEnabled('assistant') && (
        <Section title={library.ipoTitle} testId="report-ipo">
          <IpoInquiryList pid={report.id} />
        </Section>
      )}
    </article>
  );
}
