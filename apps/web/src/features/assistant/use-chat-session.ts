/**
 * One conversation in the browser: loads it (messages, free turns), sends a question and
 * reads the streamed answer into the last message, stops a generation (abort + leavechat),
 * regenerates the last answer. A new conversation is created on the first question and
 * reported through `onCreated`, so the page can put its chatuuid in the address bar.
 */
import { type ChatKind, QUESTION_MAX_CHARS, type RemainingChats } from '@jq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { ApiError, isAbortError } from '../../shared/api/client';
import { createChat, getConversation, getRemainingChats, leaveChat, streamTurn } from './api';
import { applyEvent, fromServer, newMessage, questionBefore, type ViewMessage } from './chat-model';
import { assistantKeys } from './queries';
import { useSessionStream } from './use-session-stream';

export interface ChatSessionOptions {
  kind: ChatKind;
  /** The conversation to show; null: a new one, created on the first question. */
  chatuuid: string | null;
  action: string;
  agent?: string;
  /** Research chat limited to these reports. */
  pids?: number[];
  onCreated?(chatuuid: string): void;
}

export type SendResult = 'sent' | 'locked' | 'failed' | 'busy' | 'invalid';

export function useChatSession(options: ChatSessionOptions) {
  const { kind, chatuuid, action } = options;
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ViewMessage[]>([]);
  const uuidRef = useRef<string | null>(chatuuid);
  const [isStreaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  // The conversation this view created itself: its messages are already on screen.
  const ownUuidRef = useRef<string | null>(null);
  useSessionStream(chatuuid, { controllerRef, ownIdRef: ownUuidRef, setStreaming }, () => setMessages([]));
  const latest = useRef(options);
  latest.current = options;

  const isLoadNeeded = chatuuid !== null && chatuuid !== ownUuidRef.current;
  const detail = useQuery({
    queryKey: assistantKeys.conversation(kind, chatuuid ?? ''),
    queryFn: ({ signal }) => getConversation(kind, chatuuid!, signal),
    enabled: isLoadNeeded,
    staleTime: 0,
    retry: false,
  });
  const quota = useQuery({
    queryKey: assistantKeys.quota(action, chatuuid ?? ''),
    queryFn: ({ signal }) => getRemainingChats({ action, chatuuid: chatuuid ?? undefined }, signal),
  });

  useEffect(() => {
    uuidRef.current = chatuuid;
  }, [chatuuid]);

  useEffect(() => {
    if (!detail.data || controllerRef.current) return;
    setMessages(detail.data.messages.map(fromServer));
    queryClient.setQueryData(
      assistantKeys.quota(action, detail.data.conversation.chatuuid),
      detail.data.quota,
    );
  }, [detail.data, queryClient, action]);

  const updateLast = useCallback((update: (answer: ViewMessage) => ViewMessage) => {
    setMessages((list) => {
      const last = list[list.length - 1];
      if (!last || last.role !== 'assistant') return list;
      return [...list.slice(0, -1), update(last)];
    });
  }, []);

  const ensureChat = useCallback(async (): Promise<string> => {
    if (uuidRef.current) return uuidRef.current;
    const { agent, pids, onCreated } = latest.current;
    const created = await createChat(kind, { action, agent, pids });
    uuidRef.current = created.chatuuid;
    ownUuidRef.current = created.chatuuid;
    onCreated?.(created.chatuuid);
    return created.chatuuid;
  }, [kind, action]);

  const run = useCallback(
    async (question: string, regenerate: boolean): Promise<SendResult> => {
      const { agent } = latest.current;
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      let answer = newMessage('assistant');
      setMessages((list) => {
        const base = regenerate && list[list.length - 1]?.role === 'assistant' ? list.slice(0, -1) : list;
        return regenerate ? [...base, answer] : [...base, newMessage('user', question), answer];
      });
      try {
        const uuid = await ensureChat();
        const events = streamTurn(kind, { chatuuid: uuid, question, agent, regenerate }, controller.signal);
        for await (const event of events) {
          const applied = applyEvent(answer, event);
          answer = applied.answer;
          updateLast(() => answer);
          if (applied.outcome.kind === 'locked') {
            const lockedQuota: RemainingChats = applied.outcome.quota;
            queryClient.setQueryData(assistantKeys.quota(action, uuid), lockedQuota);
            setMessages((list) => list.slice(0, regenerate ? -1 : -2));
            return 'locked';
          }
          if (applied.outcome.kind === 'error') return 'failed';
        }
        return 'sent';
      } catch (error) {
        if (isAbortError(error)) {
          updateLast((last) => ({ ...last, status: 'stopped' }));
          return 'sent';
        }
        const msg = error instanceof ApiError ? error.msg : assistant.answerFailed;
        updateLast((last) => ({ ...last, status: 'error', error: msg }));
        return 'failed';
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        setStreaming(false);
        void queryClient.invalidateQueries({ queryKey: assistantKeys.quotaRoot });
        void queryClient.invalidateQueries({ queryKey: assistantKeys.lists });
      }
    },
    [kind, action, queryClient, updateLast, ensureChat],
  );

  const send = useCallback(
    (text: string): Promise<SendResult> => {
      const question = text.trim();
      if (!question || question.length > QUESTION_MAX_CHARS) return Promise.resolve('invalid');
      if (controllerRef.current) return Promise.resolve('busy');
      return run(question, false);
    },
    [run],
  );

  const regenerate = useCallback((): Promise<SendResult> => {
    if (controllerRef.current) return Promise.resolve('busy');
    const question = questionBefore(messages, messages.length);
    return question ? run(question, true) : Promise.resolve('invalid');
  }, [messages, run]);

  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controller.abort();
    if (uuidRef.current) void leaveChat(uuidRef.current).catch(() => undefined);
  }, []);

  return {
    messages,
    isStreaming,
    isLoading: isLoadNeeded && detail.isPending,
    loadError: isLoadNeeded ? detail.error : null,
    reload: () => void detail.refetch(),
    conversation: detail.data?.conversation ?? null,
    quota: quota.data ?? null,
    refreshQuota: () => void queryClient.invalidateQueries({ queryKey: assistantKeys.quotaRoot }),
    send,
    regenerate,
    stop,
    ensureChat,
  };
}
