/**
 * Research reports as real PDFs: one PDF page per report page (page numbers match
 * report_pages.page_no), Chinese set in Noto Sans SC (lib/cjk-fonts.ts) and subset into each file;
 * a demo report says on every page that it is generated. Rendering 200 reports takes tens of
 * seconds of CPU, so the library's background job renders what is missing after the server
 * starts (`renderMissingReportPdfs`), and `ensureReportPdf` renders one on demand when a viewer
 * asks before the job reached it.
 */
import { asc, eq } from 'drizzle-orm';
import { reportPages, reports } from '../../db/schema.js';
import { cjkFont } from '../../lib/cjk-fonts.js';
import type { Platform } from '../../platform/index.js';

export interface PdfReport {
  title: string;
  isDemo: boolean;
  publisher: string;
  publishedAt: string;
  pages: { pageNo: number; text: string }[];
}

const DEMO_NOTICE = '金桥演示数据';
const A4 = { width: 595.28, height: 841.89 };
const MARGIN_X = 60;
const TOP = 64;
/** Text stops here; the footer sits below, inside the bottom margin, so pdfkit never adds a page. */
const CONTENT_BOTTOM = A4.height - 72;
const WIDTH = A4.width - MARGIN_X * 2;

export async function renderReportPdf(report: PdfReport): Promise<Buffer> {
  const [regular, bold, { default: PDFDocument }] = await Promise.all([
    cjkFont('Regular'),
    cjkFont('Bold'),
    import('pdfkit'),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: 20, left: MARGIN_X, right: MARGIN_X },
    autoFirstPage: false,
    info: {
      Title: report.title,
      Author: report.publisher,
      Subject: report.isDemo ? `${DEMO_NOTICE}（模拟生成，仅供演示）` : '金桥研报',
      Creator: '金桥 jq',
      CreationDate: new Date(`${report.publishedAt}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as a source; its typings only list buffers and paths.
  doc.registerFont('body', regular as never);
  doc.registerFont('bold', bold as never);

  const total = report.pages.length;
  for (const page of report.pages) {
    doc.addPage();
    doc.font('body').fontSize(8).fillColor('#8c8c8c');
    doc.text(report.title, MARGIN_X, 32, { width: WIDTH * 0.7, lineBreak: false, ellipsis: true });
    doc.text(report.publisher, MARGIN_X + WIDTH * 0.7, 32, {
      width: WIDTH * 0.3,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(MARGIN_X, 46)
      .lineTo(MARGIN_X + WIDTH, 46)
      .lineWidth(0.5)
      .strokeColor('#d9d9d9')
      .stroke();

    const [heading = '', ...paragraphs] = page.text.split('\n');
    const isCover = page.pageNo === 1;
    doc
      .font('bold')
      .fontSize(isCover ? 22 : 15)
      .fillColor(isCover ? '#1f3a8a' : '#111111');
    doc.text(heading, MARGIN_X, isCover ? 150 : TOP, { width: WIDTH, lineGap: 4 });
    doc.moveDown(isCover ? 1.2 : 0.6);
    for (const paragraph of paragraphs) {
      const room = CONTENT_BOTTOM - doc.y;
      if (room < 14) break;
      const isSubheading = paragraph === '核心观点' || /^(附录|说明：)/.test(paragraph);
      doc
        .font(isSubheading && paragraph === '核心观点' ? 'bold' : 'body')
        .fontSize(paragraph.startsWith('说明：') ? 8.5 : 10.5)
        .fillColor(paragraph.startsWith('说明：') ? '#8c8c8c' : '#262626');
      // `height` clips instead of flowing onto a new page: one report page stays one PDF page.
      doc.text(paragraph, MARGIN_X, doc.y, { width: WIDTH, height: room, lineGap: 5, ellipsis: true });
      doc.moveDown(0.5);
    }

    doc.font('body').fontSize(8).fillColor('#8c8c8c');
    doc.text(report.isDemo ? `${DEMO_NOTICE} · 模拟生成，仅供演示` : '金桥', MARGIN_X, A4.height - 40, {
      width: WIDTH / 2,
      lineBreak: false,
    });
    doc.text(`${page.pageNo} / ${total}`, MARGIN_X + WIDTH / 2, A4.height - 40, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

const inFlight = new Map<number, Promise<string | null>>();

/** Renders and stores a report's PDF unless it is already there; the storage key, or null if no report. */
export function ensureReportPdf(platform: Platform, reportId: number): Promise<string | null> {
  const running = inFlight.get(reportId);
  if (running) return running;
  const job = (async () => {
    const db = platform.database.db;
    const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
    if (!report) return null;
    const key = report.pdfKey || `reports/${report.id}.pdf`;
    if (await platform.storage.exists(key)) return key;
    const pages = await db
      .select({ pageNo: reportPages.pageNo, text: reportPages.text })
      .from(reportPages)
      .where(eq(reportPages.reportId, reportId))
      .orderBy(asc(reportPages.pageNo));
    const pdf = await renderReportPdf({ ...report, publishedAt: String(report.publishedAt), pages });
    await platform.storage.put(key, pdf, { contentType: 'application/pdf' });
    if (!report.pdfKey) await db.update(reports).set({ pdfKey: key }).where(eq(reports.id, reportId));
    return key;
  })().finally(() => inFlight.delete(reportId));
  inFlight.set(reportId, job);
  return job;
}

/**
 * Renders every report whose PDF is missing, one at a time, yielding between reports so the
 * server keeps answering. Stops when `signal` aborts (server shutdown). Returns how many it made.
 */
export async function renderMissingReportPdfs(platform: Platform, signal?: AbortSignal): Promise<number> {
  const existing = new Set(await platform.storage.list('reports/'));
  const rows = await platform.database.db
    .select({ id: reports.id, pdfKey: reports.pdfKey })
    .from(reports)
    .orderBy(asc(reports.id));
  let made = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    if (row.pdfKey && existing.has(row.pdfKey)) continue;
    await ensureReportPdf(platform, row.id);
    made += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return made;
}
