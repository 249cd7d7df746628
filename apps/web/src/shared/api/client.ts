/**
 * The one API client: fetch under `/api`, the envelope unwrapped, a 6 s timeout, the HTTP
 * error notices of spec section 8 and the per-endpoint failure count that sends the app to
 * /500. Side effects (notices, navigation, reload) go through `setApiEffects`, wired by the
 * app shell, so this module stays free of React and testable with a stubbed `fetch`.
 */
import { CLIENT_ID_HEADER, Code, LIMITS, messages } from '@jq/contract';
import { common } from '../../locales/zh-CN/common';
import { getClientId } from '../stores/user-store';
import {
  ApiError,
  classifyFailure,
  countsTowardServerError,
  createFailureTracker,
  endpointKey,
  readEnvelope,
} from './envelope';

export { ApiError } from './envelope';

export const API_BASE = '/api';
const RELOAD_GUARD_KEY = 'jq_401_reload_at';
const RELOAD_GUARD_MS = 10_000;
const RELOAD_DELAY_MS = 1500;

export interface ApiNotice {
  key: string;
  title: string;
  description: string;
}

export interface ApiEffects {
  notify(notice: ApiNotice): void;
  navigate(path: string): void;
  reload(): void;
}

let effects: ApiEffects = {
  notify: () => {},
  navigate: (path) => window.location.assign(path),
  reload: () => window.location.reload(),
};

export function setApiEffects(next: Partial<ApiEffects>): void {
  effects = { ...effects, ...next };
}

const tracker = createFailureTracker(LIMITS.consecutiveFailuresTo500);

export function isInServerErrorState(): boolean {
  return tracker.isTripped;
}

/** Leaves the 500 state (the /500 page's retry). */
export function resetServerErrorState(): void {
  tracker.reset();
}

export type QueryValue = string | number | boolean | null | undefined;

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Refuses at once while the 500 state holds (spec section 4). */
export function assertServerUsable(): void {
  if (tracker.isTripped) throw new ApiError(Code.INTERNAL, messages.in500State, 0);
}

export function recordEndpointSuccess(key: string): void {
  tracker.recordSuccess(key);
}

/** Tells the user what went wrong, once per kind at a time, and counts the failure. */
export function reportFailure(error: ApiError, key: string, isSilent = false): void {
  const kind = classifyFailure(error);
  if (!isSilent) notifyFailure(kind, error);
  if (kind === 'ipBanned') effects.navigate('/ipBanned');
  if (kind === 'unauthorized') scheduleReload();
  if (countsTowardServerError(kind) && tracker.recordFailure(key)) effects.navigate('/500');
}

function notifyFailure(kind: ReturnType<typeof classifyFailure>, error: ApiError): void {
  const notice = (title: string, description: string) =>
    effects.notify({ key: `api-${kind}`, title, description });
  if (kind === 'server') notice(messages.serverErrorTitle, messages.serverErrorDesc);
  if (kind === 'forbidden') notice(messages.forbiddenTitle, error.msg || messages.serverErrorDesc);
  if (kind === 'unauthorized') notice(messages.unauthorizedTitle, messages.unauthorizedDesc);
  if (kind === 'timeout') notice(messages.networkError, messages.requestTimeout);
  if (kind === 'network') notice(messages.networkError, common.networkDesc);
}

// A 401 on every page load would otherwise reload forever.
function scheduleReload(): void {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  setTimeout(() => effects.reload(), RELOAD_DELAY_MS);
}

export interface TimedSignal {
  signal: AbortSignal;
  isTimedOut(): boolean;
  /** Stops the timer only (a stream's headers arrived; the caller may still abort). */
  stopTimer(): void;
  /** Stops the timer and unhooks the caller's signal. */
  clear(): void;
}

/** One signal aborted by the caller or by the timeout, telling which one fired. */
export function createTimedSignal(timeoutMs: number, callerSignal?: AbortSignal): TimedSignal {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(new DOMException(messages.requestTimeout, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    isTimedOut: () => isTimedOut,
    stopTimer: () => clearTimeout(timer),
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Maps a fetch rejection to the error the caller sees; caller aborts pass through untouched. */
export function toTransportError(error: unknown, timed: TimedSignal, callerSignal?: AbortSignal): unknown {
  if (callerSignal?.aborted) return isAbortError(error) ? error : new DOMException('Aborted', 'AbortError');
  if (timed.isTimedOut()) return new ApiError(Code.TIMEOUT, messages.requestTimeout, 0);
  return new ApiError(Code.UNAVAILABLE, messages.networkError, 0);
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** No notices (e.g. background polling); navigation to /500 or /ipBanned still happens. */
  isSilent?: boolean;
  /** The spec's login flag: a 401 means "signed out" to the caller, so no notice and no reload. */
  isLoginCall?: boolean;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildApiUrl(path, options.query);
  const key = endpointKey(method, url);
  assertServerUsable();

  const timed = createTimedSignal(options.timeoutMs ?? LIMITS.requestTimeoutMs, options.signal);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [CLIENT_ID_HEADER]: getClientId(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: timed.signal,
    });
    body = await readJson(response);
  } catch (error) {
    const mapped = toTransportError(error, timed, options.signal);
    if (mapped instanceof ApiError) reportFailure(mapped, key, options.isSilent);
    throw mapped;
  } finally {
    timed.clear();
  }

  try {
    const data = readEnvelope<T>(body, response.status);
    recordEndpointSuccess(key);
    return data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A business refusal (e.g. -1 "waiting") means the endpoint works.
    if (response.ok) recordEndpointSuccess(key);
    if (options.isLoginCall && response.status === 401) throw error;
    reportFailure(error, key, options.isSilent);
    throw error;
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function apiGet<T>(path: string, query?: Record<string, QueryValue>, options: RequestOptions = {}) {
  return request<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}) {
  return request<T>(path, { ...options, method: 'POST', body: body ?? {} });
}
