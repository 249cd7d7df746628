/** The browser socket client against a scripted socket: hello, gaps, sync, back-off, 4001. */
import type { ImMessage, ImServerFrame } from '@jq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, ImConnection, type ImStatus } from './connection';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: ImServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const m = (conv: number, seq: number): ImMessage => ({
  id: seq,
  conv,
  seq,
  kind: 'text',
  sender: null,
  text: `${seq}`,
  file: null,
  cid: '',
  at: '',
});

function setup() {
  const shown: ImMessage[] = [];
  const statuses: ImStatus[] = [];
  const connection = new ImConnection(
    {
      onMessages: (_conv, list) => shown.push(...list),
      onFrame: () => {},
      onStatus: (status) => statuses.push(status),
    },
    {
      url: 'ws://test/api/im/ws',
      createSocket: () => new FakeSocket() as unknown as WebSocket,
      random: () => 1,
    },
  );
  return { connection, shown, statuses, socket: () => FakeSocket.all.at(-1)! };
}

describe('ImConnection', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1, CONNECTING: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says hello with its credentials and positions, and skips a repeated sign-in', () => {
    const { connection, socket } = setup();
    connection.sync.setPosition(7, 3);
    connection.start({ uid: 'u1', sign: 's1' });
    socket().open();
    expect(socket().sent[0]).toEqual({ t: 'hello', uid: 'u1', sign: 's1', convs: { '7': 3 } });
    connection.start({ uid: 'u1', sign: 's1' });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('shows messages once and in order, fetching a hole that does not fill itself', () => {
    const { connection, shown, socket } = setup();
    connection.sync.setPosition(1, 0);
    connection.start({ uid: 'u', sign: 's' });
    socket().open();
    socket().push({ t: 'msg', m: m(1, 1) });
    socket().push({ t: 'msg', m: m(1, 1) });
    socket().push({ t: 'msg', m: m(1, 3) });
    expect(shown.map((x) => x.seq)).toEqual([1]);
    vi.advanceTimersByTime(400);
    expect(socket().sent.at(-1)).toEqual({ t: 'fetch', conv: 1, after: 1 });
    socket().push({ t: 'msgs', conv: 1, after: 1, list: [m(1, 2), m(1, 3)], hasMore: false });
    expect(shown.map((x) => x.seq)).toEqual([1, 2, 3]);
  });

  it('fetches what a sync shows it lacks (a lost last message)', () => {
    const { connection, socket } = setup();
    connection.sync.setPosition(4, 10);
    connection.start({ uid: 'u', sign: 's' });
    socket().open();
    connection.requestSync();
    socket().push({ t: 'ready', convs: [{ id: 4, lastSeq: 11, readSeq: 10 }], totalUnread: 1 });
    expect(socket().sent.at(-1)).toEqual({ t: 'fetch', conv: 4, after: 10 });
  });

  it('reconnects with growing delays after drops, and stops for good on 4001', () => {
    const { connection, statuses, socket } = setup();
    connection.start({ uid: 'u', sign: 's' });
    socket().open();
    socket().close(1006);
    expect(statuses.at(-1)).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    socket().close(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    socket().open();
    socket().close(4001);
    expect(statuses.at(-1)).toBe('unauthorized');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('drops a connection that stops answering pings', () => {
    const { connection, statuses, socket } = setup();
    connection.start({ uid: 'u', sign: 's' });
    socket().open();
    vi.advanceTimersByTime(25_000);
    expect(socket().sent.at(-1)).toEqual({ t: 'ping' });
    vi.advanceTimersByTime(10_000);
    expect(statuses.at(-1)).toBe('waiting');
  });

  it('caps the back-off at 30 s with jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(10, () => 0)).toBe(15_000);
  });
});
