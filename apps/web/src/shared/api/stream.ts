/**
 * The one stream reader: POST JSON, read the SSE answer through fetch and a ReadableStream,
 * yield each JSON event, stop after `isend: true`. Aborting the caller's signal cancels the
 * request (the server then stops generating) and rejects with an AbortError.
 * Shares the client's 500 state and failure handling, so a broken stream endpoint counts too.
 */
import { CLIENT_ID_HEADER, Code, LIMITS, type StreamEvent } from '@jq/contract';
import { common } from '../../locales/zh-CN/common';
import { getClientId } from '../stores/user-store';
import {
  ApiError,
  assertServerUsable,
  buildApiUrl,
  createTimedSignal,
  readJson,
  recordEndpointSuccess,
  reportFailure,
  toTransportError,
} from './client';
import { endpointKey, readEnvelope } from './envelope';
import { createSseParser } from './sse-parser';

export type { StreamEvent } from '@jq/contract';

export interface StreamOptions {
  signal?: AbortSignal;
  /** Time allowed until the response starts; the stream itself may run longer. */
  timeoutMs?: number;
  isSilent?: boolean;
}

export async function* streamEvents(
  path: string,
  body: unknown,
  options: StreamOptions = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const url = buildApiUrl(path);
  const key = endpointKey('POST', url);
  assertServerUsable();

  const timed = createTimedSignal(options.timeoutMs ?? LIMITS.requestTimeoutMs, options.signal);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        [CLIENT_ID_HEADER]: getClientId(),
      },
      body: JSON.stringify(body ?? {}),
      signal: timed.signal,
    });
  } catch (error) {
    timed.clear();
    const mapped = toTransportError(error, timed, options.signal);
    if (mapped instanceof ApiError) reportFailure(mapped, key, options.isSilent);
    throw mapped;
  }
  // Headers arrived: from here only the caller's signal ends the stream.
  timed.stopTimer();

  const isEventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
  if (!response.ok || !isEventStream || !response.body) {
    timed.clear();
    const error = toEnvelopeError(await readJson(response), response.status);
    reportFailure(error, key, options.isSilent);
    throw error;
  }
  recordEndpointSuccess(key);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  try {
    for (;;) {
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const { done, value } = await readChunk(reader, options.signal);
      const events = done
        ? parser.push(decoder.decode()).concat(parser.flush())
        : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) {
        yield event;
        if (event.isend) return;
      }
      if (done) break;
    }
  } finally {
    timed.clear();
    // Also runs when the consumer stops iterating early: the connection closes with it.
    await reader.cancel().catch(() => undefined);
  }
  if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  throw new ApiError(Code.UNAVAILABLE, common.streamInterrupted, response.status);
}

/** A dropped connection mid-stream becomes an ApiError; a caller abort stays an AbortError. */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>, signal?: AbortSignal) {
  try {
    return await reader.read();
  } catch {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    throw new ApiError(Code.UNAVAILABLE, common.streamInterrupted, 0);
  }
}

function toEnvelopeError(body: unknown, status: number): ApiError {
  try {
    readEnvelope(body, status);
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  return new ApiError(Code.INTERNAL, common.streamInterrupted, status);
}
