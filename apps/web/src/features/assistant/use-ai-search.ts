/**
 * One AI search session in the browser: loads a stored session (`searchId`), runs a question
 * as a streamed search (plain or fusion) whose start event names the session, reported
 * through `onStarted` so the page puts `searchId` in the address bar, and stops it (the
 * aborted request stops the server). A finished question is read back as stored
 * (singleInteractResult), so the view matches what a reload shows.
 */
import { QUESTION_MAX_CHARS } from '@jq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { ApiError, isAbortError } from '../../shared/api/client';
import { getAiSearchResult, getSearchInteraction, streamAiSearch } from './api';
import { assistantKeys } from './queries';
import { applySearchEvent, fromInteraction, newTurn, type SearchTurn } from './search-model';
import { useSessionStream } from './use-session-stream';

export interface AiSearchOptions {
  /** The session to show; null: a new one, started by the first question. */
  searchId: string | null;
  onStarted?(searchId: string): void;
}

export type SearchResult = 'sent' | 'failed' | 'busy' | 'invalid';

export function useAiSearch({ searchId, onStarted }: AiSearchOptions) {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<SearchTurn[]>([]);
  const sessionRef = useRef<string | null>(searchId);
  const [isStreaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  // The session this view started itself: its turns are already on screen.
  const ownIdRef = useRef<string | null>(null);
  useSessionStream(searchId, { controllerRef, ownIdRef, setStreaming }, () => setTurns([]));
  const onStartedRef = useRef(onStarted);
  onStartedRef.current = onStarted;

  const isLoadNeeded = searchId !== null && searchId !== ownIdRef.current;
  const stored = useQuery({
    queryKey: assistantKeys.search(searchId ?? ''),
    queryFn: ({ signal }) => getAiSearchResult(searchId!, signal),
    enabled: isLoadNeeded,
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    sessionRef.current = searchId;
  }, [searchId]);

  useEffect(() => {
    if (!stored.data || controllerRef.current) return;
    setTurns(stored.data.interactions.map(fromInteraction));
  }, [stored.data]);

  const updateTurn = useCallback((key: string, turn: SearchTurn) => {
    setTurns((list) => list.map((item) => (item.key === key ? turn : item)));
  }, []);

  const run = useCallback(
    async (text: string, isFusion: boolean): Promise<SearchResult> => {
      const question = text.trim();
      if (!question || question.length > QUESTION_MAX_CHARS) return 'invalid';
      if (controllerRef.current) return 'busy';
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      let turn = newTurn(question, isFusion ? 'fusion' : 'search');
      const key = turn.key;
      setTurns((list) => [...list, turn]);
      try {
        const input = { question, searchId: sessionRef.current ?? undefined, isFusion };
        for await (const event of streamAiSearch(input, controller.signal)) {
          const applied = applySearchEvent(turn, event);
          turn = applied.turn;
          updateTurn(key, turn);
          if (applied.searchId && !sessionRef.current) {
            sessionRef.current = applied.searchId;
            ownIdRef.current = applied.searchId;
            onStartedRef.current?.(applied.searchId);
          }
          if (applied.outcome.kind === 'error') return 'failed';
          if (applied.outcome.kind === 'locked') {
            updateTurn(key, {
              ...turn,
              answer: { ...turn.answer, status: 'error', error: assistant.lockedNote },
            });
            return 'failed';
          }
        }
        if (turn.id !== null) {
          const saved = await getSearchInteraction(turn.id).catch(() => null);
          if (saved && saved.status !== 'streaming') updateTurn(key, { ...fromInteraction(saved), key });
        }
        return 'sent';
      } catch (error) {
        if (isAbortError(error)) {
          updateTurn(key, { ...turn, answer: { ...turn.answer, status: 'stopped' } });
          return 'sent';
        }
        const msg = error instanceof ApiError ? error.msg : assistant.searchFailed;
        updateTurn(key, { ...turn, answer: { ...turn.answer, status: 'error', error: msg } });
        return 'failed';
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setStreaming(false);
        void queryClient.invalidateQueries({ queryKey: assistantKeys.home });
      }
    },
    [queryClient, updateTurn],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return {
    turns,
    isStreaming,
    isLoading: isLoadNeeded && stored.isPending,
    loadError: isLoadNeeded ? stored.error : null,
    reload: () => void stored.refetch(),
    title: stored.data?.title ?? turns[0]?.question ?? '',
    search: run,
    stop,
  };
}
