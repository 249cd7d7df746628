/**
 * Report retrieval's life in a server process: the page statistics the ranking uses are
 * forgotten when the library changes, and with EMBEDDING_* set the page vectors are kept up to
 * date by a job (queued at start and after every change) — see report-vectors.ts.
 */
import type { ModuleContext } from '../../http/index.js';
import type { JobDefinition } from '../../platform/jobs/index.js';
import { LIBRARY_CHANGED_CHANNEL } from '../library/index.js';
import { clearPageStats } from './page-rank.js';
import { registerReportVectors } from './report-vectors.js';

/** Sets up report retrieval in this process; answers the jobs to declare. */
export async function setUpReportRetrieval({
  config,
  platform,
  log,
  onReady,
  onClose,
}: ModuleContext): Promise<JobDefinition<null>[]> {
  const db = platform.database.db;
  const embedding = config.llm.embedding;
  const vectors = embedding
    ? registerReportVectors(db, {
        llm: platform.llm,
        model: embedding.model,
        batchSize: embedding.batchSize,
        log,
        jobs: platform.jobs,
        bus: platform.bus,
      })
    : undefined;
  const unsubscribe = await platform.bus.subscribe(LIBRARY_CHANGED_CHANNEL, () => {
    clearPageStats(db);
    vectors?.libraryChanged();
  });
  onReady(async () => vectors?.start());
  onClose(async () => {
    await unsubscribe();
    await vectors?.stop();
  });
  return vectors ? [vectors.job()] : [];
}
