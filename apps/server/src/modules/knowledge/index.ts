/**
 * The knowledge base module (API.md "Knowledge base"): users' files parsed into pages and
 * chunks by a job, retrieval and streamed answers with verbatim quotes, the public square,
 * collections and creator income. docs/knowledge.md describes the design.
 */
import { defineModule } from '../../http/index.js';
import { LIBRARY_CHANGED_CHANNEL } from '../library/index.js';
import { PARSE_ATTEMPTS, PARSE_JOB, PARSE_TIMEOUT_MS, type ParseJobData, runParseJob } from './parse-file.js';
import { knowledgeRoutes } from './routes.js';
import { SEED_JOB, seedSquare } from './seed-square.js';
import { SWEEP_JOB, sweepStuckFiles } from './sweep.js';
import { createUploadReader } from './uploads-port.js';

export { splitShares } from './income.js';

export const knowledgeModule = defineModule({
  name: 'knowledge',
  setup: async ({ config, platform, log, onReady, onClose }) => {
    const db = platform.database.db;
    const parseDeps = {
      db,
      storage: platform.storage,
      ocr: platform.ocr,
      llm: platform.llm,
      config: config.knowledge,
      embeddingModel: config.llm.embedding?.model ?? '',
      log,
    };
    // The square starts with the demo reports and a few generated files (DEMO_DATA).
    if (config.demoData.enabled) {
      // One id per trigger and time bucket: processes hearing the same change run it once (BullMQ),
      // and the change that follows the demo load is not taken for the start's run.
      const seed = async (trigger: string, bucketMs: number) => {
        await platform.jobs
          .enqueue(SEED_JOB, null, { jobId: `kb-seed:${trigger}:${Math.floor(Date.now() / bucketMs)}` })
          .catch((error: unknown) => log.warn({ err: error }, '知识广场演示文件排队失败'));
      };
      onReady(() => seed('ready', 60_000));
      const unsubscribe = await platform.bus.subscribe(LIBRARY_CHANGED_CHANNEL, () =>
        seed('library', 10_000),
      );
      onClose(unsubscribe);
    }
    return {
      routes: knowledgeRoutes({
        platform,
        config: config.knowledge,
        uploads: createUploadReader(db, platform.storage),
        log,
      }),
      jobs: [
        {
          name: PARSE_JOB,
          attempts: PARSE_ATTEMPTS,
          timeoutMs: PARSE_TIMEOUT_MS,
          concurrency: 1,
          run: (data: ParseJobData, context) => runParseJob(parseDeps, data, context),
        },
        {
          name: SWEEP_JOB,
          everyMs: 60_000,
          attempts: 1,
          run: async () => {
            const swept = await sweepStuckFiles({ db, jobs: platform.jobs, config: config.knowledge });
            if (swept.requeued || swept.failed)
              log.info({ event: 'knowledge.swept', ...swept }, '知识库卡住的文件已处理');
          },
        },
        {
          name: SEED_JOB,
          attempts: 2,
          timeoutMs: 10 * 60_000,
          run: async (_data: unknown, { signal }) => {
            const added = await seedSquare({ ...parseDeps, jobs: platform.jobs, signal });
            if (added.reports || added.files)
              log.info({ event: 'knowledge.seeded', ...added }, '知识广场演示文件已就绪');
          },
        },
      ],
    };
  },
});
