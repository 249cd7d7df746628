/**
 * One WebSocket of /api/im/ws (protocol in docs/im.md). The socket joins the hub before it
 * replays anything, so no message can fall between the replay and live delivery; the
 * client drops what it already holds by seq. Frames are handled one at a time in order.
 * Bad frames get an error frame and, when they keep coming, the socket is closed; a
 * socket whose unsent data piles up past SLOW_CONSUMER_BYTES is dropped and catches up
 * from the database when it reconnects.
 */
import {
  Code,
  codeMessages,
  IM_CLOSE,
  IM_LIMITS,
  type ImClientFrame,
  ImClientFrameSchema,
  ImSendInputSchema,
  type ImServerFrame,
} from '@jq/contract';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ImContext } from './context.js';
import { conversationStates } from './conversations.js';
import { messagesAfter } from './history.js';
import type { HubSocket, SocketHub } from './hub.js';
import { hasBlocked, memberIds, peerOf, requireMember } from './membership.js';
import { markRead } from './read.js';
import { sendMessage } from './send-message.js';

export const SLOW_CONSUMER_BYTES = 1024 * 1024;
/** Frames a socket may send: a burst of BURST, then RATE a second. */
const BURST = 60;
const RATE = 20;
const MAX_BAD_FRAMES = 20;
/** Frames dropped for speed before the socket is closed as a flood. */
const MAX_DROPPED_FRAMES = 500;
const TYPING_EVERY_MS = 2000;
const MAX_HELLO_CONVS = 2000;

export interface SocketDeps {
  ctx: ImContext;
  hub: SocketHub;
  log: FastifyBaseLogger;
  verifySign(uguid: string, sign: string): Promise<boolean>;
}

class ImSocket implements HubSocket {
  readonly userId: number;
  #tokens = BURST;
  #refilledAt = Date.now();
  #badFrames = 0;
  #dropped = 0;
  #warnedAt = 0;
  #queue: Promise<void> = Promise.resolve();
  #typingAt = new Map<number, number>();

  constructor(
    readonly ws: WebSocket,
    readonly user: User,
    readonly deps: SocketDeps,
  ) {
    this.userId = user.id;
  }

  sendRaw(data: string) {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
      this.deps.log.warn(
        { event: 'im.socket.slow', userId: this.userId, buffered: this.ws.bufferedAmount },
        'slow',
      );
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  send(frame: ImServerFrame) {
    this.sendRaw(JSON.stringify(frame));
  }

  /** Takes one token; false when the socket sends faster than allowed. */
  #take(): boolean {
    const now = Date.now();
    this.#tokens = Math.min(BURST, this.#tokens + ((now - this.#refilledAt) / 1000) * RATE);
    this.#refilledAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  #refuse(code: number, msg: string, cid?: string) {
    this.send(cid ? { t: 'error', code, msg, cid } : { t: 'error', code, msg });
    if (++this.#badFrames > MAX_BAD_FRAMES) this.ws.close(IM_CLOSE.badFrames, 'too many bad frames');
  }

  /** A frame over the rate is dropped; one error a second says so; a flood that goes on is closed. */
  #drop() {
    if (++this.#dropped > MAX_DROPPED_FRAMES) {
      this.ws.close(IM_CLOSE.badFrames, 'flood');
      return;
    }
    const now = Date.now();
    if (now - this.#warnedAt < 1000) return;
    this.#warnedAt = now;
    this.send({ t: 'error', code: Code.RATE_LIMITED, msg: '发送太频繁，请稍后再试' });
  }

  receive(raw: WebSocket.RawData, isBinary: boolean) {
    if (!this.#take()) return this.#drop();
    let frame: ImClientFrame;
    try {
      if (isBinary) throw new Error('binary');
      const parsed = ImClientFrameSchema.safeParse(JSON.parse(raw.toString()));
      if (!parsed.success) throw new Error('schema');
      frame = parsed.data;
    } catch {
      return this.#refuse(Code.BAD_REQUEST, '消息帧格式有误');
    }
    this.#queue = this.#queue.then(() => this.#handle(frame)).catch((error) => this.#fail(error, frame));
  }

  #fail(error: unknown, frame: ImClientFrame) {
    const cid = frame.t === 'send' ? frame.cid : undefined;
    if (error instanceof AppError) return this.#refuse(error.code, error.message, cid);
    this.deps.log.error({ err: error, event: 'im.frame.failed', t: frame.t }, 'im frame failed');
    this.send({ t: 'error', code: Code.INTERNAL, msg: codeMessages[Code.INTERNAL], ...(cid ? { cid } : {}) });
  }

  async #handle(frame: ImClientFrame): Promise<void> {
    const { ctx } = this.deps;
    switch (frame.t) {
      case 'hello':
        return this.#hello(frame);
      case 'send': {
        const input = ImSendInputSchema.safeParse({
          id: frame.conv,
          kind: frame.kind,
          text: frame.text,
          fileId: frame.fileId,
          cid: frame.cid,
        });
        if (!input.success) {
          return this.#refuse(Code.BAD_REQUEST, input.error.issues[0]?.message ?? '消息有误', frame.cid);
        }
        const m = await sendMessage(ctx, this.user, input.data);
        return this.send({ t: 'ack', cid: frame.cid, m });
      }
      case 'read':
        await markRead(ctx, this.user, { id: frame.conv, seq: frame.seq });
        return;
      case 'typing':
        return this.#typing(frame.conv);
      case 'fetch': {
        await requireMember(ctx.db, frame.conv, this.userId);
        const limit = frame.limit ?? IM_LIMITS.replayPerConversation;
        const page = await messagesAfter(ctx.db, frame.conv, frame.after, limit);
        return this.send({ t: 'msgs', conv: frame.conv, after: frame.after, ...page });
      }
      case 'sync':
        return this.send({ t: 'ready', ...(await conversationStates(ctx.db, this.userId)) });
      case 'ping':
        return this.send({ t: 'pong', at: Date.now() });
    }
  }

