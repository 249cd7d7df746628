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
import {
  GlobalWorkerOptions,
  getDocument,
  type PageViewport,
  type PDFDocumentProxy,
  type PDFPageProxy,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { findHits, type Hit, rangesByItem } from './pdf-highlight';
import './pdf-viewer.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A page number from the address: a positive integer, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;
/** Below this frame width (phones) a page is cropped to its text column. */
const NARROW_FRAME = 600;
/** The top and bottom share of a page where running headers and footers sit. */
const MARGIN_BAND = 0.1;
/** Room kept around the text column, in PDF points. */
const COLUMN_PAD = 10;

type TextItems = Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'];

/**
 * The horizontal extent of a page's text, in viewport units at scale 1, padded; null when
 * the page has too little text to tell (a cover image) or is rotated.
 */
export function textColumn(base: PageViewport, items: TextItems): { left: number; right: number } | null {
  if (base.rotation % 180 !== 0) return null;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [x0] = base.convertToViewportPoint(item.transform[4], item.transform[5]);
    const x1 = x0 + item.width;
    left = Math.min(left, x0);
    right = Math.max(right, x1);
  }
  if (!Number.isFinite(left) || right - left < base.width * 0.3) return null;
  return { left: Math.max(0, left - COLUMN_PAD), right: Math.min(base.width, right + COLUMN_PAD) };
}

/**
 * Wraps each hit's characters in a `mark.jq-pdf-hit` inside pdf.js's text spans (their text
 * stays transparent over the canvas); returns the marks in page order.
 */
function markHits(textDivs: readonly HTMLElement[], hits: readonly Hit[]): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (const [item, ranges] of [...rangesByItem(hits)].sort((a, b) => a[0] - b[0])) {
    const div = textDivs[item];
    const text = div?.textContent;
    if (!div || !text) continue;
    const parts: Node[] = [];
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
      const mark = document.createElement('mark');
      mark.className = 'jq-pdf-hit';
      mark.textContent = text.slice(start, end);
      parts.push(mark);
      marks.push(mark);
      at = end;
    }
    if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
    div.replaceChildren(...parts);
  }
  return marks;
}

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
      const textContent = await pdfPage.getTextContent();
      if (isCancelled) return;
      const fitWidth = Math.max(240, frame.clientWidth - 2);
      // A phone shows the text column (the page without its side margins) across its width.
      const crop = fitWidth < NARROW_FRAME ? textColumn(base, textContent.items) : null;
      const left = crop?.left ?? 0;
      const width = crop ? crop.right - crop.left : base.width;
      const scale = Math.min(fitWidth / width, 2.5) * zoom;
      const viewport = pdfPage.getViewport({ scale, offsetX: -left * scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(width * scale * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(width * scale)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      renderTask = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      textBox.replaceChildren();
      textBox.style.setProperty('--scale-factor', String(scale));
      textBox.style.setProperty('--total-scale-factor', String(scale));
      // The text layer spans the whole page; shift it by the cropped margin.
      textBox.style.left = `${-left * scale}px`;
      textLayer = new TextLayer({ textContentSource: textContent, container: textBox, viewport });
      await textLayer.render();
      if (isCancelled) return;
      frame.dataset.scale = scale.toFixed(3);
      const passage = shown === highlightPage.current ? highlight?.trim() : undefined;
      if (!passage) {
        setHitState('none');
        return;
      }
      const hits = findHits(textLayer.textContentItemsStr, passage);
      const marks = markHits(textLayer.textDivs, hits);
      setHitState(marks.length ? 'found' : 'missing');
      // Scroll to the first hit in the body, not the running header or footer.
      const pageBox = textBox.getBoundingClientRect();
      const inBody = (mark: HTMLElement) => {
        const box = mark.getBoundingClientRect();
        const at = (box.top + box.height / 2 - pageBox.top) / pageBox.height;
        return at > MARGIN_BAND && at < 1 - MARGIN_BAND;
      };
      const target = marks.find(inBody) ?? marks[0];
      if (target) {
        target.classList.add('is-current');
        target.scrollIntoView({ block: 'center' });
      }
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
