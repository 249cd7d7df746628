/**
 * The wire rules every call shares: the `{code,msg,data}` envelope, the one error type the
 * client throws, and which failures count toward the server-error state (spec section 8).
 * Pure functions, so the rules are tested without a network.
 */
import { Code, codeMessages, isResultCode, messages } from '@jq/contract';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  /** HTTP status; 0 when no response arrived (timeout, network, cancelled in the 500 state). */
  readonly status: number;
  /**
   * The envelope's `data` of a refusal, for callers that act on it: {need, power} when
   * credits run short, {status} while a QR sign-in waits. Null when there was none.
   */
  readonly data: unknown;

  constructor(code: number, msg: string, status: number, data: unknown = null) {
    super(msg);
    this.code = code;
    this.msg = msg;
    this.status = status;
    this.data = data ?? null;
  }
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string';
}

/** Returns `data` of a successful envelope; anything else becomes an ApiError. */
export function readEnvelope<T>(body: unknown, status: number): T {
  if (isEnvelope(body)) {
    if (body.code === Code.OK && status < 400) return body.data as T;
    const code = body.code === Code.OK ? statusToCode(status) : body.code;
    throw new ApiError(code, body.msg || defaultMessage(code), status, body.data);
  }
  throw new ApiError(status >= 400 ? statusToCode(status) : Code.INTERNAL, messages.serverErrorDesc, status);
}

function defaultMessage(code: number): string {
  return isResultCode(code) ? codeMessages[code] : messages.serverErrorDesc;
}

function statusToCode(status: number): number {
  if (status === 401) return Code.UNAUTHORIZED;
  if (status === 403) return Code.FORBIDDEN;
  if (status === 404) return Code.NOT_FOUND;
  if (status === 504) return Code.TIMEOUT;
  if (status === 503) return Code.UNAVAILABLE;
  return Code.INTERNAL;
}

export type FailureKind =
  | 'ipBanned'
  | 'unauthorized'
  | 'forbidden'
  | 'server'
  | 'timeout'
  | 'network'
  | 'business';

/** Decides what the user is told; `business` failures are left to the calling feature. */
/**
 * A feature switched off (-501) and a record that does not exist (a 404 whose message is not
 * the catalogue's 接口不存在) are answers, not a broken endpoint: they must not count toward
 * the 500 state, or five stale links would send the user to /500.
 */
export function classifyFailure(
  error: Pick<ApiError, 'code' | 'status' | 'msg'> & { data?: unknown },
): FailureKind {
  if (error.code === Code.IP_BANNED) return 'ipBanned';
  if (error.status === 401) return 'unauthorized';
  // A -403 with details (credits short: {need, power}) is an answer the caller acts on.
  if (error.status === 403 && error.code === Code.FORBIDDEN && isRecord(error.data)) return 'business';
  if (error.status === 403) return 'forbidden';
  if (error.code === Code.NOT_ENABLED) return 'business';
  if (error.status === 404) return error.msg === codeMessages[Code.NOT_FOUND] ? 'server' : 'business';
  if (error.status >= 500) return 'server';
  if (error.status === 0) return error.code === Code.TIMEOUT ? 'timeout' : 'network';
  return 'business';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Failures that mean the endpoint is not working, as opposed to a refused or invalid request. */
export function countsTowardServerError(kind: FailureKind): boolean {
  return kind === 'server' || kind === 'forbidden' || kind === 'timeout' || kind === 'network';
}

/**
 * Counts consecutive failures per endpoint. The limit-th failure of one endpoint trips the
 * 500 state, which holds (every request refused) until `reset`.
 */
export function createFailureTracker(limit: number) {
  const counts = new Map<string, number>();
  let isTripped = false;
  return {
    get isTripped() {
      return isTripped;
    },
    countOf(endpoint: string): number {
      return counts.get(endpoint) ?? 0;
    },
    recordSuccess(endpoint: string): void {
      counts.delete(endpoint);
    },
    /** Returns true exactly when this failure trips the 500 state. */
    recordFailure(endpoint: string): boolean {
      const count = (counts.get(endpoint) ?? 0) + 1;
      counts.set(endpoint, count);
      if (isTripped || count < limit) return false;
      isTripped = true;
      return true;
    },
    reset(): void {
      counts.clear();
      isTripped = false;
    },
  };
}

export type FailureTracker = ReturnType<typeof createFailureTracker>;

/** The endpoint identity for failure counting: method and path, without the query. */
export function endpointKey(method: string, url: string): string {
  const path = url.split('?')[0] ?? url;
  return `${method.toUpperCase()} ${path}`;
}
