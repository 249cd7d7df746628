/**
 * Messaging state on the client: where each conversation stands (last seq and read seq:
 * unread = last − read, summed for the header badge), the loaded messages of conversations
 * opened (one sorted list per conversation, each seq once, however it arrived), the newest
 * message of each for the list, outgoing messages not yet confirmed, typing, the other
 * person's read position, and the conversation on screen.
 */
import type { ImConversation, ImConvState, ImMessage } from '@jq/contract';
import { create } from 'zustand';
import type { ImStatus } from './connection';

export interface Outgoing {
  cid: string;
  conv: number;
  kind: 'text' | 'image' | 'file';
  text: string;
  fileId?: string;
  fileName?: string;
  state: 'sending' | 'failed';
  error?: string;
  at: number;
}

interface Position {
  lastSeq: number;
  readSeq: number;
}

interface ImState {
  status: ImStatus;
  me: string;
  positions: Record<number, Position>;
  summaries: Record<number, ImConversation>;
  messages: Record<number, ImMessage[]>;
  hasOlder: Record<number, boolean>;
  previews: Record<number, ImMessage>;
  outgoing: Outgoing[];
  typing: Record<number, { name: string; until: number }>;
  peerRead: Record<number, number>;
  activeConv: number | null;
  /** Bumped when the conversation list or the applications should be read again. */
  listVersion: number;
  applyVersion: number;
  setStatus(status: ImStatus): void;
  setMe(uguid: string): void;
  applyStates(convs: readonly ImConvState[]): void;
  setSummaries(list: readonly ImConversation[]): void;
  addMessages(conv: number, list: readonly ImMessage[]): void;
  setHistory(conv: number, list: readonly ImMessage[], hasOlder: boolean): void;
  setRead(conv: number, uguid: string, seq: number): void;
  setTyping(conv: number, name: string): void;
  /** Drops a typing note that has run out (nothing when a newer one replaced it). */
  expireTyping(conv: number): void;
  removeConv(conv: number): void;
  addOutgoing(item: Outgoing): void;
  updateOutgoing(cid: string, patch: Partial<Outgoing>): void;
  confirm(cid: string): void;
  setActive(conv: number | null): void;
  bumpList(): void;
  bumpApply(): void;
  reset(): void;
}

/** Merges messages into a sorted list, each seq once. */
/** How long a typing note shows after the last typing frame. */
export const TYPING_SHOWN_MS = 4000;

