import { Code, messages } from '@jq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { common } from '../../locales/zh-CN/common';
import { isAbortError, resetServerErrorState, setApiEffects } from './client';
import { type StreamEvent, streamEvents } from './stream';

const encoder = new TextEncoder();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setApiEffects({ notify: vi.fn(), navigate: vi.fn(), reload: vi.fn() });
  resetServerErrorState();
});

afterEach(() => vi.unstubAllGlobals());

const sse = (events: object[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');

/** A response whose body arrives as the given byte pieces; `cancelled` tells whether the reader let go. */
function streamResponse(pieces: Uint8Array[], options: { isOpenEnded?: boolean } = {}) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      if (!options.isOpenEnded) controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
  return { response, state };
}

function splitBytes(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size));
  return pieces;
}

async function collect(iterable: AsyncIterable<StreamEvent>) {
  const events: StreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('streamEvents', () => {
  const events = [
    { type: 'delta', content: '金桥用 AI ', isend: false },
    { type: 'delta', content: '连接企业与投资人', isend: false },
    { type: 'status', status: 'done', isend: true },
  ];

  it('posts JSON and yields every event, even when UTF-8 characters are split across reads', async () => {
    const bytes = encoder.encode(sse(events));
    for (const size of [1, 2, 3, 5, 7, 64]) {
      fetchMock.mockResolvedValueOnce(streamResponse(splitBytes(bytes, size)).response);
      expect(await collect(streamEvents('/dev/stream', { text: '金桥' }))).toEqual(events);
    }
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/dev/stream');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ text: '金桥' });
  });

  it('stops at isend and lets go of the connection even if the server keeps it open', async () => {
    const after = { type: 'delta', content: '不应出现', isend: false };
    const { response, state } = streamResponse([encoder.encode(sse([...events, after]))], {
      isOpenEnded: true,
    });
    fetchMock.mockResolvedValueOnce(response);
    expect(await collect(streamEvents('/dev/stream', {}))).toEqual(events);
    expect(state.cancelled).toBe(true);
  });

  it('rejects with an AbortError when the caller aborts mid-stream', async () => {
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(sse([events[0]!])));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('Aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of streamEvents('/dev/stream', {}, { signal: controller.signal })) {
        seen.push(event);
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(seen).toEqual([events[0]]);
    expect(isAbortError(caught)).toBe(true);
  });

  it('throws the envelope error when the endpoint answers JSON instead of a stream', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: Code.NOT_FOUND, msg: '接口不存在' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(collect(streamEvents('/nope', {}))).rejects.toMatchObject({
      code: Code.NOT_FOUND,
      status: 404,
    });
  });

  it('reports a stream that ends without its last event', async () => {
    fetchMock.mockResolvedValueOnce(streamResponse([encoder.encode(sse([events[0]!]))]).response);
    await expect(collect(streamEvents('/dev/stream', {}))).rejects.toMatchObject({
      msg: common.streamInterrupted,
    });
  });

  it('turns a connection dropped mid-stream into an ApiError', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(sse([events[0]!])));
        controller.error(new TypeError('network error'));
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    await expect(collect(streamEvents('/dev/stream', {}))).rejects.toMatchObject({
      name: 'ApiError',
      msg: common.streamInterrupted,
    });
  });

  it('is refused at once in the 500 state', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    for (let i = 0; i < 5; i += 1) await collect(streamEvents('/dev/stream', {})).catch(() => undefined);
    fetchMock.mockClear();
    await expect(collect(streamEvents('/dev/stream', {}))).rejects.toMatchObject({
      msg: messages.in500State,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
