/**
 * A messaging client for tests and the benchmark, speaking /api/im/ws like the web app:
 * hello with its positions, the shared ImSync for order, duplicates and gaps (fetching
 * after a hole), and reconnecting with hello after a drop. It records every message it
 * was handed (`raw`) and every message it would show (`shown`), so a test can count
 * losses and duplicates, and the time each message arrived.
 */
import { type ImMessage, type ImServerFrame, ImSync } from '@jq/contract';
import WebSocket from 'ws';

export interface ImClientOptions {
  /** http://host:port of a server; several for failover (tried in turn). */
  urls: string[];
  cookie: string;
  /** Reconnect after a drop (default true). */
  reconnect?: boolean;
  /** Conversations to hold from the start at these positions. */
  positions?: Record<number, number>;
  onMessage?: (m: ImMessage, receivedAt: number) => void;
  /** Keep every frame for waitFor (default true; the benchmark turns it off). */
  keepFrames?: boolean;
}

export class ImTestClient {
  readonly sync = new ImSync();
  readonly frames: ImServerFrame[] = [];
  readonly shown: ImMessage[] = [];
  raw = 0;
  connects = 0;
  ws: WebSocket | null = null;
  #urlIndex = 0;
  #closedByUs = false;
  #waiters: { test: (f: ImServerFrame) => boolean; resolve: (f: ImServerFrame) => void }[] = [];

  constructor(readonly options: ImClientOptions) {
    for (const [conv, seq] of Object.entries(options.positions ?? {}))
      this.sync.setPosition(Number(conv), seq);
  }

  /** Opens the socket and waits for the server's ready frame. */
  async connect(): Promise<void> {
    this.#closedByUs = false;
    const base = this.options.urls[this.#urlIndex % this.options.urls.length]!;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/im/ws`, {
      headers: { cookie: this.options.cookie },
    });
    this.ws = ws;
    ws.on('message', (data) => this.#receive(JSON.parse(data.toString()) as ImServerFrame));
    ws.on('close', () => {
      if (this.ws !== ws || this.#closedByUs || this.options.reconnect === false) return;
      this.#urlIndex++;
      setTimeout(() => void this.connect().catch(() => {}), 200 + Math.random() * 300);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    this.connects++;
    const ready = this.waitFor((f) => f.t === 'ready', 10_000, this.frames.length);
    ws.send(JSON.stringify({ t: 'hello', convs: this.sync.helloConvs() }));
    await ready;
  }

  send(frame: object) {
    this.ws?.send(JSON.stringify(frame));
  }

  /** The first frame passing `test` from frame number `since` on (already here or still to come). */
  waitFor(test: (f: ImServerFrame) => boolean, timeoutMs = 10_000, since = 0): Promise<ImServerFrame> {
    const found = this.frames.slice(since).find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { test, resolve };
      this.#waiters.push(waiter);
      setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error('timed out waiting for a frame'));
      }, timeoutMs).unref();
    });
  }

  /** Resolves once this client shows `count` messages of a conversation. */
  async waitShown(conv: number, count: number, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.shown.filter((m) => m.conv === conv).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`shown ${this.shown.filter((m) => m.conv === conv).length} of ${count}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close() {
    this.#closedByUs = true;
    this.ws?.close();
  }

  /** Drops the connection the way a network does (no close frame). */
  drop() {
    this.#closedByUs = true;
    this.ws?.terminate();
  }

  #accept(conv: number, list: ImMessage[], after?: number) {
    const now = performance.now();
    this.raw += list.length;
    const { fresh, gapAfter } = this.sync.accept(conv, list, after);
    for (const m of fresh) {
      this.shown.push(m);
      this.options.onMessage?.(m, now);
    }
    if (gapAfter !== null) this.send({ t: 'fetch', conv, after: gapAfter });
  }

  #receive(frame: ImServerFrame) {
    if (this.options.keepFrames !== false) this.frames.push(frame);
    if (frame.t === 'msg') this.#accept(frame.m.conv, [frame.m]);
    else if (frame.t === 'msgs') {
      this.#accept(frame.conv, frame.list, frame.after);
      if (frame.hasMore)
        this.send({ t: 'fetch', conv: frame.conv, after: this.sync.position(frame.conv) ?? 0 });
    } else if (frame.t === 'ready') this.sync.adopt(frame.convs);
    else if (frame.t === 'removed') this.sync.forget(frame.conv);
    for (const waiter of [...this.#waiters]) {
      if (waiter.test(frame)) {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        waiter.resolve(frame);
      }
    }
  }
}
