/**
 * The library at server start: reference data synced, demo data loaded into an empty library
 * (unless DEMO_DATA=false), then the reports' PDFs rendered in the background. `stop` ends the
 * background pass at shutdown; a later start finishes what is missing.
 */
import type { Config } from '../../../config.js';
import type { Platform } from '../../../platform/index.js';
import { syncReferenceData } from '../reference/index.js';
import { hasLibraryData, loadDemoData } from './load.js';
import { renderMissingReportPdfs } from './render-pdf.js';

export interface StartupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export async function prepareLibrary(platform: Platform, config: Config, log: StartupLog) {
  await syncReferenceData(platform.database.db);
  if (config.demoData.enabled && !(await hasLibraryData(platform.database.db))) {
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
  const controller = new AbortController();
  const rendering = renderMissingReportPdfs(platform, controller.signal)
    .then((count) => {
      if (count) log.info({ event: 'library.reports.rendered', count }, '研报 PDF 已生成');
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted)
        log.error({ event: 'library.reports.render_failed', err: error }, '研报 PDF 生成失败');
    });
  return {
    async stop() {
      controller.abort();
      await rendering;
    },
  };
}
