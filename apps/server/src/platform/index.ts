/**
 * The platform: every port opened on the engine the configuration selects.
 * Features receive it; they never choose an engine themselves.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { type BusPort, createBus } from './bus/index.js';
import { createDatabase, type DatabasePort } from './database/index.js';
import { createJobs, type JobsPort } from './jobs/index.js';
import { createLlm, type LlmPort } from './llm/index.js';
import { createOcr, type OcrPort } from './ocr/index.js';
import { createPay, type PayPort } from './pay/index.js';
import { createSms, type SmsPort } from './sms/index.js';
import { createStorage, type StoragePort } from './storage/index.js';

export interface Platform {
  database: DatabasePort;
  bus: BusPort;
  storage: StoragePort;
  jobs: JobsPort;
  pay: PayPort;
  llm: LlmPort;
  ocr: OcrPort;
  sms: SmsPort;
  close(): Promise<void>;
}

/** `database` may be given already open (tests start PGlite from a migrated dump). */
export async function createPlatform(
  config: Config,
  open: { database?: DatabasePort } = {},
): Promise<Platform> {
  const database =
    open.database ??
    (await createDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const bus = createBus(config.redis);
  const storage = await createStorage({ localDir: path.join(config.dataDir, 'storage'), s3: config.storage });
  const jobs = await createJobs({ redis: config.redis, db: database.db });
  const pay = createPay(config.pay, database.db);
  const llm = createLlm({ config: config.llm, db: database.db });
  const ocr = await createOcr(config.ocr);
  const sms = createSms(config.sms, database.db);
  return {
    database,
    bus,
    storage,
    jobs,
    pay,
    llm,
    ocr,
    sms,
    async close() {
      // Jobs first: a running job may still need the database.
      await jobs.close();
      await llm.close();
      await Promise.allSettled([bus.close(), storage.close(), ocr.close()]);
      await database.close();
    },
  };
}

export function platformEngines(platform: Platform) {
  return {
    database: platform.database.engine,
    bus: platform.bus.engine,
    storage: platform.storage.engine,
    jobs: platform.jobs.engine,
    pay: platform.pay.engine,
    ai: platform.llm.engine,
    ocr: platform.ocr.engine,
    sms: platform.sms.engine,
  };
}
