/**
 * The plan opened at a cited page: a PDF in the PDF viewer (the one the report library uses,
 * reached through the assistant feature's index), a PPTX or DOCX as the text of that page
 * with page turning. A project analysis has no file: its "pages" are the project record.
 */
import { Button, Drawer, Skeleton } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { analysisText } from '../../locales/zh-CN/analysis';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { PdfViewer } from '../assistant';
import { readPage } from './api';

export interface DeckTarget {
  id: number;
  fileKind: string;
  page: number;
  pageCount: number;
  quote?: string;
}

function PageText({ target }: { target: DeckTarget }) {
  const [page, setPage] = useState(target.page);
  const [state, setState] = useState<{ text: string; label: string } | null>(null);
  useEffect(() => setPage(target.page), [target.page]);
  useEffect(() => {
    const abort = new AbortController();
    setState(null);
    readPage(target.id, page, abort.signal).then(
      (p) => setState({ text: p.text, label: p.label }),
      () => setState({ text: analysisText.failed, label: '' }),
    );
    return () => abort.abort();
  }, [target.id, page]);
  return (
    <div className="jq-an-page" data-testid="deck-page">
      <div className="jq-an-page-head">
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {analysisText.prevPage}
        </Button>
        <span data-testid="deck-page-no">{state?.label || analysisText.page(page)}</span>
        <Button size="small" disabled={page >= target.pageCount} onClick={() => setPage(page + 1)}>
          {analysisText.nextPage}
        </Button>
      </div>
      {state ? <pre className="jq-an-page-text">{state.text}</pre> : <Skeleton active />}
    </div>
  );
}

export function DeckViewer({ target, onClose }: { target: DeckTarget | null; onClose(): void }) {
  const { isSmall } = useBreakpoint();
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={target ? `${analysisText.deckTitle} · ${analysisText.page(target.page)}` : ''}
      size={isSmall ? '100%' : 760}
      destroyOnHidden
      data-testid="deck-viewer"
    >
      {target?.quote && <blockquote className="jq-an-quote">{target.quote}</blockquote>}
      {target &&
        (target.fileKind === 'pdf' ? (
          <Suspense fallback={<Skeleton active />}>
            <PdfViewer
              url={`/api/files/analysis/${target.id}.pdf`}
              page={target.page}
              highlight={target.quote?.slice(0, 24)}
            />
          </Suspense>
        ) : (
          <PageText target={target} />
        ))}
    </Drawer>
  );
}
