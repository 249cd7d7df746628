/**
 * Admin import of the library (docs/import.md): `POST /api/admin/library/import` takes one CSV
 * or XLSX file as multipart/form-data (fields `kind`, `skipInvalid`, 10 MB at most), answers
 * the row-by-row report, and 400 with the same report when bad rows stopped the import. The
 * template of each kind downloads from `GET /api/admin/library/import/template`.
 */
import { Code } from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import { Answer, type Route, rawRoute, route } from '../../../http/index.js';
import type { Platform } from '../../../platform/index.js';
import { IMPORT_KINDS, type ImportKind, KIND_LABELS } from './columns.js';
import { type ImportOptions, summarizeImport } from './import-library.js';
import { importUpload } from './run-import.js';
import { templateCsv } from './templates.js';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const KindSchema = z.enum(IMPORT_KINDS as [ImportKind, ...ImportKind[]]);

const ImportReportSchema = z.object({
  kind: KindSchema,
  kindLabel: z.string(),
  total: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  imported: z.boolean(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  messages: z.array(z.string()),
  warnings: z.array(z.string()),
});

const IMPORT_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 };
const TRUE = new Set(['true', '1', 'yes', 'on', '是']);

/** The uploaded file and fields, as the import takes them; refusals in the catalogue's words. */
async function readUpload(request: FastifyRequest): Promise<ImportOptions> {
  if (!request.isMultipart()) {
    throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 上传文件（字段 file）');
  }
  let file: { buffer: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: IMPORT_LIMITS })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!file) file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(Code.PAYLOAD_TOO_LARGE, '文件过大，单个文件不能超过 10 MB');
    if (code?.startsWith('FST_')) throw new AppError(Code.BAD_REQUEST, '上传内容格式有误，请重新选择文件');
    throw error;
  }
  if (!file) throw new AppError(Code.BAD_REQUEST, '请选择要导入的 CSV 或 Excel（.xlsx）文件');
  const kind = fields.kind?.trim() || undefined;
  if (kind && !IMPORT_KINDS.includes(kind as ImportKind)) {
    throw new AppError(Code.BAD_REQUEST, '参数「导入类型」有误：应为 institutions、investors 或 projects');
  }
  return {
    buffer: file.buffer,
    filename: file.filename,
    kind: kind as ImportKind | undefined,
    skipInvalid: TRUE.has((fields.skipInvalid ?? '').toLowerCase()),
  };
}

export function importRoutes(platform: Platform): Route[] {
  return [
    route({
      method: 'POST',
      path: '/admin/library/import',
      access: 'ADM',
      summary: '导入机构、投资人或项目（CSV / Excel）',
      data: ImportReportSchema,
      handler: async (request) => {
        const report = await importUpload(platform, await readUpload(request), request.log);
        return new Answer(report, summarizeImport(report));
      },
    }),
    rawRoute({
      method: 'GET',
      path: '/admin/library/import/template',
      access: 'ADM',
      summary: '下载导入模板（CSV）',
      query: z.object({ kind: KindSchema }),
      handler: async (request, reply) => {
        const { kind } = request.query;
        const name = encodeURIComponent(`${KIND_LABELS[kind]}导入模板.csv`);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}.csv"; filename*=UTF-8''${name}`)
          .send(templateCsv(kind));
      },
    }),
  ];
}
