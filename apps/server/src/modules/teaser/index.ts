/**
 * The teaser module (API.md "Teasers", issue 17, docs/teaser.md): anonymised one-page
 * teasers written from a project, a business plan or a form, matched to investors both
 * ways, delivered by paid orders, read with view analytics, shared by link, and opened to
 * an investor by a double opt-in contact unlock. Scheduled jobs release unanswered unlocks
 * and deliver orders.
 */
import { sql } from 'drizzle-orm';
import { defineModule } from '../../http/index.js';
import { DELIVER_JOB, deliverOrders } from './orders.js';
import { teaserRoutes } from './routes.js';
import { EXPIRE_UNLOCKS_JOB, expireUnlocks } from './unlocks.js';

/**
 * Planner statistics for the teaser tables: PGlite has no autovacuum, and without statistics
 * the planner sorts every published teaser instead of reading the newest from
 * teasers_online_idx (75 ms against 7 ms a list at 10,000 teasers; docs/benchmarks.md).
 */
export const ANALYZE_JOB = 'teaser.analyze';

export const teaserModule = defineModule({
  name: 'teaser',
  setup: ({ config, platform, log, onReady }) => {
    const db = platform.database.db;
    onReady(async () => {
      await platform.jobs
        .enqueue(ANALYZE_JOB, null, { jobId: `teaser-analyze:ready:${Math.floor(Date.now() / 60_000)}` })
        .catch((error: unknown) => log.warn({ err: error }, 'Teaser 统计信息任务排队失败'));
    });
    return {
      routes: teaserRoutes(platform, config),
      jobs: [
        {
          name: EXPIRE_UNLOCKS_JOB,
          everyMs: 60_000,
          attempts: 1,
          run: async () => {
            const n = await expireUnlocks(db);
            if (n) log.info({ event: 'teaser.unlocks-expired', n }, 'Teaser 联系请求超时，算力已退回');
          },
        },
        {
          name: ANALYZE_JOB,
          everyMs: 10 * 60_000,
          attempts: 1,
          run: async () => {
            await db.execute(sql`analyze teasers, teaser_views`);
          },
        },
        {
          name: DELIVER_JOB,
          everyMs: 60_000,
          attempts: 1,
          run: async () => {
            const n = await deliverOrders(db);
            if (n) log.info({ event: 'teaser.delivered', n }, 'Teaser 已投递');
          },
        },
      ],
    };
  },
});
