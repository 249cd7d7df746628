/**
 * The one messaging session of the page: the socket (connection.ts) wired to the store,
 * sending with a client id (retried over the socket after a reconnect or over HTTP without
 * one, never stored twice), reads, history, and the spec's notification for a new private
 * message (section 4: 新消息 / 您收到一条私聊消息，点击查看, 5 s, opening the conversation).
 */
import type { ImMessage, ImServerFrame } from '@jq/contract';
import { ApiError } from '../../shared/api/client';
import { getConversation, listMessages, markReadOverHttp, sendOverHttp } from './api';
import { ImConnection, type ImCredentials, type ImStatus } from './connection';
import { TYPING_SHOWN_MS, useImStore } from './im-store';

export type Notifier = (conv: number) => void;

const HISTORY_PAGE = 30;
let notifier: Notifier = () => {};
const asking = new Set<number>();

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/im/ws`;
}

function newCid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A new private message the user has not read, in a conversation not on screen, gets the notice. */
async function maybeNotify(conv: number, list: ImMessage[]) {
  const state = useImStore.getState();
  const readSeq = state.positions[conv]?.readSeq ?? 0;
  const news = list.filter(
    (m) => m.kind !== 'system' && m.sender && m.sender.uguid !== state.me && m.seq > readSeq,
  );
  if (!news.length) return;
  const isOnScreen = state.activeConv === conv && document.visibilityState === 'visible';
  if (isOnScreen) return;
  let summary = state.summaries[conv];
  if (!summary && !asking.has(conv)) {
    asking.add(conv);
    try {
      summary = await getConversation(conv);
      useImStore.getState().setSummaries([summary]);
    } catch {
      return;
    } finally {
      asking.delete(conv);
    }
  }
  if (summary?.kind === 'private' && !summary.isNotifyOff) notifier(conv);
}

function refreshSummary(conv: number) {
  void getConversation(conv).then(
    (summary) => useImStore.getState().setSummaries([summary]),
    () => {},
  );
}

function onFrame(frame: ImServerFrame) {
  const store = useImStore.getState();
  switch (frame.t) {
    case 'ready':
      store.applyStates(frame.convs);
      if (frame.convs.some((c) => !store.summaries[c.id])) store.bumpList();
      return;
    case 'ack':
      store.addMessages(frame.m.conv, [frame.m]);
      return store.confirm(frame.cid);
    case 'read':
      return store.setRead(frame.conv, frame.uguid, frame.seq);
    case 'typing':
      store.setTyping(frame.conv, frame.name);
      setTimeout(() => useImStore.getState().expireTyping(frame.conv), TYPING_SHOWN_MS + 50);
      return;
    case 'conv':
      store.bumpList();
      return refreshSummary(frame.conv);
    case 'removed':
      return store.removeConv(frame.conv);
    case 'apply':
      return store.bumpApply();
    case 'error':
      if (frame.cid) store.updateOutgoing(frame.cid, { state: 'failed', error: frame.msg });
      return;
  }
}

function onStatus(status: ImStatus) {
  useImStore.getState().setStatus(status);
  if (status === 'open') {
    // What was on its way when the connection dropped goes again, under the same client id.
    for (const item of useImStore.getState().outgoing) if (item.state === 'sending') void deliver(item.cid);
  }
}

export const connection = new ImConnection(
  {
    onMessages(conv, list) {
      void maybeNotify(conv, list);
      useImStore.getState().addMessages(conv, list);
      // A join, leave or removal line: the member count (and maybe the owner) changed.
      if (list.some((m) => m.kind === 'system')) refreshSummary(conv);
    },
    onFrame,
    onStatus,
  },
  { url: typeof window === 'undefined' ? '' : socketUrl() },
);

export function setNotifier(next: Notifier) {
  notifier = next;
}

export function startSession(credentials: ImCredentials) {
  const store = useImStore.getState();
  if (store.me && store.me !== credentials.uid) store.reset();
  store.setMe(credentials.uid);
  connection.start(credentials);
}

export function stopSession() {
  connection.stop();
}

async function deliver(cid: string) {
  const item = useImStore.getState().outgoing.find((o) => o.cid === cid);
  if (!item) return;
  const frame = { cid, conv: item.conv, kind: item.kind, text: item.text, fileId: item.fileId };
  if (connection.send({ t: 'send', ...frame })) return;
  try {
    const m = await sendOverHttp({
      id: item.conv,
      kind: item.kind,
      text: item.text,
      fileId: item.fileId,
      cid,
    });
    useImStore.getState().addMessages(m.conv, [m]);
    useImStore.getState().confirm(cid);
  } catch (error) {
    const msg = error instanceof ApiError ? error.msg : '网络错误，请重试';
    useImStore.getState().updateOutgoing(cid, { state: 'failed', error: msg });
  }
}

export function sendMessage(
  conv: number,
  message: { kind: 'text' | 'image' | 'file'; text?: string; fileId?: string; fileName?: string },
) {
  const cid = newCid();
  useImStore.getState().addOutgoing({
    cid,
    conv,
    kind: message.kind,
    text: message.text ?? '',
    fileId: message.fileId,
    fileName: message.fileName,
    state: 'sending',
    at: Date.now(),
  });
  void deliver(cid);
}

export function retry(cid: string) {
  useImStore.getState().updateOutgoing(cid, { state: 'sending', error: undefined });
  void deliver(cid);
}

/** Marks a conversation read up to its newest message (the other devices and, privately, the other person learn it). */
export function markRead(conv: number) {
  const store = useImStore.getState();
  const position = store.positions[conv];
  if (!position || position.readSeq >= position.lastSeq) return;
  const seq = position.lastSeq;
  store.setRead(conv, store.me, seq);
  if (connection.send({ t: 'read', conv, seq })) return;
  void markReadOverHttp(conv, seq).catch(() => {});
}

/** The newest page of a conversation, merged with what arrived live. */
export async function loadLatest(conv: number) {
  const page = await listMessages({ id: conv, pageSize: HISTORY_PAGE });
  const store = useImStore.getState();
  store.applyStates([{ id: conv, lastSeq: page.lastSeq, readSeq: page.readSeq }]);
  store.setHistory(conv, page.list, page.hasMore);
  // Any uguid but the user's own is "the other person".
  if (page.peerReadSeq) store.setRead(conv, '', page.peerReadSeq);
  const newest = page.list.at(-1)?.seq;
  if (newest !== undefined) connection.sync.setPosition(conv, newest);
}

export async function loadOlder(conv: number) {
  const oldest = useImStore.getState().messages[conv]?.[0]?.seq;
  if (!oldest || oldest <= 1) return;
  const page = await listMessages({ id: conv, beforeSeq: oldest, pageSize: HISTORY_PAGE });
  useImStore.getState().setHistory(conv, page.list, page.hasMore);
}
