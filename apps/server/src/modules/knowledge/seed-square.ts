/**
 * The square is not empty on first start (`knowledge.seed-square`, queued when the server is
 * ready and whenever the library changes, with DEMO_DATA on): every demo research report
 * becomes a public file of the platform (its pages are the report's pages, so citations open
 * the report's PDF at the page), and a few generated Word and Excel files are parsed by the
 * same job as a user's upload. Running it again adds only what is missing.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { kbFiles } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { JobsPort } from '../../platform/jobs/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { DEMO_FILES } from './demo-files.js';
import { parseJobId } from './files.js';
import { indexAndSwap, PARSE_JOB } from './parse-file.js';
import { chunkDocument } from './parsing-port.js';

export const SEED_JOB = 'knowledge.seed-square';

export interface SeedDeps {
  db: Db;
  storage: StoragePort;
  jobs: JobsPort;
  llm: LlmPort;
  embeddingModel: string;
  signal?: AbortSignal | undefined;
}

export async function seedSquare(deps: SeedDeps) {
  const reports = await seedReports(deps);
  const files = await seedGeneratedFiles(deps);
  return { reports, files };
}

async function seedReports(deps: SeedDeps): Promise<number> {
  const { db } = deps;
  const missing = await selectRows<{
    id: string | number;
    title: string;
    summary: string;
    published_at: string;
  }>(
    db,
    sql`select r.id, r.title, r.summary, r.published_at::text as published_at from reports r
      where r.is_demo and not exists (select 1 from kb_files f where f.report_id = r.id)
      order by r.id`,
  );
  let added = 0;
  for (const report of missing) {
    if (deps.signal?.aborted) break;
    const reportId = Number(report.id);
    const pages = await selectRows<{ page_no: number; text: string }>(
      db,
      sql`select page_no, text from report_pages where report_id = ${reportId} order by page_no`,
    );
    if (!pages.length) continue;
    const [row] = await db
      .insert(kbFiles)
      .values({
        ownerId: null,
        title: report.title,
        description: report.summary,
        filename: `${report.title}.pdf`,
        kind: 'pdf',
        status: 'indexing',
        progress: 80,
        visibility: 'public',
        isDemo: true,
        reportId,
        publishedAt: new Date(`${report.published_at}T08:00:00+08:00`),
      })
      .onConflictDoNothing()
      .returning({ id: kbFiles.id });
    if (!row) continue;
    const doc = {
      kind: 'pdf' as const,
      title: report.title,
      pageCount: pages.length,
      warnings: [],
      pages: pages.map((p) => ({ no: p.page_no, label: `第 ${p.page_no} 页`, text: p.text, tables: [] })),
    };
    await indexAndSwap(
      deps,
      {
        fileId: row.id,
        version: 1,
        signal: deps.signal ?? new AbortController().signal,
        progress: async () => {},
      },
      doc.pages.map((p) => ({ no: p.no, label: p.label, text: p.text, isScanned: false })),
      chunkDocument(doc),
      [],
    );
    added++;
  }
  return added;
}

async function seedGeneratedFiles(deps: SeedDeps): Promise<number> {
  const { db } = deps;
  const existing = await db
    .select({ filename: kbFiles.filename })
    .from(kbFiles)
    .where(
      and(
        isNull(kbFiles.ownerId),
        eq(kbFiles.isDemo, true),
        inArray(
          kbFiles.filename,
          DEMO_FILES.map((f) => f.filename),
        ),
      ),
    );
  const have = new Set(existing.map((e) => e.filename));
  let added = 0;
  for (const file of DEMO_FILES) {
    if (have.has(file.filename)) continue;
    const bytes = await file.bytes();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const storageKey = `kb/demo/${sha256}`;
    await deps.storage.put(storageKey, bytes, { contentType: 'application/octet-stream' });
    const [row] = await db
      .insert(kbFiles)
      .values({
        ownerId: null,
        title: file.title,
        description: file.description,
        filename: file.filename,
        kind: file.kind,
        sizeBytes: bytes.length,
        sha256,
        storageKey,
        visibility: 'public',
        isDemo: true,
        publishedAt: new Date(),
      })
      .returning({ id: kbFiles.id });
    await deps.jobs.enqueue(PARSE_JOB, { fileId: row!.id, version: 1 }, { jobId: parseJobId(row!.id, 1) });
    added++;
  }
  return added;
}
