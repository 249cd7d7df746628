/**
 * Calling an OpenAI-compatible API over global fetch: one POST, its failure classified
 * (retryable or not, how long the server asked us to wait), and the backoff between tries.
 * Shared by chat completions and embeddings.
 */
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';

export const LLM_UNAVAILABLE = '大模型服务暂不可用，请稍后再试';

/** A failed try. `status` is absent for connection failures and broken streams. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    readonly options: {
      status?: number;
      code?: string;
      retryAfterMs?: number;
      isRetryable: boolean;
      cause?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
  }
}

/** Statuses worth another try: timeouts, conflicts, rate limits, server faults. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds the server asks us to wait: `retry-after-ms` (OpenAI), `Retry-After` seconds or date. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before try `attempt + 1`: the server's word when given, else exponential with jitter. */
export function retryDelayMs(attempt: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const base = Math.min(8000, 300 * 2 ** attempt);
  return Math.round(base * (1 + Math.random() * 0.3));
}

/** Longest server-requested wait we honour; a longer one fails at once rather than hold the user. */
export const MAX_RETRY_AFTER_MS = 60_000;

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}

/** One POST; a non-2xx answer is read (OpenAI's `{ error: { message, type, code } }`) and thrown. */
export async function postJson(
  url: string,
  apiKey: string,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new UpstreamError(`连接失败：${describe(error)}`, { isRetryable: true, cause: error });
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  const detail = readErrorBody(text);
  throw new UpstreamError(`HTTP ${response.status}：${detail.message || text.slice(0, 200)}`, {
    status: response.status,
    code: detail.code,
    retryAfterMs: parseRetryAfter(response.headers),
    isRetryable: isRetryableStatus(response.status),
  });
}

/** OpenAI's error shape, also sent inside a stream by some providers. */
export function readErrorBody(text: string): { message: string; code?: string } {
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown; code?: unknown; type?: unknown } | string;
    };
    const error = parsed.error;
    if (typeof error === 'string') return { message: error };
    if (error && typeof error === 'object') {
      const code = error.code ?? error.type;
      return {
        message: typeof error.message === 'string' ? error.message : '',
        code: code === undefined || code === null ? undefined : String(code),
      };
    }
  } catch {
    // Not JSON: the caller keeps the raw text.
  }
  return { message: '' };
}

/** The AppError a caller sees; the upstream detail stays in `cause` for the logs, never in the message. */
export function toAppError(error: unknown, message = LLM_UNAVAILABLE): AppError {
  if (error instanceof AppError) return error;
  return new AppError(Code.UNAVAILABLE, message, { cause: error });
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? String(error);
}