export function mergeBySeq(current: readonly ImMessage[], incoming: readonly ImMessage[]): ImMessage[] {
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function unreadOf(position: Position | undefined): number {
  return position ? Math.max(0, position.lastSeq - position.readSeq) : 0;
}

export function totalUnread(positions: Record<number, Position>): number {
  return Object.values(positions).reduce((sum, p) => sum + unreadOf(p), 0);
}

const empty = {
  status: 'idle' as ImStatus,
  positions: {},
  summaries: {},
  messages: {},
  hasOlder: {},
  previews: {},
  outgoing: [],
  typing: {},
  peerRead: {},
  activeConv: null,
  listVersion: 0,
  applyVersion: 0,
};

export const useImStore = create<ImState>()((set) => ({
  ...empty,
  me: '',
  setStatus: (status) => set({ status }),
  setMe: (me) => set({ me }),
  applyStates: (convs) =>
    set((state) => {
      const positions = { ...state.positions };
      for (const c of convs) {
        const held = positions[c.id];
        positions[c.id] = {
          lastSeq: Math.max(held?.lastSeq ?? 0, c.lastSeq),
          readSeq: Math.max(held?.readSeq ?? 0, c.readSeq),
        };
      }
      return { positions };
    }),
  setSummaries: (list) =>
    set((state) => {
      const summaries = { ...state.summaries };
      const positions = { ...state.positions };
      const previews = { ...state.previews };
      const peerRead = { ...state.peerRead };
      for (const c of list) {
        summaries[c.id] = c;
        const held = positions[c.id];
        positions[c.id] = {
          lastSeq: Math.max(held?.lastSeq ?? 0, c.lastSeq),
          readSeq: Math.max(held?.readSeq ?? 0, c.readSeq),
        };
        if (c.lastMessage && (previews[c.id]?.seq ?? 0) < c.lastMessage.seq) previews[c.id] = c.lastMessage;
        peerRead[c.id] = Math.max(peerRead[c.id] ?? 0, c.peerReadSeq);
      }
      return { summaries, positions, previews, peerRead };
    }),
  addMessages: (conv, list) =>
    set((state) => {
      if (!list.length) return {};
      const newest = list[list.length - 1]!;
      const held = state.positions[conv];
      const mine = list.filter((m) => m.sender?.uguid === state.me).map((m) => m.seq);
      const position = {
        lastSeq: Math.max(held?.lastSeq ?? 0, newest.seq),
        readSeq: Math.max(held?.readSeq ?? 0, ...mine),
      };
      const cids = new Set(list.map((m) => m.cid).filter(Boolean));
      const typing = { ...state.typing };
      if (list.some((m) => m.sender && typing[conv]?.name === m.sender.name)) delete typing[conv];
      return {
        positions: { ...state.positions, [conv]: position },
        previews:
          (state.previews[conv]?.seq ?? 0) < newest.seq
            ? { ...state.previews, [conv]: newest }
            : state.previews,
        // Kept for conversations loaded or on screen (one still loading must not miss a live message).
        messages:
          state.messages[conv] || state.activeConv === conv
            ? { ...state.messages, [conv]: mergeBySeq(state.messages[conv] ?? [], list) }
            : state.messages,
        outgoing: state.outgoing.filter((o) => !(o.conv === conv && cids.has(o.cid))),
        typing,
      };
    }),
  setHistory: (conv, list, hasOlder) =>
    set((state) => ({
      messages: { ...state.messages, [conv]: mergeBySeq(state.messages[conv] ?? [], list) },
      hasOlder: { ...state.hasOlder, [conv]: hasOlder },
    })),
  setRead: (conv, uguid, seq) =>
    set((state) => {
      if (uguid !== state.me)
        return { peerRead: { ...state.peerRead, [conv]: Math.max(state.peerRead[conv] ?? 0, seq) } };
      const held = state.positions[conv];
      if (!held || held.readSeq >= seq) return {};
      return { positions: { ...state.positions, [conv]: { ...held, readSeq: Math.min(seq, held.lastSeq) } } };
    }),
  setTyping: (conv, name) =>
    set((state) => ({ typing: { ...state.typing, [conv]: { name, until: Date.now() + TYPING_SHOWN_MS } } })),
  expireTyping: (conv) =>
    set((state) => {
      const note = state.typing[conv];
      if (!note || note.until > Date.now()) return {};
      const { [conv]: _gone, ...typing } = state.typing;
      return { typing };
    }),
  removeConv: (conv) =>
    set((state) => {
      const { [conv]: _p, ...positions } = state.positions;
      const { [conv]: _s, ...summaries } = state.summaries;
      const { [conv]: _m, ...messages } = state.messages;
      return { positions, summaries, messages, listVersion: state.listVersion + 1 };
    }),
  addOutgoing: (item) =>
    set((state) => ({ outgoing: [...state.outgoing.filter((o) => o.cid !== item.cid), item] })),
  updateOutgoing: (cid, patch) =>
    set((state) => ({ outgoing: state.outgoing.map((o) => (o.cid === cid ? { ...o, ...patch } : o)) })),
  confirm: (cid) => set((state) => ({ outgoing: state.outgoing.filter((o) => o.cid !== cid) })),
  setActive: (activeConv) => set({ activeConv }),
  bumpList: () => set((state) => ({ listVersion: state.listVersion + 1 })),
  bumpApply: () => set((state) => ({ applyVersion: state.applyVersion + 1 })),
  reset: () => set({ ...empty, me: '' }),
}));

export const useTotalUnread = () => useImStore((state) => totalUnread(state.positions));
