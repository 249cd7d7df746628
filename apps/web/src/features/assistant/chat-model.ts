/**
 * The chat view's message model and how stream events change it: pure functions, so the
 * rules (quotes merged by number, cards by record, the end event's suggestions, the locked
 * event) are tested without a network.
 */
import type {
  ChatMessage,
  EntityLink,
  MessageStatus,
  Quote,
  RemainingChats,
  StreamEvent,
} from '@jq/contract';

export interface ViewMessage {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  quotes: Quote[];
  cards: EntityLink[];
  suggestions: string[];
  status: MessageStatus;
  engine: string;
  error?: string;
}

export function fromServer(message: ChatMessage): ViewMessage {
  return {
    key: `m${message.id}`,
    role: message.role,
    content: message.content,
    quotes: message.quotes,
    cards: message.cards,
    suggestions: message.suggestions,
    status: message.status,
    engine: message.engine,
  };
}

let localSeq = 0;
export function newMessage(role: ViewMessage['role'], content = ''): ViewMessage {
  localSeq += 1;
  return {
    key: `local-${localSeq}`,
    role,
    content,
    quotes: [],
    cards: [],
    suggestions: [],
    status: role === 'user' ? 'done' : 'streaming',
    engine: '',
  };
}

export function mergeQuotes(current: readonly Quote[], incoming: readonly Quote[]): Quote[] {
  const byN = new Map(current.map((quote) => [quote.n, quote]));
  for (const quote of incoming) byN.set(quote.n, quote);
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

export function mergeCards(current: readonly EntityLink[], incoming: readonly EntityLink[]): EntityLink[] {
  const key = (card: EntityLink) => `${card.kind}:${card.id}`;
  const seen = new Set(current.map(key));
  return [...current, ...incoming.filter((card) => !seen.has(key(card)) && seen.add(key(card)))];
}

export type StreamOutcome =
  | { kind: 'continue' }
  | { kind: 'end'; status: 'done' | 'stopped'; remaining?: number }
  | { kind: 'locked'; quota: RemainingChats }
  | { kind: 'error'; msg: string };

const asString = (value: unknown) => (typeof value === 'string' ? value : '');
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Applies one stream event to the answer being written; says whether the stream ended and how. */
export function applyEvent(
  answer: ViewMessage,
  event: StreamEvent,
): { answer: ViewMessage; outcome: StreamOutcome } {
  if (event.type === 'delta') {
    return {
      answer: { ...answer, content: answer.content + asString(event.content) },
      outcome: { kind: 'continue' },
    };
  }
  if (event.type === 'quote') {
    const quotes = mergeQuotes(answer.quotes, asArray<Quote>(event.quotes));
    return { answer: { ...answer, quotes }, outcome: { kind: 'continue' } };
  }
  if (event.type === 'card') {
    const cards = mergeCards(answer.cards, asArray<EntityLink>(event.cards));
    return { answer: { ...answer, cards }, outcome: { kind: 'continue' } };
  }
  if (event.type === 'error') {
    const msg = asString(event.msg);
    return { answer: { ...answer, status: 'error', error: msg }, outcome: { kind: 'error', msg } };
  }
  // status events
  const status = asString(event.status);
  if (status === 'start') {
    return { answer: { ...answer, engine: asString(event.engine) }, outcome: { kind: 'continue' } };
  }
  if (status === 'locked') {
    return { answer, outcome: { kind: 'locked', quota: event.quota as RemainingChats } };
  }
  if (status === 'done' || status === 'stopped') {
    const remaining = typeof event.remaining === 'number' ? event.remaining : undefined;
    return {
      answer: { ...answer, status, suggestions: asArray<string>(event.suggestions) },
      outcome: { kind: 'end', status, remaining },
    };
  }
  return { answer, outcome: event.isend ? { kind: 'end', status: 'done' } : { kind: 'continue' } };
}

/** The question an answer replied to: the nearest user message before it. */
export function questionBefore(messages: readonly ViewMessage[], index: number): string | null {
  for (let i = index - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user') return message.content;
  }
  return null;
}
