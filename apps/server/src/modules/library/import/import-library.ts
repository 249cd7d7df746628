/**
 * Imports institutions, investors or projects from a CSV or XLSX file, all in one transaction.
 * A file with any bad row imports nothing unless `skipInvalid` is set, in which case the good
 * rows go in and the bad ones are reported. A row with an 外部ID updates the record with that
 * id (else inserts it); a row without one updates the record of the same name, so importing the
 * same file twice never duplicates. Only filled-in cells change a stored record.
 */
import { inArray } from 'drizzle-orm';
import { institutions } from '../../../db/schema.js';
import { badRequest } from '../../../errors.js';
import type { Db } from '../../../platform/database/index.js';
import { detectKind, type ImportKind, KIND_LABELS } from './columns.js';
import { readSheet } from './parse-file.js';
import { type ImportIssue, issueText, type ParsedRow, validateRows } from './validate-rows.js';
import { buildRow, TABLES } from './write-rows.js';

export interface ImportOptions {
  buffer: Buffer;
  filename?: string | undefined;
  kind?: ImportKind | undefined;
  skipInvalid?: boolean | undefined;
}

export interface ImportReport {
  kind: ImportKind;
  kindLabel: string;
  /** Data rows in the file. */
  total: number;
  inserted: number;
  updated: number;
  /** Bad rows left out (only with skipInvalid). */
  skipped: number;
  /** Whether anything was written. */
  imported: boolean;
  errors: ImportIssue[];
  /** The errors as sentences: 第 3 行：「投资阶段」无法识别“Z轮”… */
  messages: string[];
  warnings: string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Existing = Record<string, unknown> & { id: number; externalId: string | null; name: string };

/** Investors name their institution by 外部ID, full name or short name; resolve them all at once. */
async function resolveInstitutions(
  tx: Tx,
  rows: ParsedRow[],
  report: (row: number, message: string) => void,
) {
  const refs = [
    ...new Set(rows.map((r) => r.values.institution).filter((v): v is string => typeof v === 'string')),
  ];
  if (!refs.length) return;
  const found = await tx
    .select({
      id: institutions.id,
      externalId: institutions.externalId,
      name: institutions.name,
      shortName: institutions.shortName,
    })
    .from(institutions)
    .where(inArray(institutions.externalId, refs))
    .union(
      tx
        .select({
          id: institutions.id,
          externalId: institutions.externalId,
          name: institutions.name,
          shortName: institutions.shortName,
        })
        .from(institutions)
        .where(inArray(institutions.name, refs)),
    )
    .union(
      tx
        .select({
          id: institutions.id,
          externalId: institutions.externalId,
          name: institutions.name,
          shortName: institutions.shortName,
        })
        .from(institutions)
        .where(inArray(institutions.shortName, refs)),
    );
  const byRef = new Map<string, (typeof found)[number]>();
  for (const key of ['externalId', 'name', 'shortName'] as const) {
    for (const org of [...found].sort((a, b) => a.id - b.id)) {
      const value = org[key];
      if (value && !byRef.has(value)) byRef.set(value, org);
    }
  }
  for (const r of rows) {
    const ref = r.values.institution as string | undefined;
    if (!ref) continue;
    const org = byRef.get(ref);
    if (!org) report(r.row, `找不到机构“${ref}”，请先导入该机构或填写其外部ID`);
    else
      Object.assign(r.values, {
        institutionId: org.id,
        institutionName: org.name,
        institutionShortName: org.shortName,
      });
  }
}

async function findExisting(tx: Tx, kind: ImportKind, rows: ParsedRow[]): Promise<Map<ParsedRow, Existing>> {
  const table = TABLES[kind];
  const ids = rows.map((r) => r.values.externalId).filter((v): v is string => typeof v === 'string');
  const names = rows.filter((r) => !r.values.externalId).map((r) => r.values.name as string);
  const byId = ids.length
    ? ((await tx.select().from(table).where(inArray(table.externalId, ids))) as Existing[])
    : [];
  const byName = names.length
    ? ((await tx.select().from(table).where(inArray(table.name, names))) as Existing[])
    : [];
  byName.sort((a, b) => a.id - b.id);
  const out = new Map<ParsedRow, Existing>();
  for (const r of rows) {
    const match = r.values.externalId
      ? byId.find((e) => e.externalId === r.values.externalId)
      : byName.find(
          (e) =>
            e.name === r.values.name &&
            (kind !== 'investors' || !r.values.institutionId || e.institutionId === r.values.institutionId),
        );
    if (match) out.set(r, match);
  }
  return out;
}

/** An investor updated without 所属机构 keeps its institution's names in its search tokens. */
async function nameStoredInstitutions(tx: Tx, rows: ParsedRow[], existing: Map<ParsedRow, Existing>) {
  const missing = rows.filter((r) => !r.values.institutionId && existing.get(r)?.institutionId);
  const ids = [...new Set(missing.map((r) => existing.get(r)!.institutionId as number))];
  if (!ids.length) return;
  const orgs = await tx
    .select({ id: institutions.id, name: institutions.name, shortName: institutions.shortName })
    .from(institutions)
    .where(inArray(institutions.id, ids));
  for (const r of missing) {
    const org = orgs.find((o) => o.id === existing.get(r)!.institutionId);
    if (org) Object.assign(r.values, { institutionName: org.name, institutionShortName: org.shortName });
  }
}

export async function importLibraryFile(db: Db, options: ImportOptions): Promise<ImportReport> {
  const sheet = await readSheet(options.buffer, options.filename);
  const kind = options.kind ?? detectKind(sheet.headers);
  if (!kind) {
    throw badRequest('无法从表头判断导入的是机构、投资人还是项目，请使用导入模板或指定类型（kind）');
  }
  const checked = validateRows(kind, sheet);
  const report: ImportReport = {
    kind,
    kindLabel: KIND_LABELS[kind],
    total: sheet.rows.length,
    inserted: 0,
    updated: 0,
    skipped: 0,
    imported: false,
    errors: checked.issues,
    messages: [],
    warnings: checked.warnings,
  };
  const fileLevel = checked.issues.some((issue) => issue.row <= 1 && !issue.field);
  if (!fileLevel) {
    await db.transaction(async (tx) => {
      const addIssue = (row: number, field: string, message: string) => {
        report.errors.push({ row, field, message });
        checked.invalid.add(row);
      };
      if (kind === 'investors') {
        await resolveInstitutions(tx, checked.rows, (row, message) => addIssue(row, '所属机构', message));
      }
      if (checked.invalid.size && !options.skipInvalid) return;
      const good = checked.rows.filter((r) => !checked.invalid.has(r.row));
      const existing = await findExisting(tx, kind, good);
      if (kind === 'investors') await nameStoredInstitutions(tx, good, existing);
      for (const r of good) {
        const before = existing.get(r);
        const row = buildRow(kind, r.values, before);
        if (before) {
          await tx
            .update(TABLES[kind])
            .set(row as never)
            .where(inArray(TABLES[kind].id, [before.id]));
          report.updated += 1;
        } else {
          await tx.insert(TABLES[kind]).values(row as never);
          report.inserted += 1;
        }
      }
      report.skipped = checked.invalid.size;
      report.imported = report.inserted + report.updated > 0;
    });
  }
  report.errors.sort((a, b) => a.row - b.row);
  report.messages = report.errors.map(issueText);
  return report;
}

/** One line for a person: what happened, and the first problems. */
export function summarizeImport(report: ImportReport, limit = 5): string {
  const head = report.imported
    ? `${report.kindLabel}导入完成：新增 ${report.inserted} 条，更新 ${report.updated} 条${report.skipped ? `，跳过有误的 ${report.skipped} 行` : ''}`
    : `${report.kindLabel}导入未执行：发现 ${report.errors.length} 处错误，未导入任何数据`;
  const more = report.messages.length > limit ? `（另有 ${report.messages.length - limit} 处）` : '';
  const detail = report.messages.slice(0, limit).join('；');
  return detail ? `${head}。${detail}${more}` : `${head}。`;
}
