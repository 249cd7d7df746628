/**
 * The report pages nearest to a question by meaning: the question is embedded once and
 * compared with every stored page vector by brute force, over one in-memory Float32Array of
 * unit vectors (a dot product is the cosine) loaded at the first question after a change.
 * Any failure (the embeddings service down or slow, the table unreadable) is logged and answered
 * with null: the caller then ranks by full text alone.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { type Matrix, reportVectorOptions, type State, vectorStateOf } from './report-vectors.js';

const LOAD_CHUNK = 2000;

export interface VectorHit {
  reportId: number;
  pageNo: number;
  similarity: number;
}

/** The stored vectors of the current model as one matrix, loaded at the first question after a change. */
function matrixOf(state: State): Promise<Matrix> {
  if (state.matrix) return state.matrix;
  const version = state.version;
  const loading = loadMatrix(state);
  state.matrix = loading;
  loading.catch(() => {
    if (state.version === version && state.matrix === loading) state.matrix = undefined;
  });
  return loading;
}

async function loadMatrix(state: State): Promise<Matrix> {
  const reportIds: number[] = [];
  const pageNos: number[] = [];
  const rows: number[][] = [];
  let dims = 0;
  let after = { reportId: 0, pageNo: 0 };
  for (;;) {
    const chunk = await selectRows<{
      report_id: string | number;
      page_no: number;
      vector: number[] | string;
    }>(
      state.db,
      sql`select report_id, page_no, vector from report_page_vectors
        where model = ${state.model} and (report_id, page_no) > (${after.reportId}, ${after.pageNo})
        order by report_id, page_no limit ${LOAD_CHUNK}`,
    );
    for (const row of chunk) {
      const vector = typeof row.vector === 'string' ? parseArray(row.vector) : row.vector.map(Number);
      dims ||= vector.length;
      if (vector.length !== dims) continue;
      reportIds.push(Number(row.report_id));
      pageNos.push(row.page_no);
      rows.push(vector);
    }
    if (chunk.length < LOAD_CHUNK) break;
    const last = chunk.at(-1)!;
    after = { reportId: Number(last.report_id), pageNo: last.page_no };
  }
  const data = new Float32Array(rows.length * dims);
  for (const [i, vector] of rows.entries()) data.set(unit(vector), i * dims);
  return { dims, reportIds, pageNos, data };
}

/** `{0.1,-2.5e-05,...}`, for a driver that leaves arrays as text. */
function parseArray(text: string): number[] {
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map(Number);
}

function unit(vector: number[]): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return vector.map((x) => x / norm);
}

/**
 * The pages most similar to the question, best first, or null when vectors are not in use
 * or the question could not be embedded (logged; the caller answers from full text).
 */
export async function nearestReportPages(
  db: Db,
  question: string,
  options: { reportIds?: number[] | undefined; limit: number },
): Promise<VectorHit[] | null> {
  const state = vectorStateOf(db);
  if (!state || state.stopped || Date.now() < state.pausedUntil) return null;
  let matrix: Matrix;
  let query: number[];
  try {
    const [vectors, loaded] = await Promise.all([
      state.llm.embed([Array.from(question).slice(0, 500).join('')], {
        signal: AbortSignal.timeout(reportVectorOptions.queryTimeoutMs),
        purpose: 'retrieval',
      }),
      matrixOf(state),
    ]);
    if (!vectors?.[0]) return null;
    query = unit(vectors[0]);
    matrix = loaded;
  } catch (error) {
    state.pausedUntil = Date.now() + reportVectorOptions.pauseAfterFailureMs;
    state.log.warn(
      { event: 'assistant.report_vectors.query_failed', err: error },
      '问题向量化失败，本次研报检索只用全文',
    );
    return null;
  }
  if (query.length !== matrix.dims) return null;
  const scope = options.reportIds?.length ? new Set(options.reportIds) : undefined;
  const hits: VectorHit[] = [];
  const { dims, data } = matrix;
  for (let row = 0; row < matrix.reportIds.length; row++) {
    if (scope && !scope.has(matrix.reportIds[row]!)) continue;
    let dot = 0;
    const base = row * dims;
    for (let d = 0; d < dims; d++) dot += data[base + d]! * query[d]!;
    if (dot >= reportVectorOptions.minSimilarity)
      hits.push({ reportId: matrix.reportIds[row]!, pageNo: matrix.pageNos[row]!, similarity: dot });
  }
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, options.limit);
}
