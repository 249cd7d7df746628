/**
 * Files never stay stuck (`knowledge.sweep-stuck`, every minute, once across processes): a
 * file whose status or progress has not moved for KB_STUCK_MINUTES (two minutes while
 * queued: a lost queue after a restart) is queued again, up to the parse job's tries; after
 * that it fails with a Chinese reason and can be re-parsed by hand. A progressing job writes
 * its progress (and so `status_at`) at least every few seconds, so it is never swept.
 */
import { sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { JobsPort } from '../../platform/jobs/index.js';
import { parseJobId } from './files.js';
import { PARSE_ATTEMPTS, PARSE_JOB } from './parse-file.js';

export const SWEEP_JOB = 'knowledge.sweep-stuck';
const QUEUED_STUCK_MS = 2 * 60_000;

export async function sweepStuckFiles(deps: { db: Db; jobs: JobsPort; config: KnowledgeConfig }) {
  const { db, config } = deps;
  const failed = await selectRows<{ id: string | number }>(
    db,
    sql`update kb_files set status = 'failed', status_at = now(), updated_at = now(),
        fail_reason = '处理超时，已自动重试 ' || attempts || ' 次仍未完成。请点击“重新解析”再试'
      where status in ('queued', 'parsing', 'indexing') and attempts >= ${PARSE_ATTEMPTS}
        and status_at < now() - ${config.stuckMs}::int * interval '1 millisecond'
      returning id`,
  );
  const again = await selectRows<{ id: string | number; parse_version: number; attempts: number }>(
    db,
    sql`update kb_files set status = 'queued', status_at = now()
      where id in (select id from kb_files
        where attempts < ${PARSE_ATTEMPTS} and (
          (status in ('parsing', 'indexing') and status_at < now() - ${config.stuckMs}::int * interval '1 millisecond')
          or (status = 'queued' and status_at < now() - ${QUEUED_STUCK_MS}::int * interval '1 millisecond'))
        order by status_at limit 100)
      returning id, parse_version, attempts`,
  );
  for (const row of again) {
    const id = Number(row.id);
    await deps.jobs.enqueue(
      PARSE_JOB,
      { fileId: id, version: row.parse_version },
      { jobId: parseJobId(id, row.parse_version, `:sweep${row.attempts}:${Date.now()}`) },
    );
  }
  return { requeued: again.length, failed: failed.length };
}
