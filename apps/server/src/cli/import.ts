/**
 * `npm run import -- FILE [--kind projects|institutions|investors] [--skip-invalid]`: imports a
 * CSV or XLSX file into the configured database and prints the report in Chinese. Exits 1 when
 * bad rows stopped the import (nothing was written), 0 otherwise.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import {
  IMPORT_KINDS,
  type ImportKind,
  importAndAnnounce,
  summarizeImport,
} from '../modules/library/index.js';
import { syncReferenceData } from '../modules/reference/index.js';
import { createPlatform } from '../platform/index.js';

const USAGE =
  '用法：npm run import -- 文件.csv|文件.xlsx [--kind projects|institutions|investors] [--skip-invalid]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      'skip-invalid': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const file = positionals[0];
  if (values.help || !file) {
    console.info(USAGE);
    return values.help ? 0 : 1;
  }
  if (values.kind && !IMPORT_KINDS.includes(values.kind as ImportKind)) {
    console.error(`--kind 应为 ${IMPORT_KINDS.join('、')}\n${USAGE}`);
    return 1;
  }
  const buffer = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  const platform = await createPlatform(loadConfig());
  try {
    await platform.database.migrate();
    await syncReferenceData(platform.database.db);
    const report = await importAndAnnounce(platform, {
      buffer,
      filename: file,
      kind: values.kind as ImportKind | undefined,
      skipInvalid: values['skip-invalid'],
    });
    console.info(summarizeImport(report, 0));
    for (const message of report.messages) console.info(`  ${message}`);
    for (const warning of report.warnings) console.info(`  提示：${warning}`);
    return report.imported || !report.errors.length ? 0 : 1;
  } finally {
    await platform.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(error instanceof ConfigError || error instanceof AppError ? error.message : error);
    process.exit(1);
  });
