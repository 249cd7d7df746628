/**
 * The browser's side of /api/im/ws (docs/im.md): one socket, hello with the positions the
 * shared ImSync holds (the server replays what follows from the database), fetch for a
 * hole in the live stream, a ping every 25 s (no pong in 10 s: reconnect), a sync every
 * 60 s that also finds a lost last message, and reconnects with exponential back-off and
 * jitter — reset only after 10 s of a stable connection, so a server that accepts and drops
 * at once cannot cause a reconnect storm. 4001 (session ended) stops for good.
 */
import { IM_CLOSE, IM_LIMITS, type ImMessage, type ImServerFrame, ImSync } from '@jq/contract';

export type ImStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'unauthorized';

export interface ImCredentials {
  uid: string;
  sign: string;
}

export interface ConnectionEvents {
  /** Messages to show, each exactly once, in seq order per conversation. */
  onMessages(conv: number, messages: ImMessage[]): void;
  /** Every other frame (ready, ack, read, typing, conv, removed, apply, error). */
  onFrame(frame: ImServerFrame): void;
  onStatus(status: ImStatus): void;
}

export interface ConnectionOptions {
  url: string;
  createSocket?: (url: string) => WebSocket;
  heartbeatMs?: number;
  pongTimeoutMs?: number;
  syncMs?: number;
  /** Waits before fetching a hole, for the live message that is merely late. */
  gapWaitMs?: number;
  random?: () => number;
}

const MAX_BACKOFF_MS = 30_000;
const STABLE_MS = 10_000;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
  return Math.round(base / 2 + random() * (base / 2));
}

export class ImConnection {
  readonly sync = new ImSync();
  #ws: WebSocket | null = null;
  #credentials: ImCredentials | null = null;
  #status: ImStatus = 'idle';
  #attempt = 0;
  #timers = new Set<ReturnType<typeof setTimeout>>();
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #pongDeadline: ReturnType<typeof setTimeout> | null = null;
  #isSyncPending = false;
  #gapTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #options: Required<Omit<ConnectionOptions, 'createSocket'>> &
    Pick<ConnectionOptions, 'createSocket'>;

