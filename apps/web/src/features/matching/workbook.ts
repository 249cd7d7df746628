/**
 * A one-sheet Excel workbook (.xlsx) written in the browser with exceljs. The library is
 * loaded with a dynamic import the first time the user exports, so it is its own chunk and
 * never part of the shell's vendor code. The header row is bold and frozen.
 */

export type Cell = string | number | null | undefined;

export interface SheetSpec {
  /** Up to 31 characters; characters Excel refuses in a sheet name are replaced. */
  name: string;
  header: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Column widths in characters (optional, per column). */
  widths?: readonly number[];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_CELL_CHARS = 32_767;

export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (clean || 'Sheet1').slice(0, 31);
}

/** Empty cells stay empty; text longer than Excel allows in a cell is cut. */
function cellValue(value: Cell): string | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value ? value.slice(0, MAX_CELL_CHARS) : null;
}

/** The workbook's bytes. */
export async function buildXlsx(spec: SheetSpec): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(spec.name), {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }],
  });
  if (spec.widths?.length) sheet.columns = spec.widths.map((width) => ({ width }));
  sheet.addRow([...spec.header]).font = { bold: true };
  sheet.addRows(spec.rows.map((row) => row.map(cellValue)));
  // Typed as an ArrayBuffer, but a Buffer (a Uint8Array) in Node and in the browser build alike.
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Saves the workbook through a download link (the browser's own save dialog or folder). */
export async function downloadXlsx(spec: SheetSpec, fileName: string): Promise<void> {
  const blob = new Blob([(await buildXlsx(spec)) as BlobPart], { type: XLSX_MIME });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
