/**
 * Vectors of report pages, when an embeddings service is configured (EMBEDDING_*). Neither
 * PGlite nor a stock PostgreSQL has pgvector, so the vectors are rows of `real[]`
 * (`report_page_vectors`, one per page) and similarity is computed here: the rows are loaded
 * once into one Float32Array (unit vectors, so a dot product is the cosine) and a question is
 * compared with every page by brute force (about 15 ms for ten thousand pages of 1024 dimensions).
 *
 * A background pass embeds the pages that have no vector, or whose text (with the report's
 * title) changed since, or that were embedded by another model: at start and whenever the
 * library changes, in batches of EMBEDDING_BATCH, each batch saved before the next is asked
 * for, so a stopped pass resumes where it was. It never blocks the start, and a failure only
 * delays it. Questions never depend on it: no vectors, or an embeddings service failing at
 * question time, and retrieval is full text alone (nearest-pages.ts, search-pages.ts).
 */
import { sql } from 'drizzle-orm';
import { reportPageVectors } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { LlmPort } from '../../platform/llm/index.js';

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
  /** A failed pass is tried again after this long. */
  retryAfterMs: 60_000,
  /** Changes come in bursts (an import, a demo load): the pass starts this long after the last one. */
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
  running?: Promise<void> | undefined;
  again: boolean;
  timer?: NodeJS.Timeout | undefined;
  stopped: boolean;
  controller: AbortController;
  pausedUntil: number;
}

const states = new WeakMap<Db, State>();

/** The vectors kept for `db`, when an embeddings service is configured. */
export function vectorStateOf(db: Db): State | undefined {
  return states.get(db);
}

export function registerReportVectors(
  db: Db,
  options: { llm: LlmPort; model: string; batchSize: number; log: Logger },
) {
  const state: State = {
    db,
    ...options,
    version: 0,
    again: false,
    stopped: false,
    controller: new AbortController(),
    pausedUntil: 0,
  };
  states.set(db, state);
  return {
    /** The server is ready: embed what is missing, in the background. */
    start: () => schedule(state, reportVectorOptions.delayMs),
    /** The library changed: the loaded vectors are dropped and missing ones embedded. */
    libraryChanged() {
      dropMatrix(state);
      schedule(state, reportVectorOptions.delayMs);
    },
    async stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      state.controller.abort();
      dropMatrix(state);
      await state.running;
      if (states.get(db) === state) states.delete(db);
    },
  };
}

export function dropMatrix(state: State) {
  state.version++;
  state.matrix = undefined;
}

function schedule(state: State, delayMs: number) {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void run(state);
  }, delayMs);
  state.timer.unref?.();
}

/** Runs a pass now (or one more after the running one) and resolves when the vectors are complete. */
export async function backfillReportVectors(db: Db): Promise<void> {
  const state = states.get(db);
  if (!state) return;
  clearTimeout(state.timer);
  await run(state);
}

function run(state: State): Promise<void> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      do {
        state.again = false;
        await pass(state);
      } while (state.again && !state.stopped);
    } catch (error) {
      if (state.stopped) return;
      state.log.warn({ event: 'assistant.report_vectors.failed', err: error }, '研报向量生成失败，稍后重试');
      schedule(state, reportVectorOptions.retryAfterMs);
    } finally {
      state.running = undefined;
    }
  })();
  return state.running;
}

/** Embeds every page whose vector is missing or stale, a batch at a time, in page order. */
async function pass(state: State) {
  const { db, model } = state;
  await db.execute(
    sql`delete from report_page_vectors v where not exists
      (select 1 from report_pages p where p.report_id = v.report_id and p.page_no = v.page_no)`,
  );
  let after = { reportId: 0, pageNo: 0 };
  let embedded = 0;
  const t0 = performance.now();
  while (!state.stopped) {
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
      { signal: state.controller.signal, purpose: 'report-vectors' },
    );
    if (!vectors) return;
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
}
