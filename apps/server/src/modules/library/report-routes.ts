/**
 * The library's report rows (a report's info, the home page's samples, report search) and
 * the filters' taxonomy; plus `GET /api/files/reports/{id}.pdf`, the PDF itself, read from
 * the storage port (rendered on demand when the background pass has not reached it yet).
 */
import {
  ReportInfoRequestSchema,
  ReportInfoSchema,
  ReportSampleSchema,
  ReportSearchPageSchema,
  ReportSearchRequestSchema,
  TaxonomySchema,
} from '@jq/contract';
import { z } from 'zod';
import { type Route, rawRoute, route } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { getReportInfo, listSampleReports, readReportPdf, searchReports } from './queries/reports.js';
import { getTaxonomy } from './queries/taxonomy.js';

const ReportFileSchema = z.object({ file: z.string().regex(/^\d{1,18}\.pdf$/, '应为「研报编号.pdf」') });

export function reportRoutes(platform: Platform): Route[] {
  const db = platform.database.db;
  return [
    route({
      method: 'POST',
      path: '/acchat/reportinfo',
      access: 'A',
      summary: '研报信息',
      body: ReportInfoRequestSchema,
      data: ReportInfoSchema,
      handler: (request) => getReportInfo(db, request.body, request.user),
    }),
    route({
      method: 'GET',
      path: '/operation/reportsample',
      access: 'A',
      summary: '首页研报样例',
      data: ReportSampleSchema,
      handler: () => listSampleReports(db),
    }),
    route({
      method: 'POST',
      path: '/acchat/reportSearch',
      access: 'A',
      summary: '研报搜索',
      body: ReportSearchRequestSchema,
      data: ReportSearchPageSchema,
      handler: (request) => searchReports(db, request.body),
    }),
    route({
      method: 'GET',
      path: '/library/taxonomy',
      access: 'P',
      summary: '筛选项：行业与地区',
      data: TaxonomySchema,
      handler: () => getTaxonomy(db),
    }),
    rawRoute({
      method: 'GET',
      path: '/files/reports/:file',
      access: 'A',
      summary: '研报 PDF 文件',
      params: ReportFileSchema,
      handler: async (request, reply) => {
        const id = Number(request.params.file.slice(0, -4));
        const { body, title } = await readReportPdf(platform, id);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `inline; filename="report-${id}.pdf"; filename*=UTF-8''${encodeURIComponent(title)}.pdf`,
          )
          .header('cache-control', 'private, max-age=3600')
          .send(body);
      },
    }),
  ];
}
