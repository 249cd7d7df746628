/**
 * The industry-chain module (API.md "Industry chain"): curated chains of every industry,
 * companies and institutions placed on their nodes, investment activity and analyses.
 * Placements are rebuilt by a job whenever the library announces a change.
 */
import { defineModule } from '../../http/index.js';
import { collectGarbage, LARGE_BUILD_ROWS } from '../../lib/gc.js';
import { whenLibrarySnapshotReady } from '../library/index.js';
import { CHAIN_CHANGED_CHANNEL } from './admin.js';
import { rebuildPlacements } from './placement/rebuild.js';
import { chainRoutes } from './routes.js';
import { syncChainSeeds } from './store.js';
import { LIBRARY_CHANGED_CHANNEL } from './taxonomy.js';

export { type ChainIndustryAdjacency, chainIndustryAdjacency, seededChainAdjacency } from './adjacency.js';
export { CHAIN_USAGE, ChainAdminError, runChainAdminCommand } from './admin.js';
export { getProjectChainPlace, placeProject } from './place.js';
export { currentGeneration, rebuildPlacements } from './placement/rebuild.js';
export { syncChainSeeds } from './store.js';

export const REBUILD_JOB = 'chain.rebuild-placements';

export const chainModule = defineModule({
  name: 'chain',
  setup: ({ config, platform, log, onReady, onClose }) => {
    const db = platform.database.db;
    const enqueueRebuild = (why: string) =>
      platform.jobs
        .enqueue(REBUILD_JOB, { why }, { jobId: `${REBUILD_JOB}@${why}`, delayMs: 500 })
        .catch((error: unknown) => log.error({ err: error }, '产业链重建任务入队失败'));
    const unsubscribers: (() => Promise<void>)[] = [];
    let isClosing = false;
    onReady(async () => {
      const seeded = await syncChainSeeds(db);
      if (seeded.created.length || seeded.updated.length) {
        log.info({ event: 'chain.seeded', ...seeded }, '产业链数据已更新');
      }
      if (seeded.keptEdited.length) {
        log.warn(
          { event: 'chain.seed_skipped', chains: seeded.keptEdited },
          '这些产业链已被管理员修改，未应用新的初始数据',
        );
      }
      unsubscribers.push(
        await platform.bus.subscribe(LIBRARY_CHANGED_CHANNEL, (message) => {
          const at = (message as { at?: number } | null)?.at ?? Date.now();
          void enqueueRebuild(`library-${at}`);
        }),
        await platform.bus.subscribe(CHAIN_CHANGED_CHANNEL, (message) => {
          const { chainId, version } = (message ?? {}) as { chainId?: string; version?: number };
          void enqueueRebuild(`chain-${chainId}-${version}`);
        }),
      );
      // Placements may be missing or stale (first start, data loaded while the server was down).
      const rebuildAtStart = () => (isClosing ? undefined : enqueueRebuild(`start-${Date.now()}`));
      // A server's library snapshot reads the whole library at start too: placing after it, not
      // beside it, has search and matching ready sooner (both at once take as long on two cores).
      if (config.env === 'test') await rebuildAtStart();
      else void whenLibrarySnapshotReady(db).then(rebuildAtStart, rebuildAtStart);
    });
    onClose(async () => {
      isClosing = true;
      await Promise.all(unsubscribers.map((off) => off()));
    });
    return {
      routes: chainRoutes(platform),
      jobs: [
        {
          name: REBUILD_JOB,
          attempts: 2,
          timeoutMs: 10 * 60_000,
          concurrency: 1,
          run: async (_data: unknown, { signal }) => {
            const result = await rebuildPlacements(db, { signal });
            if (!result) return;
            log.info({ event: 'chain.placed', ...result }, '产业链企业位置已重建');
            if (result.projects >= LARGE_BUILD_ROWS) setImmediate(collectGarbage);
          },
        },
      ],
    };
  },
});
