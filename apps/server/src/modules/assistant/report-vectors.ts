/**
 * Vectors of report pages, when an embeddings service is configured (EMBEDDING_*). Neither
 * PGlite nor a stock PostgreSQL has pgvector, so the vectors are rows of `real[]`
 * (`report_page_vectors`, one per page) and similarity is computed here: the rows are loaded
 * once into one Float32Array (unit vectors, so a dot product is the cosine) and a question is
 * compared with every page by brute force (about 15 ms for ten thousand pages of 1024 dimensions).
 *
 * A background pass embeds the pages that have no vector, or whose text (with the report's
 * title) changed since, or that were embedded by another model: the job
 * `assistant.backfill-report-vectors` on the jobs port, queued when the server is ready and
 * whenever the library changes (changes within `delayMs` of each other share one run), in
 * batches of EMBEDDING_BATCH, each batch saved before the next is asked for, so a stopped pass
 * resumes where it was; a failed pass is retried by the jobs port with backoff. It never
 * blocks the start. Whichever process runs it, every process forgets its loaded vectors
 * afterwards (the bus's `assistant.report-vectors-changed`). Questions never depend on it: no
 * vectors, or an embeddings service failing at question time, and retrieval is full text
 * alone (nearest-pages.ts, search-pages.ts).
 */
import { sql } from 'drizzle-orm';
import { reportPageVectors } from '../../db/schema.js';
import type { BusPort } from '../../platform/bus/index.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { JobDefinition, JobsPort } from '../../platform/jobs/index.js';
import type { LlmPort } from '../../platform/llm/index.js';

export const REPORT_VECTORS_JOB = 'assistant.backfill-report-vectors';
/** Published after a pass stored vectors: every process drops the matrix it loaded. */
export const VECTORS_CHANGED_CHANNEL = 'assistant.report-vectors-changed';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Tunables; tests shorten them. */
export const reportVectorOptions = {
  /** Longest wait for a question's vector before answering from full text alone. */
  queryTimeoutMs: 5000,
  /** After a question could not be embedded, vectors are skipped this long (answers stay full text). */
  pauseAfterFailureMs: 30_000,
  /** Changes come in bursts (an import, a demo load): those within this window share one pass, run at its end. */
  delayMs: 500,
  /** Pages less similar than this to the question are not candidates. */
  minSimilarity: 0.2,
};

/** Characters of a page sent to the model (with the report title): within any model's input limit. */
const MAX_INPUT_CHARS = 2000;
const RELOAD_EVERY_BATCHES = 16;

export interface Matrix {
  dims: number;
  reportIds: number[];
  pageNos: number[];
  /** `dims` floats a page, each row of unit length. */
  data: Float32Array;
}

export interface State {
  db: Db;
  llm: LlmPort;
  model: string;
  batchSize: number;
  log: Logger;
  matrix?: Promise<Matrix> | undefined;
  /** Bumped whenever stored vectors change: a matrix loaded before is thrown away. */
  version: number;
  /** The pass running in this process: never rejects. */
  running?: Promise<void> | undefined;
  stopped: boolean;
  controller: AbortController;
  pausedUntil: number;
}

const states = new WeakMap<Db, State>();

/** The vectors kept for `db`, when an embeddings service is configured. */
export function vectorStateOf(db: Db): State | undefined {
  return states.get(db);
}

export interface ReportVectorOptions {
  llm: LlmPort;
  model: string;
  batchSize: number;
  log: Logger;
  jobs: Pick<JobsPort, 'enqueue'>;
  bus: BusPort;
}

/**
 * Keeps the vectors of `db`'s report pages: the job to declare in the module's setup, and
 * the events that queue it (`start` when the server is ready, `libraryChanged`).
 */
