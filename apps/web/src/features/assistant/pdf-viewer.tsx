/**
 * A PDF viewer on pdf.js: one page at a time (canvas plus a text layer, so text can be
 * selected), page turning and zoom, and the quoted passage highlighted and scrolled into
 * view. pdf.js and its worker load only with this component (the pdfView and pdf pages).
 */
import {
  DownloadOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, Button, InputNumber, Result, Spin, Tooltip } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { findPassage } from './pdf-highlight';
import './pdf-viewer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A page number from the address: a positive integer, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;

export interface PdfViewerProps {
  url: string;
  page: number;
  /** The passage to highlight on the page first shown. */
  highlight?: string;
  onPageChange?(page: number): void;
}

type LoadState = { kind: 'loading' } | { kind: 'ready'; doc: PDFDocumentProxy } | { kind: 'failed' };

export function PdfViewer({ url, page, highlight, onPageChange }: PdfViewerProps) {
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [current, setCurrent] = useState(page);
  const [zoom, setZoom] = useState(1);
  const [hitState, setHitState] = useState<'none' | 'found' | 'missing'>('none');
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const highlightPage = useRef(page);

  useEffect(() => {
    setCurrent(page);
    highlightPage.current = page;
  }, [page]);

  useEffect(() => {
    setLoad({ kind: 'loading' });
    const task = getDocument({ url, withCredentials: true });
    task.promise.then(
      (doc) => setLoad({ kind: 'ready', doc }),
      () => setLoad({ kind: 'failed' }),
    );
    return () => void task.destroy();
  }, [url]);

  const doc = load.kind === 'ready' ? load.doc : null;
  const pageCount = doc?.numPages ?? 0;
  const shown = pageCount ? Math.min(Math.max(1, current), pageCount) : current;

  useEffect(() => {
    if (!doc) return;
    let isCancelled = false;
    let textLayer: TextLayer | null = null;
    let renderTask: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(shown);
      const frame = frameRef.current;
      const canvas = canvasRef.current;
      const textBox = textRef.current;
      if (isCancelled || !frame || !canvas || !textBox) return;
      const base = pdfPage.getViewport({ scale: 1 });
      const fitWidth = Math.max(280, frame.clientWidth - 2);
      const scale = Math.min(fitWidth / base.width, 2.5) * zoom;
      const viewport = pdfPage.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      textBox.replaceChildren();
      textBox.style.setProperty('--scale-factor', String(scale));
      textBox.style.setProperty('--total-scale-factor', String(scale));
      textLayer = new TextLayer({
        textContentSource: await pdfPage.getTextContent(),
        container: textBox,
        viewport,
      });
      await textLayer.render();
      if (isCancelled) return;
      const passage = shown === highlightPage.current ? highlight?.trim() : undefined;
      if (!passage) {
        setHitState('none');
        return;
      }
      const hits = findPassage(textLayer.textContentItemsStr, passage);
      for (const index of hits) textLayer.textDivs[index]?.classList.add('jq-pdf-hit');
      setHitState(hits.length ? 'found' : 'missing');
      if (hits[0] !== undefined) textLayer.textDivs[hits[0]]?.scrollIntoView({ block: 'center' });
      await renderTask.promise.catch(() => undefined);
    })().catch(() => {
      if (!isCancelled) setLoad({ kind: 'failed' });
    });
    return () => {
      isCancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [doc, shown, zoom, highlight]);

  const goTo = (next: number) => {
    const clamped = Math.min(Math.max(1, next), pageCount || 1);
    setCurrent(clamped);
    onPageChange?.(clamped);
  };

  if (load.kind === 'failed') {
    return <Result status="warning" title={assistant.pdfFailed} subTitle={assistant.pdfFailedDesc} />;
  }
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div className="jq-pdf" data-testid="pdf-viewer" data-page={shown} data-hit={hitState}>
      <div className="jq-pdf-toolbar">
        <Button icon={<LeftOutlined />} onClick={() => goTo(shown - 1)} disabled={!doc || shown <= 1}>
          <span className="jq-pdf-btn-text">{assistant.pdfPrev}</span>
        </Button>
        <span className="jq-pdf-pageno" data-testid="pdf-page">
          {doc ? (
            <>
              <InputNumber
                size="small"
                min={1}
                max={pageCount}
                value={shown}
                onChange={(value) => typeof value === 'number' && goTo(value)}
                aria-label={assistant.pdfGoToPage}
                className="jq-pdf-pageinput"
              />
              / {pageCount}
            </>
          ) : (
            '…'
          )}
        </span>
        <Button
          icon={<RightOutlined />}
          iconPlacement="end"
          onClick={() => goTo(shown + 1)}
          disabled={!doc || shown >= pageCount}
        >
          <span className="jq-pdf-btn-text">{assistant.pdfNext}</span>
        </Button>
        <span className="jq-pdf-spacer" />
        <Tooltip title={assistant.pdfZoomOut}>
          <Button
            icon={<ZoomOutOutlined />}
            onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
            disabled={zoomIndex <= 0}
          />
        </Tooltip>
        <Tooltip title={assistant.pdfZoomIn}>
          <Button
            icon={<ZoomInOutlined />}
            onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
            disabled={zoomIndex >= ZOOMS.length - 1}
          />
        </Tooltip>
        <Tooltip title={assistant.pdfDownload}>
          <Button icon={<DownloadOutlined />} href={url} target="_blank" rel="noopener noreferrer" />
        </Tooltip>
      </div>
      {hitState === 'missing' && (
        <Alert type="info" showIcon title={assistant.pdfHighlightMissing} className="jq-pdf-note" />
      )}
      <div className="jq-pdf-frame" ref={frameRef}>
        {load.kind === 'loading' && <Spin className="jq-pdf-spin" description={assistant.pdfLoading} />}
        <div className="jq-pdf-page">
          <canvas ref={canvasRef} />
          <div ref={textRef} className="textLayer" />
        </div>
      </div>
    </div>
  );
}
