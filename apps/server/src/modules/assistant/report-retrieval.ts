/**
 * Report retrieval's life in a server process: the page statistics the ranking uses are
 * forgotten when the library changes, and with EMBEDDING_* set the page vectors are kept up to
 * date in the background (at start, and after every change) — see report-vectors.ts.
 */
import type { FastifyInstance } from 'fastify';
import { EMBEDDING_BATCH } from '../../platform/llm/embeddings.js';
import type { ModuleOptions } from '../index.js';
import { LIBRARY_CHANGED_CHANNEL } from '../library/search/cache.js';
import { clearPageStats } from './page-rank.js';
import { registerReportVectors } from './report-vectors.js';

export async function setUpReportRetrieval(app: FastifyInstance, { config, platform }: ModuleOptions) {
  const db = platform.database.db;
  const embedding = config.llm.embedding;
  const vectors = embedding
    ? registerReportVectors(db, {
        llm: platform.llm,
        model: embedding.model,
        batchSize: embedding.batchSize ?? EMBEDDING_BATCH,
        log: app.log,
      })
    : undefined;
  const unsubscribe = await platform.bus.subscribe(LIBRARY_CHANGED_CHANNEL, () => {
    clearPageStats(db);
    vectors?.libraryChanged();
  });
  app.addHook('onReady', async () => vectors?.start());
  app.addHook('onClose', async () => {
    await unsubscribe();
    await vectors?.stop();
  });
}