export function registerReportVectors(db: Db, options: ReportVectorOptions) {
  const { jobs, bus, ...rest } = options;
  const state: State = {
    db,
    ...rest,
    version: 0,
    stopped: false,
    controller: new AbortController(),
    pausedUntil: 0,
  };
  states.set(db, state);
  let sequence = 0;
  const request = () => {
    if (state.stopped) return;
    // Every change in one window queues the same job, run when the window ends: a change after
    // that falls in the next window, so none is left without a pass after it.
    const window = reportVectorOptions.delayMs;
    const now = Date.now();
    const slot = window > 0 ? Math.ceil((now + 1) / window) : 0;
    const jobId = window > 0 ? `report-vectors-${slot}` : `report-vectors-${now}-${++sequence}`;
    jobs
      .enqueue(REPORT_VECTORS_JOB, null, { jobId, delayMs: window > 0 ? slot * window - now : 0 })
      .catch((error: unknown) => {
        if (!state.stopped)
          state.log.warn(
            { event: 'assistant.report_vectors.not_queued', err: error },
            '研报向量任务排队失败',
          );
      });
  };
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    job(): JobDefinition<null> {
      return {
        name: REPORT_VECTORS_JOB,
        // A failed pass is retried with backoff; the next change queues another anyway.
        attempts: 3,
        run: async (_data, { signal }) => {
          const stored = await run(state, signal);
          if (stored) await bus.publish(VECTORS_CHANGED_CHANNEL, { at: Date.now() });
        },
      };
    },
    /** The server is ready: embed what is missing, in the background. */
    async start() {
      unsubscribe = await bus.subscribe(VECTORS_CHANGED_CHANNEL, () => dropMatrix(state));
      request();
    },
    /** The library changed: the loaded vectors are dropped and missing ones embedded. */
    libraryChanged() {
      dropMatrix(state);
      request();
    },
    async stop() {
      state.stopped = true;
      state.controller.abort();
      dropMatrix(state);
      await unsubscribe?.();
      await state.running?.catch(() => {});
      if (states.get(db) === state) states.delete(db);
    },
  };
}

export function dropMatrix(state: State) {
  state.version++;
  state.matrix = undefined;
}

/** Runs a pass now (or one more after the running one) and resolves when the vectors are complete. */
export async function backfillReportVectors(db: Db): Promise<void> {
  const state = states.get(db);
  if (state) await run(state);
}

/** A pass in this process, after the one running if any; true when it stored vectors. */
async function run(state: State, signal?: AbortSignal): Promise<boolean> {
  while (state.running) await state.running;
  const running = pass(state, signal);
  const settled = running.then(
    () => {},
    () => {},
  );
  state.running = settled;
  try {
    return (await running) > 0;
  } finally {
    if (state.running === settled) state.running = undefined;
  }
}

/** Embeds every page whose vector is missing or stale, a batch at a time, in page order. */
async function pass(state: State, jobSignal?: AbortSignal): Promise<number> {
  const { db, model } = state;
  const signal = jobSignal ? AbortSignal.any([state.controller.signal, jobSignal]) : state.controller.signal;
  await db.execute(
    sql`delete from report_page_vectors v where not exists
      (select 1 from report_pages p where p.report_id = v.report_id and p.page_no = v.page_no)`,
  );
  let after = { reportId: 0, pageNo: 0 };
  let embedded = 0;
  const t0 = performance.now();
  while (!state.stopped && !signal.aborted) {
    const rows = await selectRows<{
      report_id: string | number;
      page_no: number;
      input: string;
      hash: string;
    }>(
      db,
      sql`select p.report_id, p.page_no, x.input, md5(x.input) as hash
        from report_pages p join reports r on r.id = p.report_id
        cross join lateral (select r.title || chr(10) || left(p.text, ${MAX_INPUT_CHARS}) as input) x
        left join report_page_vectors v on v.report_id = p.report_id and v.page_no = p.page_no
        where (p.report_id, p.page_no) > (${after.reportId}, ${after.pageNo})
          and (v.report_id is null or v.model <> ${model} or v.content_hash <> md5(x.input))
        order by p.report_id, p.page_no limit ${state.batchSize}`,
    );
    if (!rows.length) break;
    const vectors = await state.llm.embed(
      rows.map((r) => r.input),
      { signal, purpose: 'report-vectors' },
    );
    if (!vectors) break;
    await db
      .insert(reportPageVectors)
      .values(
        rows.map((r, i) => ({
          reportId: Number(r.report_id),
          pageNo: r.page_no,
          model,
          dims: vectors[i]!.length,
          vector: vectors[i]!,
          contentHash: r.hash,
        })),
      )
      .onConflictDoUpdate({
        target: [reportPageVectors.reportId, reportPageVectors.pageNo],
        set: {
          model: sql`excluded.model`,
          dims: sql`excluded.dims`,
          vector: sql`excluded.vector`,
          contentHash: sql`excluded.content_hash`,
          updatedAt: sql`now()`,
        },
      });
    embedded += rows.length;
    const last = rows.at(-1)!;
    after = { reportId: Number(last.report_id), pageNo: last.page_no };
    // A long first pass: questions meanwhile use the vectors saved so far.
    if (embedded % (state.batchSize * RELOAD_EVERY_BATCHES) === 0) dropMatrix(state);
  }
  if (embedded) {
    dropMatrix(state);
    state.log.info(
      { event: 'assistant.report_vectors', model, pages: embedded, ms: Math.round(performance.now() - t0) },
      '研报页向量已更新',
    );
  }
  return embedded;
}
