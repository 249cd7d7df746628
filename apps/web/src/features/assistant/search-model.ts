/**
 * The AI search view's model: one turn per question (the streamed summary as an answer
 * message, the library hits), how stream events change it, and the hits grouped by kind
 * with the addresses they open. Pure functions, tested without a network.
 */
import type { AiInteraction, EntityKind, SearchHits, StreamEvent } from '@jq/contract';
import { assistant } from '../../locales/zh-CN/assistant';
import { recordUrl } from '../../shared/navigation/record-url';
import { applyEvent, newMessage, type StreamOutcome, type ViewMessage } from './chat-model';

export type SearchKind = AiInteraction['kind'];

export interface SearchTurn {
  key: string;
  /** The stored interaction; null until the stream's start event names it. */
  id: number | null;
  kind: SearchKind;
  question: string;
  /** The summary, rendered like a chat answer (markdown, quotes, state). */
  answer: ViewMessage;
  hits: SearchHits;
}

export const NO_HITS: SearchHits = { projects: [], institutions: [], investors: [], reports: [] };

export function newTurn(question: string, kind: SearchKind): SearchTurn {
  const answer = newMessage('assistant');
  return { key: answer.key, id: null, kind, question, answer, hits: NO_HITS };
}

export function fromInteraction(item: AiInteraction): SearchTurn {
  return {
    key: `i${item.id}`,
    id: item.id,
    kind: item.kind,
    question: item.question,
    answer: {
      key: `a${item.id}`,
      role: 'assistant',
      content: item.answer,
      quotes: item.quotes,
      cards: [],
      suggestions: [],
      status: item.status,
      engine: '',
      error: item.status === 'error' ? assistant.searchFailed : undefined,
    },
    hits: { ...NO_HITS, ...item.hits },
  };
}

/**
 * Applies one event to the turn being written. The start event names the interaction and
 * the search session (`searchId`); the card event carries the hits; the rest is the summary.
 */
export function applySearchEvent(
  turn: SearchTurn,
  event: StreamEvent,
): { turn: SearchTurn; outcome: StreamOutcome; searchId?: string } {
  if (event.type === 'card') {
    const hits = event.hits && typeof event.hits === 'object' ? (event.hits as SearchHits) : null;
    return { turn: hits ? { ...turn, hits: { ...NO_HITS, ...hits } } : turn, outcome: { kind: 'continue' } };
  }
  const applied = applyEvent(turn.answer, event);
  const next = { ...turn, answer: applied.answer };
  if (event.type === 'status' && event.status === 'start') {
    const id = typeof event.messageId === 'number' ? event.messageId : null;
    const searchId = typeof event.searchId === 'string' && event.searchId ? event.searchId : undefined;
    return { turn: { ...next, id }, outcome: applied.outcome, searchId };
  }
  return { turn: next, outcome: applied.outcome };
}

export interface HitItem {
  id: number;
  name: string;
  meta: string;
  summary: string;
  url: string;
}

export interface HitGroup {
  kind: EntityKind;
  title: string;
  items: HitItem[];
}

const joined = (parts: readonly (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** The hits as cards grouped 项目 / 机构 / 投资人 / 研报, empty groups left out; links per the link rules. */
export function hitGroups(hits: SearchHits, isSignedIn: boolean): HitGroup[] {
  const url = (kind: EntityKind, id: number) => recordUrl(kind, id, isSignedIn);
  const titles = assistant.hitKinds;
  const groups: HitGroup[] = [
    {
      kind: 'project',
      title: titles.projects,
      items: hits.projects.map((p) => ({
        id: p.id,
        name: p.brandName || p.name,
        meta: joined([p.industryName, p.stageLabel, p.regionName]),
        summary: p.summary,
        url: url('project', p.id),
      })),
    },
    {
      kind: 'institution',
      title: titles.institutions,
      items: hits.institutions.map((o) => ({
        id: o.id,
        name: o.shortName || o.name,
        meta: joined([o.type, o.industryNames.slice(0, 3).join('、')]),
        summary: o.summary,
        url: url('institution', o.id),
      })),
    },
    {
      kind: 'investor',
      title: titles.investors,
      items: hits.investors.map((i) => ({
        id: i.id,
        name: i.name,
        meta: joined([i.institutionName, i.title]),
        summary: i.summary,
        url: url('investor', i.id),
      })),
    },
    {
      kind: 'report',
      title: titles.reports,
      items: hits.reports.map((r) => ({
        id: r.id,
        name: r.title,
        meta: joined([r.publisher, r.publishedAt.slice(0, 10)]),
        summary: r.summary,
        url: url('report', r.id),
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
