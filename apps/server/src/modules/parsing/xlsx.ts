/**
 * Spreadsheets through exceljs: one page per visible, non-empty sheet, each sheet one table.
 * The first row is the header, unless it is a lone title above the columns, which becomes
 * the caption. Cells read as a person sees them: a formula's stored result, percentages as
 * percentages, dates as dates. The chunker later cuts long sheets into row groups that
 * repeat the header.
 */
import type ExcelJS from 'exceljs';
import { PageBuilder } from './page-builder.js';
import {
  DEFAULT_MAX_PAGES,
  MAX_TEXT_CHARS,
  type ParsedDocument,
  type ParsedPage,
  ParseError,
  type ParseOptions,
} from './types.js';
import { checkZipBomb } from './zip.js';

/** Rows read from one sheet; the rest is left out with a warning. */
export const MAX_SHEET_ROWS = 50_000;
const MAX_COLUMNS = 200;

function formatNumber(value: number, numFmt: string | undefined): string {
  if (numFmt?.includes('%')) {
    const decimals = /0\.(0+)%/.exec(numFmt)?.[1]?.length ?? 0;
    return `${(value * 100).toFixed(decimals)}%`;
  }
  if (Number.isInteger(value)) return String(value);
  // 0.1 + 0.2 is stored as 0.30000000000000004; show what Excel shows.
  return String(Number.parseFloat(value.toPrecision(12)));
}

function formatDate(value: Date): string {
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

interface CellReading {
  text: string;
  missingResult: boolean;
}

function readCell(value: ExcelJS.CellValue, numFmt: string | undefined): CellReading {
  if (value === null || value === undefined) return { text: '', missingResult: false };
  if (typeof value === 'number') return { text: formatNumber(value, numFmt), missingResult: false };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', missingResult: false };
  if (value instanceof Date) return { text: formatDate(value), missingResult: false };
  if (typeof value === 'object') {
    if ('richText' in value)
      return { text: value.richText.map((part) => part.text).join(''), missingResult: false };
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: ExcelJS.CellValue }).result;
      if (result === undefined || result === null) return { text: '', missingResult: true };
      return readCell(result, numFmt);
    }
    if ('error' in value) return { text: String(value.error), missingResult: false };
    if ('text' in value) return readCell((value as { text: ExcelJS.CellValue }).text, numFmt);
  }
  return { text: String(value).trim(), missingResult: false };
}

interface SheetReading {
  rows: string[][];
  truncated: boolean;
  missingResults: number;
}

function readSheet(sheet: ExcelJS.Worksheet): SheetReading {
  const rows: string[][] = [];
  let truncated = false;
  let missingResults = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length >= MAX_SHEET_ROWS) {
      truncated = true;
      return;
    }
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, MAX_COLUMNS); c++) {
      const cell = row.getCell(c);
      const reading = readCell(cell.value, cell.numFmt);
      if (reading.missingResult) missingResults++;
      cells.push(reading.text.replace(/\s+/g, ' ').trim());
    }
    if (cells.some(Boolean)) rows.push(cells);
  });
  // Columns empty in every row (a blank first column, trailing formatting) are dropped.
  const width = Math.max(0, ...rows.map((row) => row.length));
  const used = Array.from({ length: width }, (_, c) => rows.some((row) => row[c]));
  return {
    rows: rows.map((row) => used.flatMap((isUsed, c) => (isUsed ? [row[c] ?? ''] : []))),
    truncated,
    missingResults,
  };
}

export async function parseXlsx(
  bytes: Uint8Array,
  options: ParseOptions,
  fallbackTitle: string,
): Promise<ParsedDocument> {
  checkZipBomb(bytes);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (error) {
    throw new ParseError('corrupt', 'Excel 文件无法读取，请确认是 .xlsx 格式且未损坏', { cause: error });
  }
  const sheets = workbook.worksheets;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (sheets.length > maxPages) {
    throw new ParseError('too_many_pages', `工作簿有 ${sheets.length} 个工作表，超过上限 ${maxPages} 个`);
  }
  const warnings: string[] = [];
  const pages: ParsedPage[] = [];
  const hidden: string[] = [];
  let chars = 0;
  let missingResults = 0;
  for (const [i, sheet] of sheets.entries()) {
    options.signal?.throwIfAborted();
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') {
      hidden.push(sheet.name);
      continue;
    }
    const reading = readSheet(sheet);
    missingResults += reading.missingResults;
    if (reading.truncated)
      warnings.push(`工作表「${sheet.name}」超过 ${MAX_SHEET_ROWS} 行，只收录了前 ${MAX_SHEET_ROWS} 行`);
    if (reading.rows.length) {
      const [first, ...rest] = reading.rows;
      const isTitleRow = first!.filter(Boolean).length === 1 && first!.length > 1 && rest.length > 0;
      const builder = new PageBuilder();
      builder.table(
        isTitleRow
          ? { caption: first!.find(Boolean)!, header: rest[0]!, rows: rest.slice(1) }
          : { header: first!, rows: rest },
      );
      const page = builder.build(pages.length + 1, `工作表「${sheet.name}」`);
      chars += page.text.length;
      if (chars > MAX_TEXT_CHARS) throw new ParseError('too_large');
      pages.push(page);
    }
    options.onProgress?.(i + 1, sheets.length);
  }
  if (hidden.length) warnings.push(`已跳过隐藏的工作表：${hidden.map((name) => `「${name}」`).join('、')}`);
  if (missingResults) warnings.push(`有 ${missingResults} 个公式单元格没有保存计算结果，显示为空`);
  if (!pages.length) throw new ParseError('no_text', '工作簿中没有数据');
  const title = workbook.title?.trim() || fallbackTitle || pages[0]!.label;
  return { kind: 'xlsx', title, pages, pageCount: pages.length, warnings };
}
