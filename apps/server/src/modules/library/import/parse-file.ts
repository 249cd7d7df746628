/**
 * Reads an import file into a header row and data rows of strings, each with its row number
 * as a spreadsheet would show it (the header is row 1). CSV in UTF-8 (with or without BOM) or
 * GB18030 (what Excel saves as "CSV" on a Chinese Windows); XLSX through exceljs, first sheet.
 */
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../../errors.js';

export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

export const MAX_IMPORT_ROWS = 20_000;

export type FileFormat = 'csv' | 'xlsx';

/** The format from the file name, else from its first bytes (an xlsx is a zip: PK). */
export function detectFormat(buffer: Buffer, filename = ''): FileFormat {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xls'))
    throw badRequest('不支持旧版 Excel（.xls）文件，请另存为 .xlsx 或 CSV 后再导入');
  return buffer[0] === 0x50 && buffer[1] === 0x4b ? 'xlsx' : 'csv';
}

function decodeText(buffer: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return utf8.decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    // Not UTF-8: Excel on Chinese Windows saves CSV in GB18030 (a superset of GBK).
    return new TextDecoder('gb18030').decode(buffer);
  }
}

function parseCsv(buffer: Buffer): Sheet {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(decodeText(buffer), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as never;
  } catch (error) {
    throw badRequest(`CSV 文件格式有误：${(error as Error).message}`);
  }
  const [header, ...data] = records;
  return {
    headers: header?.record ?? [],
    rows: data.map((r) => ({ row: r.info.lines, cells: r.record })),
  };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function parseXlsx(buffer: Buffer): Promise<Sheet> {
  // Loaded on first use, like every library only some requests need (docs/decisions.md).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as never);
  } catch {
    throw badRequest('无法读取 Excel 文件，请确认是 .xlsx 格式且未加密');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('Excel 文件中没有工作表');
  let headers: string[] = [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (!headers.length) headers = cells;
    else if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
  });
  return { headers, rows };
}

export async function readSheet(buffer: Buffer, filename?: string): Promise<Sheet> {
  if (!buffer.length) throw badRequest('文件为空');
  const sheet = detectFormat(buffer, filename) === 'xlsx' ? await parseXlsx(buffer) : parseCsv(buffer);
  if (!sheet.headers.some((h) => h.trim())) throw badRequest('文件没有表头，请使用导入模板');
  if (sheet.rows.length > MAX_IMPORT_ROWS) {
    throw badRequest(`单个文件最多导入 ${MAX_IMPORT_ROWS} 行，当前 ${sheet.rows.length} 行，请拆分后导入`);
  }
  return sheet;
}
