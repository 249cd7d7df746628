/**
 * A small closed-loop HTTP load generator for the benchmarks: `concurrency` workers, each
 * sending its next request as soon as the previous one answered, until a time or a request
 * budget runs out. 127.0.0.1 only; latencies are wall time from send to the last byte.
 * It uses node:http with one kept-alive socket per worker rather than fetch, whose stream
 * machinery costs several times more CPU per request: on a 2-core machine the generator
 * shares the cores with the server it measures, so its own cost shows up as latency.
 */
import http from 'node:http';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The first failure seen, to say what went wrong. */
  firstError?: string;
  /** Every request's latency (ms), sorted. */
  latencies: number[];
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  durationMs: number;
  maxRequests?: number;
  /** The i-th request of the run (workers share one counter). */
  next(i: number): BenchRequest;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = new URL(options.baseUrl);
  if (base.hostname !== '127.0.0.1') throw new Error('the load generator only targets 127.0.0.1');
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const budget = options.maxRequests ?? Number.POSITIVE_INFINITY;

  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const send = (request: BenchRequest) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const outgoing = http.request(
        new URL(request.path, base),
        {
          method: request.method,
          agent,
          headers: {
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...request.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  async function worker() {
    while (performance.now() < deadline && issued < budget) {
      const request = options.next(issued++);
      const t0 = performance.now();
      try {
        const { status, text } = await send(request);
        if (status !== 200) {
          errors++;
          firstError ??= `${request.path} → HTTP ${status} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${request.path} → ${String(error)}`;
      }
      latencies.push(performance.now() - t0);
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return summarize(latencies, (performance.now() - started) / 1000, errors, firstError);
}

function summarize(latencies: number[], seconds: number, errors: number, firstError?: string): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    ...(firstError ? { firstError } : {}),
    latencies,
  };
}

/** Runs measured in slices, as one: requests over the slices' total time, percentiles over all. */
export function combineLoads(slices: LoadResult[]): LoadResult {
  const firstError = slices.find((slice) => slice.firstError)?.firstError;
  return summarize(
    slices.flatMap((slice) => slice.latencies),
    slices.reduce((sum, slice) => sum + slice.seconds, 0),
    slices.reduce((sum, slice) => sum + slice.errors, 0),
    firstError,
  );
}
