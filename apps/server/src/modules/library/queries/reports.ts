/**
 * Research reports: the info a viewer needs (reportinfo: pages, PDF address, one page's
 * text), samples for the home page (reportsample) and the PDF bytes themselves, read from
 * the storage port and served at /api/files/reports/{id}.pdf. A report with pages whose PDF
 * is not rendered yet (the generator renders them in the background) is rendered on demand.
 */
import type { ReportSearchRequest } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { User } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import type { Platform } from '../../../platform/index.js';
import { ensureReportPdf } from '../report-pdf.js';
import { bigintArray, textArray } from '../search/conditions.js';
import { highlightField, highlightSnippet, highlightTerms } from '../search/highlight.js';
import { allQuery, parseKeyword } from '../search/parse-keyword.js';
import { expandIndustries, getVocabulary, industryName, type Vocabulary } from '../search/vocabulary.js';
import { reportContents } from './report-contents.js';
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

/** How much of each page the key points and outline are read from (a cover's first lines). */
const CONTENTS_CHARS = 1200;
/** The outline covers a report's first pages (a long filing's appendices are left out). */
const CONTENTS_PAGES = 200;

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

/** A report by `id` (or `pid`, as the spec's quotes call it), with one page's text when asked. */
export async function getReportInfo(
  db: Db,
  request: { id?: number | undefined; pid?: number | undefined; page?: number | null | undefined },
  user: User | null,
) {
  const id = request.id ?? request.pid;
  if (!id) throw badRequest('参数「编号」有误：请指定研报');
  const pageNo = request.page;
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
  // Each page's first lines are enough for the key points and the outline.
  const pages = await selectRows<{ page_no: number | string; text: string }>(
    db,
    sql`select page_no, left(text, ${CONTENTS_CHARS}) as text from report_pages
      where report_id = ${id} order by page_no limit ${CONTENTS_PAGES}`,
  );
  const contents = reportContents(
    pages.map((row) => ({ pageNo: Number(row.page_no), text: row.text })),
    card.title,
  );
  await recordView(db, user?.id, 'report', String(id));
  return { ...card, ...contents, page };
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

const HITS_PER_REPORT = 3;

/**
 * The report library's search. Without a keyword: the reports (of the industries asked
 * for), newest first. With one: reports whose title, summary or any page has every word
 * (an industry word also matches its synonyms), ranked by how well their pages match, a
 * title match first; each with its best pages and a snippet of each.
 */
export async function searchReports(db: Db, request: ReportSearchRequest) {
  const vocabulary = await getVocabulary(db);
  const { page, pageSize } = request;
  const industries = expandIndustries(vocabulary, request.industry ?? []);
  const parsed = parseKeyword(request.keyword, vocabulary);
  const query = [allQuery(parsed.restWords), ...parsed.topics.map((t) => t.query && `(${t.query})`)]
    .filter(Boolean)
    .join(' & ');
  const inIndustries: SQL = industries.length
    ? sql`r.industry_id = any(${textArray(industries)})`
    : sql`true`;
  const offset = (page - 1) * pageSize;

  if (!query) {
    const rows = await selectRows<ReportRow & { total: number | string }>(
      db,
      sql`select ${reportColumns}, count(*) over () as total from reports r where ${inIndustries}
        order by r.published_at desc, r.id desc limit ${pageSize} offset ${offset}`,
    );
    const list = rows.map((row) => ({ ...toReportCard(row, vocabulary), hits: [] }));
    return { list, total: Number(rows[0]?.total ?? 0), page, pageSize };
  }

  const tsquery = sql`to_tsquery('simple', ${query})`;
  const rows = await selectRows<ReportRow & { total: number | string }>(
    db,
    sql`with scored as (
        select report_id, sum(score) as score from (
          select p.report_id, ts_rank(to_tsvector('simple', p.search_tokens), ${tsquery}) as score
            from report_pages p where to_tsvector('simple', p.search_tokens) @@ ${tsquery}
          union all
          select r.id, 1 + ts_rank(to_tsvector('simple', r.search_tokens), ${tsquery})
            from reports r where to_tsvector('simple', r.search_tokens) @@ ${tsquery}
        ) s group by report_id)
      select ${reportColumns}, count(*) over () as total
      from scored join reports r on r.id = scored.report_id
      where ${inIndustries}
      order by scored.score desc, r.published_at desc, r.id desc limit ${pageSize} offset ${offset}`,
  );
  const ids = rows.map((row) => Number(row.id));
  const pages = ids.length
    ? await selectRows<{ report_id: number | string; page_no: number; text: string }>(
        db,
        sql`select report_id, page_no, text from (
            select p.report_id, p.page_no, p.text, row_number() over (
              partition by p.report_id
              order by ts_rank(to_tsvector('simple', p.search_tokens), ${tsquery}) desc, p.page_no) as n
            from report_pages p
            where p.report_id = any(${bigintArray(ids)}) and to_tsvector('simple', p.search_tokens) @@ ${tsquery}) ranked
          where n <= ${HITS_PER_REPORT} order by report_id, n`,
      )
    : [];
  const terms = highlightTerms(parsed);
  const list = rows.map((row) => {
    const card = toReportCard(row, vocabulary);
    const hits = pages
      .filter((p) => Number(p.report_id) === card.id)
      .map((p) => ({
        pageNo: p.page_no,
        snippet: highlightSnippet(p.text, terms) ?? { text: p.text.slice(0, 90), ranges: [] },
      }));
    const titleHighlight = highlightField(card.title, terms);
    return { ...card, ...(titleHighlight ? { titleHighlight } : {}), hits };
  });
  return { list, total: Number(rows[0]?.total ?? 0), page, pageSize };
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
