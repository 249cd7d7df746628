/**
 * The client side of the messaging protocol's durability (docs/im.md), shared by the web
 * client, the tests and the benchmark so all three run the same algorithm:
 * - per conversation, the highest seq held without a hole (`position`);
 * - a message at position + 1 is shown and advances it (with any buffered ones after it);
 * - a message at or below the position is a duplicate and is dropped;
 * - a message further ahead is buffered and the conversation has a gap: the caller fetches
 *   the messages after the position (over the socket or HTTP) and feeds them back in;
 * - on (re)connect the positions go into hello, and the server replays what follows.
 */
import type { ImConvState, ImMessage } from './schemas/im.js';

export interface AcceptResult {
  /** Messages to show now, in seq order, each exactly once. */
  fresh: ImMessage[];
  /** When set, messages after this seq are missing: fetch them. */
  gapAfter: number | null;
}

export class ImSync {
  readonly #positions = new Map<number, number>();
  readonly #ahead = new Map<number, Map<number, ImMessage>>();

  position(conv: number): number | undefined {
    return this.#positions.get(conv);
  }

  /** What the client holds, for the hello frame. */
  helloConvs(): Record<string, number> {
    return Object.fromEntries([...this.#positions].map(([conv, seq]) => [String(conv), seq]));
  }

  /**
   * Conversations the server lists (ready): one the client never held starts at its
   * current last seq (its history is read through the messages row when opened).
   */
  adopt(states: readonly ImConvState[]) {
    for (const state of states) {
      if (!this.#positions.has(state.id)) this.#positions.set(state.id, state.lastSeq);
    }
  }

  /** Sets where a conversation stands, e.g. after loading its newest page over HTTP. */
  setPosition(conv: number, seq: number) {
    const current = this.#positions.get(conv);
    if (current === undefined || seq > current) this.#positions.set(conv, seq);
  }

  forget(conv: number) {
    this.#positions.delete(conv);
    this.#ahead.delete(conv);
  }

  /**
   * Feeds messages of one conversation (live, replayed or fetched, in any order). `after`:
   * the list is what the server holds after that seq, oldest first (a msgs frame), so a
   * seq it skips does not exist and is not waited for.
   */
  accept(conv: number, messages: readonly ImMessage[], after?: number): AcceptResult {
    let position = this.#positions.get(conv);
    if (position === undefined) {
      // A conversation first met through a live message: it starts just before that message.
      const first = Math.min(...messages.map((m) => m.seq));
      if (!Number.isFinite(first)) return { fresh: [], gapAfter: null };
      position = first - 1;
    }
    if (after !== undefined && after <= position) {
      const next = messages.find((m) => m.seq > position!);
      if (next) position = next.seq - 1;
    }
    let ahead = this.#ahead.get(conv);
    for (const m of messages) {
      if (m.seq <= position) continue;
      if (!ahead) {
        ahead = new Map();
        this.#ahead.set(conv, ahead);
      }
      ahead.set(m.seq, m);
    }
    const fresh: ImMessage[] = [];
    while (ahead?.has(position + 1)) {
      const next = ahead.get(position + 1)!;
      ahead.delete(position + 1);
      fresh.push(next);
      position++;
    }
    this.#positions.set(conv, position);
    if (ahead && ahead.size === 0) this.#ahead.delete(conv);
    return { fresh, gapAfter: ahead && ahead.size > 0 ? position : null };
  }

  /** The conversations with buffered messages beyond a hole. */
  gaps(): { conv: number; after: number }[] {
    return [...this.#ahead.keys()].map((conv) => ({ conv, after: this.#positions.get(conv) ?? 0 }));
  }
}