  async #hello(frame: Extract<ImClientFrame, { t: 'hello' }>) {
    if (frame.uid !== undefined || frame.sign !== undefined) {
      const isValid =
        frame.uid === this.user.uguid && (await this.deps.verifySign(this.user.uguid, frame.sign ?? ''));
      if (!isValid) {
        this.send({ t: 'error', code: Code.UNAUTHORIZED, msg: '消息服务登录信息已失效，请重新登录' });
        this.ws.close(IM_CLOSE.unauthorized, 'bad sign');
        return;
      }
    }
    const { db } = this.deps.ctx;
    const state = await conversationStates(db, this.userId);
    this.send({ t: 'ready', ...state });
    const known = new Map(state.convs.map((c) => [c.id, c.lastSeq]));
    const held = Object.entries(frame.convs ?? {}).slice(0, MAX_HELLO_CONVS);
    for (const [key, seq] of held) {
      const conv = Number(key);
      const lastSeq = known.get(conv);
      if (lastSeq === undefined) {
        // Not (or no longer) a member: a conversation the client should drop.
        if (!(await isMember(this.deps.ctx, conv, this.userId))) this.send({ t: 'removed', conv });
        continue;
      }
      if (lastSeq <= seq) continue;
      const page = await messagesAfter(db, conv, seq, IM_LIMITS.replayPerConversation);
      if (this.ws.readyState !== WebSocket.OPEN) return;
      this.send({ t: 'msgs', conv, after: seq, ...page });
    }
  }

  async #typing(conv: number) {
    const now = Date.now();
    if (now - (this.#typingAt.get(conv) ?? 0) < TYPING_EVERY_MS) return;
    this.#typingAt.set(conv, now);
    const { ctx } = this.deps;
    const { conversation } = await requireMember(ctx.db, conv, this.userId);
    if (conversation.kind === 'private') {
      const peer = await peerOf(ctx.db, conv, this.userId);
      if (!peer || (await hasBlocked(ctx.db, peer.userId, this.userId))) return;
    }
    const to = (await memberIds(ctx.db, conv)).filter((id) => id !== this.userId);
    await ctx.deliver(to, { t: 'typing', conv, uguid: this.user.uguid, name: this.user.name || '金桥用户' });
  }
}

async function isMember(ctx: ImContext, conv: number, userId: number) {
  return requireMember(ctx.db, conv, userId).then(
    () => true,
    () => false,
  );
}

/** Serves one authenticated socket until it closes. */
export function serveSocket(deps: SocketDeps, ws: WebSocket, user: User) {
  const socket = new ImSocket(ws, user, deps);
  // Live delivery starts before any replay: nothing can fall between the two.
  deps.hub.add(socket);
  ws.on('message', (raw, isBinary) => socket.receive(raw, isBinary));
  ws.on('close', () => deps.hub.remove(socket));
  ws.on('error', () => ws.terminate());
}
