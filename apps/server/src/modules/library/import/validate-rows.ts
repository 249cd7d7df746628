/**
 * Checks every row of a sheet against the columns of its kind and reports each problem with
 * its row and column in Chinese (第 3 行：「投资阶段」无法识别“Z轮”…). Only cells that are
 * filled in become values: an empty cell on re-import leaves the stored field as it was.
 */
import {
  COLUMNS,
  type ColumnSpec,
  headerIndex,
  type ImportKind,
  KIND_LABELS,
  normalizeHeader,
} from './columns.js';
import type { Sheet } from './parse-file.js';
import { readCell } from './read-cells.js';

export interface ImportIssue {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column's template header, or '' for a problem with the whole row or file. */
  field: string;
  message: string;
}

export interface ParsedRow {
  row: number;
  values: Record<string, unknown>;
}

export interface ValidatedSheet {
  rows: ParsedRow[];
  /** Row numbers with at least one problem. */
  invalid: Set<number>;
  issues: ImportIssue[];
  warnings: string[];
  /** Columns present in the file, by key. */
  columns: Set<string>;
}

export function issueText(issue: ImportIssue): string {
  if (issue.row <= 1 && !issue.field) return issue.message;
  return `第 ${issue.row} 行：${issue.field ? `「${issue.field}」` : ''}${issue.message}`;
}

const PAIRS: [string, string][] = [
  ['ticketMin', 'ticketMax'],
  ['aumMin', 'aumMax'],
];

export function validateRows(kind: ImportKind, sheet: Sheet): ValidatedSheet {
  const index = headerIndex(kind);
  const warnings: string[] = [];
  const issues: ImportIssue[] = [];
  const invalid = new Set<number>();
  const byColumn: (ColumnSpec | undefined)[] = sheet.headers.map((header) => {
    const spec = index.get(normalizeHeader(header));
    if (header.trim() && !spec) warnings.push(`未识别的列「${header.trim()}」已忽略`);
    return spec;
  });
  const columns = new Set(byColumn.filter((s): s is ColumnSpec => !!s).map((s) => s.key));
  for (const spec of COLUMNS[kind]) {
    if (spec.required && !columns.has(spec.key)) {
      issues.push({
        row: 1,
        field: '',
        message: `${KIND_LABELS[kind]}导入文件缺少必填列「${spec.label}」，请使用导入模板`,
      });
    }
  }
  if (issues.length) return { rows: [], invalid, issues, warnings, columns };

  const rows: ParsedRow[] = [];
  const seenIds = new Map<string, number>();
  const seenNames = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    const report = (field: string, message: string) => {
      issues.push({ row, field, message });
      invalid.add(row);
    };
    byColumn.forEach((spec, i) => {
      const raw = cells[i] ?? '';
      if (!spec || raw.trim() === '') return;
      const result = readCell(spec.cell, raw);
      if (result.ok) values[spec.key] = result.value;
      else report(spec.label, result.problem);
    });
    for (const spec of COLUMNS[kind]) {
      if (spec.required && !(spec.key in values) && !invalid.has(row)) report(spec.label, '不能为空');
      if (
        spec.required &&
        spec.cell === 'industries' &&
        Array.isArray(values[spec.key]) &&
        !(values[spec.key] as []).length
      ) {
        report(spec.label, '不能为空');
      }
    }
    for (const [low, high] of PAIRS) {
      const a = values[low];
      const b = values[high];
      if (typeof a === 'number' && typeof b === 'number' && a > b) {
        const label = (key: string) => COLUMNS[kind].find((c) => c.key === key)!.label;
        report(label(low), `不能大于「${label(high)}」`);
      }
    }
    const externalId = values.externalId as string | undefined;
    if (externalId) {
      const first = seenIds.get(externalId);
      if (first) report('外部ID', `与第 ${first} 行重复（“${externalId}”）`);
      else seenIds.set(externalId, row);
    } else if (typeof values.name === 'string') {
      const key = `${values.name}\u0000${values.institution ?? ''}`;
      const first = seenNames.get(key);
      if (first)
        report(
          COLUMNS[kind].find((c) => c.key === 'name')!.label,
          `与第 ${first} 行重复（“${values.name}”），请填写外部ID区分`,
        );
      else seenNames.set(key, row);
    }
    rows.push({ row, values });
  }
  if (!sheet.rows.length) issues.push({ row: 1, field: '', message: '文件中没有数据行' });
  return { rows, invalid, issues, warnings, columns };
}
