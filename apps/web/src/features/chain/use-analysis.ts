/**
 * An analysis of a chain or node: the caller's stored one is shown first (getAnalyse);
 * 生成分析 streams a new one, the text growing as it arrives, with its cited rounds and report
 * quotes. Leaving or 停止 aborts the request, which stops the server.
 */
import type { ChainQuote, ChainRoundCitation } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chainText } from '../../locales/zh-CN/chain';
import { ApiError } from '../../shared/api/client';
import { streamAnalyse } from './api';
import { useSavedAnalysis } from './queries';

export interface AnalysisView {
  content: string;
  rounds: ChainRoundCitation[];
  quotes: ChainQuote[];
  createdAt: string | null;
  status: 'idle' | 'streaming' | 'done' | 'stopped' | 'error';
  error: string | null;
}

const EMPTY: AnalysisView = {
  content: '',
  rounds: [],
  quotes: [],
  createdAt: null,
  status: 'idle',
  error: null,
};

export function useAnalysis(id: string) {
  const saved = useSavedAnalysis(id);
  const queryClient = useQueryClient();
  const [live, setLive] = useState<AnalysisView | null>(null);
  const controller = useRef<AbortController | null>(null);

  // The view is keyed by id, so one mount is one chain or node: abort on leaving.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setLive({ ...EMPTY, status: 'streaming' });
    try {
      for await (const event of streamAnalyse(id, abort.signal)) {
        setLive((view) => {
          const v = view ?? { ...EMPTY, status: 'streaming' };
          if (event.type === 'delta') return { ...v, content: v.content + String(event.content) };
          if (event.type === 'quote') return { ...v, quotes: event.quotes as ChainQuote[] };
          if (event.type === 'card' && event.card === 'rounds')
            return { ...v, rounds: event.rounds as ChainRoundCitation[] };
          if (event.type === 'error')
            return { ...v, status: 'error', error: String(event.msg || chainText.analysis.failed) };
          if (event.type === 'status' && event.isend) {
            return {
              ...v,
              status: event.status === 'stopped' ? 'stopped' : 'done',
              createdAt: new Date().toISOString(),
            };
          }
          return v;
        });
      }
      void queryClient.invalidateQueries({ queryKey: ['chain', 'analysis', id] });
    } catch (error) {
      if (abort.signal.aborted) {
        setLive((v) => (v ? { ...v, status: 'stopped' } : v));
        return;
      }
      const message = error instanceof ApiError ? error.msg : chainText.analysis.failed;
      setLive((v) => ({ ...(v ?? EMPTY), status: 'error', error: message }));
    }
  }, [id, queryClient]);

  const stop = useCallback(() => controller.current?.abort(), []);

  const stored = saved.data;
  const view: AnalysisView =
    live ??
    (stored
      ? {
          content: stored.content,
          rounds: stored.rounds,
          quotes: stored.quotes,
          createdAt: stored.createdAt,
          status: stored.status === 'streaming' ? 'stopped' : stored.status,
          error: null,
        }
      : EMPTY);
  return { view, isLoadingSaved: saved.isLoading, start, stop };
}
