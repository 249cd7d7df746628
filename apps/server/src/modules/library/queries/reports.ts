/**
 * Research reports: the info a viewer needs (reportinfo: pages, PDF address, one page's
 * text), samples for the home page (reportsample) and the PDF bytes themselves, read from
 * the storage port and served at /api/files/reports/{id}.pdf. A report with pages whose PDF
 * is not rendered yet (the generator renders them in the background) is rendered on demand.
 */
import { sql } from 'drizzle-orm';
import type { User } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import type { Platform } from '../../../platform/index.js';
import { ensureReportPdf } from '../demo/render-pdf.js';
import { getVocabulary, industryName, type Vocabulary } from '../search/vocabulary.js';
import { recordView } from './views.js';

interface ReportRow {
  id: number | string;
  title: string;
  publisher: string;
  industry_id: string;
  published_at: string;
  page_count: number | string;
  pages: number | string;
  summary: string;
  pdf_key: string;
  is_demo: boolean;
}

const reportColumns = sql`r.id, r.title, r.publisher, r.industry_id, r.published_at::text as published_at, r.page_count,
  (select count(*) from report_pages pg where pg.report_id = r.id) as pages, left(r.summary, 300) as summary,
  r.pdf_key, r.is_demo`;

export const reportPdfUrl = (id: number) => `/api/files/reports/${id}.pdf`;

function toReportCard(row: ReportRow, vocabulary: Vocabulary) {
  const id = Number(row.id);
  return {
    id,
    title: row.title,
    publisher: row.publisher,
    industryId: row.industry_id,
    industryName: industryName(vocabulary, row.industry_id),
    publishedAt: row.published_at,
    // Pages stored with their text are the truth; page_count covers a report stored without them.
    pageCount: Number(row.pages) || Number(row.page_count),
    summary: row.summary,
    pdfUrl: row.pdf_key || Number(row.pages) > 0 ? reportPdfUrl(id) : null,
    isDemo: row.is_demo,
  };
}

export async function getReportInfo(
  db: Db,
  id: number,
  pageNo: number | null | undefined,
  user: User | null,
) {
  const [row] = await selectRows<ReportRow>(
    db,
    sql`select ${reportColumns} from reports r where r.id = ${id}`,
  );
  if (!row) throw notFound('研报不存在');
  const card = toReportCard(row, await getVocabulary(db));
  let page: { pageNo: number; text: string } | null = null;
  if (pageNo) {
    const [found] = await selectRows<{ text: string }>(
      db,
      sql`select text from report_pages where report_id = ${id} and page_no = ${pageNo}`,
    );
    if (!found) throw notFound(`该研报没有第 ${pageNo} 页`);
    page = { pageNo, text: found.text };
  }
  await recordView(db, user?.id, 'report', String(id));
  return { ...card, page };
}

/** The newest report of each industry, newest first: a varied shelf for the home page. */
export async function listSampleReports(db: Db, count = 6) {
  const rows = await selectRows<ReportRow>(
    db,
    sql`select * from (select distinct on (r.industry_id) ${reportColumns} from reports r
        order by r.industry_id, r.published_at desc, r.id desc) latest
      order by published_at desc, id desc limit ${count}`,
  );
  const vocabulary = await getVocabulary(db);
  return { list: rows.map((row) => toReportCard(row, vocabulary)) };
}

export async function readReportPdf(platform: Platform, id: number) {
  const db = platform.database.db;
  const [row] = await selectRows<{ title: string; pdf_key: string; pages: number | string }>(
    db,
    sql`select r.title, r.pdf_key, (select count(*) from report_pages pg where pg.report_id = r.id) as pages
      from reports r where r.id = ${id}`,
  );
  if (!row) throw notFound('研报不存在');
  if (!row.pdf_key && !Number(row.pages)) throw notFound('该研报暂无 PDF 文件');
  const isStored = !!row.pdf_key && (await platform.storage.exists(row.pdf_key));
  const key = isStored ? row.pdf_key : await ensureReportPdf(platform, id);
  const object = key ? await platform.storage.get(key) : null;
  if (!object) throw notFound('该研报的 PDF 文件不存在');
  return { body: object.body, title: row.title };
}
