/**
 * The import use cases the CLI and the admin upload share: an import that wrote rows is
 * announced on the bus (`library.changed`), so every server process drops its search cache
 * and rebuilds its indexes.
 */
import { Code } from '@jq/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../errors.js';
import type { Platform } from '../../../platform/index.js';
import { notifyLibraryChanged } from '../search/cache.js';
import {
  type ImportOptions,
  type ImportReport,
  importLibraryFile,
  summarizeImport,
} from './import-library.js';

export async function importAndAnnounce(platform: Platform, options: ImportOptions): Promise<ImportReport> {
  const report = await importLibraryFile(platform.database.db, options);
  if (report.imported) await notifyLibraryChanged(platform.bus);
  return report;
}

/** The admin upload: as the CLI, but bad rows that stopped the import answer 400 with the report. */
export async function importUpload(
  platform: Platform,
  options: ImportOptions,
  log: FastifyBaseLogger,
): Promise<ImportReport> {
  const report = await importAndAnnounce(platform, options);
  log.info(
    {
      event: 'library.import',
      kind: report.kind,
      inserted: report.inserted,
      updated: report.updated,
      errors: report.errors.length,
    },
    'library import',
  );
  if (!report.imported && report.errors.length) {
    throw new AppError(Code.BAD_REQUEST, summarizeImport(report), { data: report });
  }
  return report;
}
