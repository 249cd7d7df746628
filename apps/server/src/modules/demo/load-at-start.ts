/**
 * The demo data at server start: loaded into an empty library before the server answers
 * (the load checks again under its lock, so processes starting together load it once).
 * The reports' PDFs are rendered afterwards by the library's background job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Platform } from '../../platform/index.js';
import { hasLibraryData, loadDemoData } from './load.js';

export async function loadDemoAtStart(platform: Platform, config: Config, log: FastifyBaseLogger) {
  if (await hasLibraryData(platform.database.db)) return;
  log.info(
    { event: 'library.demo.loading', seed: config.demoData.seed },
    '资料库为空，正在加载演示数据（约半分钟）…',
  );
  const t0 = performance.now();
  const result = await loadDemoData(platform, { seed: config.demoData.seed, dataDir: config.dataDir });
  if (result.loaded) {
    log.info(
      {
        event: 'library.demo.loaded',
        seed: result.seed,
        counts: result.counts,
        ms: Math.round(performance.now() - t0),
      },
      '演示数据已加载',
    );
  }
}
