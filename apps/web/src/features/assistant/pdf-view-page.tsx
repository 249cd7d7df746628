/**
 * /pdfView?pid=&page=&q=: a research report's PDF (GET /api/files/reports/{id}.pdf) at the
 * quoted page with the passage highlighted: where a citation card leads. `rid` is accepted
 * for `pid`. The page number follows the reader in the address (replace, no history).
 */
import { FileTextOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { assistant, markdownText } from '../../locales/zh-CN/assistant';
import { PdfViewer, readPage } from './pdf-viewer';
import { useReportInfo } from './queries';
import './assistant.css';

export default function PdfViewPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('pid') ?? params.get('rid'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const page = readPage(params.get('page'));
  const highlight = params.get('q') ?? undefined;
  const info = useReportInfo(id);

  if (id === null) return <Result status="404" title={assistant.pdfMissingId} />;
  return (
    <div className="jq-panel jq-pdf-page-wrap" data-testid="pdf-view-page">
      <header className="jq-pdf-head">
        <FileTextOutlined className="jq-pdf-head-icon" />
        <div className="jq-pdf-head-text">
          <h2 className="jq-history-title">{info.data?.title ?? assistant.pdfTitle}</h2>
          {info.data && (
            <span className="jq-pdf-head-meta">
              {info.data.publisher} · {markdownText.formatPages([page])}
            </span>
          )}
        </div>
      </header>
      {highlight && (
        <blockquote className="jq-pdf-quote" data-testid="pdf-quote">
          {highlight}
        </blockquote>
      )}
      <PdfViewer
        url={`/api/files/reports/${id}.pdf`}
        page={page}
        highlight={highlight}
        onPageChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('page', String(next));
              return updated;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}
