/**
 * getRecommendInvestorsStream through the one stream reader: the matches arrive as they are
 * ranked (without reasons), then the reasons of each by rank, then `done`. The page shows
 * the ranked rows at once and fills in their reasons as they come. Leaving the page or
 * picking another project aborts the request, which stops the server's work.
 */
import {
  type InvestorMatchItem,
  type MatchReason,
  MatchStreamEventSchema,
  type MatchTarget,
  type StreamEvent,
} from '@jq/contract';
import { useEffect, useState } from 'react';
import { matching } from '../../locales/zh-CN/matching';
import { ApiError } from '../../shared/api/client';
import { streamRecommendedInvestors } from './api';

export interface RecommendState {
  items: InvestorMatchItem[];
  /** Ranks whose reasons have arrived. */
  reasoned: ReadonlySet<number>;
  phase: 'idle' | 'ranking' | 'reasons' | 'done' | 'error';
  error: string | null;
  total: number | null;
}

export const INITIAL_RECOMMEND: RecommendState = {
  items: [],
  reasoned: new Set(),
  phase: 'idle',
  error: null,
  total: null,
};

/** One event applied; unknown or malformed events change nothing. */
export function applyRecommendEvent(state: RecommendState, raw: StreamEvent): RecommendState {
  const parsed = MatchStreamEventSchema.safeParse(raw);
  if (!parsed.success) return state;
  const event = parsed.data;
  if (event.type === 'card' && event.card === 'match') {
    const items = state.items.filter((item) => item.rank !== event.item.rank);
    items.push({ ...event.item, reasons: event.item.reasons ?? [] });
    items.sort((a, b) => a.rank - b.rank);
    return { ...state, items, phase: 'ranking' };
  }
  if (event.type === 'card' && event.card === 'reasons') {
    return {
      ...state,
      items: state.items.map((item) =>
        item.rank === event.rank && item.id === event.id ? withReasons(item, event.reasons) : item,
      ),
      reasoned: new Set([...state.reasoned, event.rank]),
      phase: 'reasons',
    };
  }
  if (event.type === 'status') return { ...state, phase: 'done', total: event.total };
  return { ...state, phase: 'error', error: event.msg || matching.streamFailed };
}

function withReasons(item: InvestorMatchItem, reasons: MatchReason[]): InvestorMatchItem {
  return { ...item, reasons };
}

export function useRecommendStream(pid: number | null, target: MatchTarget, limit = 10): RecommendState {
  const [state, setState] = useState<RecommendState>(INITIAL_RECOMMEND);

  useEffect(() => {
    setState(INITIAL_RECOMMEND);
    if (pid === null) return;
    const controller = new AbortController();
    setState({ ...INITIAL_RECOMMEND, phase: 'ranking' });
    (async () => {
      try {
        for await (const event of streamRecommendedInvestors({ pid, limit, target }, controller.signal)) {
          setState((current) => applyRecommendEvent(current, event));
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.msg : matching.streamFailed;
        setState((current) => ({ ...current, phase: 'error', error: message }));
      }
    })();
    return () => controller.abort();
  }, [pid, target, limit]);

  return state;
}