  constructor(
    private readonly events: ConnectionEvents,
    options: ConnectionOptions,
  ) {
    this.#options = {
      heartbeatMs: IM_LIMITS.heartbeatMs,
      pongTimeoutMs: 10_000,
      syncMs: 60_000,
      gapWaitMs: 300,
      random: Math.random,
      ...options,
    };
  }

  get status() {
    return this.#status;
  }

  /** Signs in; the same credentials while connected or connecting are skipped (spec §4). */
  start(credentials: ImCredentials) {
    const same = this.#credentials?.uid === credentials.uid && this.#credentials?.sign === credentials.sign;
    if (same && this.#status !== 'idle' && this.#status !== 'unauthorized') return;
    if (!same) this.#closeSocket();
    this.#credentials = credentials;
    this.#attempt = 0;
    this.#open();
  }

  /** Signs out (page hidden or unloaded, logout). */
  stop() {
    this.#credentials = null;
    this.#closeSocket();
    this.#setStatus('idle');
  }

  /** Sends a frame when the socket is open; false otherwise (the caller uses HTTP). */
  send(frame: object): boolean {
    if (this.#ws?.readyState !== WebSocket.OPEN) return false;
    this.#ws.send(JSON.stringify(frame));
    return true;
  }

  /** Asks the server to compare every conversation's last seq with what is held. */
  requestSync() {
    if (this.send({ t: 'sync' })) this.#isSyncPending = true;
  }

  #setStatus(status: ImStatus) {
    if (this.#status === status) return;
    this.#status = status;
    this.events.onStatus(status);
  }

  #later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  #closeSocket() {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    if (this.#pongDeadline) clearTimeout(this.#pongDeadline);
    if (this.#gapTimer) clearTimeout(this.#gapTimer);
    this.#heartbeat = this.#pongDeadline = this.#gapTimer = null;
    const ws = this.#ws;
    this.#ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  }

  #open() {
    const credentials = this.#credentials;
    if (!credentials) return;
    this.#setStatus('connecting');
    const ws = (this.#options.createSocket ?? ((url) => new WebSocket(url)))(this.#options.url);
    this.#ws = ws;
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      ws.send(JSON.stringify({ t: 'hello', ...credentials, convs: this.sync.helloConvs() }));
      this.#setStatus('open');
      this.#later(() => {
        if (this.#ws === ws) this.#attempt = 0;
      }, STABLE_MS);
      this.#heartbeat = setInterval(() => this.#ping(ws), this.#options.heartbeatMs);
      this.#later(() => this.#syncLoop(ws), this.#options.syncMs);
    };
    ws.onmessage = (event) => {
      if (this.#ws !== ws) return;
      let frame: ImServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ImServerFrame;
      } catch {
        return;
      }
      this.#receive(frame);
    };
    ws.onclose = (event) => {
      if (this.#ws !== ws) return;
      this.#closeSocket();
      if (!this.#credentials) return this.#setStatus('idle');
      if (event.code === IM_CLOSE.unauthorized) {
        this.#credentials = null;
        return this.#setStatus('unauthorized');
      }
      this.#setStatus('waiting');
      this.#later(() => this.#open(), backoffDelay(this.#attempt++, this.#options.random));
    };
  }

  #ping(ws: WebSocket) {
    if (this.#ws !== ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ t: 'ping' }));
    if (this.#pongDeadline) return;
    this.#pongDeadline = setTimeout(() => {
      this.#pongDeadline = null;
      // No answer: the connection is dead even if the browser has not noticed.
      if (this.#ws === ws) ws.close(4000, 'no pong');
    }, this.#options.pongTimeoutMs);
  }

  #syncLoop(ws: WebSocket) {
    if (this.#ws !== ws) return;
    this.requestSync();
    this.#later(() => this.#syncLoop(ws), this.#options.syncMs);
  }

  #accept(conv: number, list: ImMessage[], after?: number) {
    const { fresh, gapAfter } = this.sync.accept(conv, list, after);
    if (fresh.length) this.events.onMessages(conv, fresh);
    if (gapAfter !== null) this.#scheduleGapFetch();
  }

  #scheduleGapFetch() {
    if (this.#gapTimer) return;
    this.#gapTimer = setTimeout(() => {
      this.#gapTimer = null;
      for (const gap of this.sync.gaps()) this.send({ t: 'fetch', conv: gap.conv, after: gap.after });
    }, this.#options.gapWaitMs);
  }

  #receive(frame: ImServerFrame) {
    switch (frame.t) {
      case 'pong':
        if (this.#pongDeadline) clearTimeout(this.#pongDeadline);
        this.#pongDeadline = null;
        return;
      case 'msg':
        return this.#accept(frame.m.conv, [frame.m]);
      case 'ack':
        this.#accept(frame.m.conv, [frame.m]);
        return this.events.onFrame(frame);
      case 'msgs':
        this.#accept(frame.conv, frame.list, frame.after);
        if (frame.hasMore) {
          this.send({ t: 'fetch', conv: frame.conv, after: this.sync.position(frame.conv) ?? frame.after });
        }
        return;
      case 'ready':
        if (this.#isSyncPending) {
          // A sync: anything newer than what is held was lost on the way; fetch it.
          this.#isSyncPending = false;
          for (const c of frame.convs) {
            const held = this.sync.position(c.id);
            if (held !== undefined && c.lastSeq > held) this.send({ t: 'fetch', conv: c.id, after: held });
          }
        }
        this.sync.adopt(frame.convs);
        return this.events.onFrame(frame);
      case 'removed':
        this.sync.forget(frame.conv);
        return this.events.onFrame(frame);
      default:
        return this.events.onFrame(frame);
    }
  }
}
