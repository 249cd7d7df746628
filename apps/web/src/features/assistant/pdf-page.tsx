/**
 * /pdf?url=&page=&q=: any PDF this site serves (a knowledge-base file, a report), in the
 * same viewer. Only this site's own /api/ files open: the viewer sends the session cookie.
 */
import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { resolveLink } from '../../shared/markdown/link-rules';
import { PdfViewer, readPage } from './pdf-viewer';
import './assistant.css';

export function ownPdfPath(url: string | null): string | null {
  if (!url) return null;
  const target = resolveLink(url);
  return target.kind === 'internal' && target.path.startsWith('/api/') ? target.path : null;
}

export default function PdfPage() {
  const [params] = useSearchParams();
  const path = ownPdfPath(params.get('url'));
  if (!path)
    return (
      <Result status="warning" title={params.get('url') ? assistant.pdfBadUrl : assistant.pdfMissingId} />
    );
  return (
    <div className="jq-panel jq-pdf-page-wrap" data-testid="pdf-page">
      <PdfViewer url={path} page={readPage(params.get('page'))} highlight={params.get('q') ?? undefined} />
    </div>
  );
}
