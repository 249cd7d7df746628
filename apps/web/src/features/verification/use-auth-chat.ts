/**
 * The dialogue's client state: messages (history plus the streaming answer), the case state,
 * and the stream flags of spec section 4. `waiting` holds from the `waiting` event to
 * `waitingend`; `authSuccess` fires the window event the rest of the app listens to.
 * A send within 1 s of the previous one is dropped (spec: send debounce 1 s).
 */
import { type AuthMessage, LIMITS, type VerificationState } from '@jq/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../shared/api/client';
import { streamEvents } from '../../shared/api/stream';
import { AUTH_SUCCESS_EVENT } from './auth-success';

export interface ChatMessage {
  /** Stable within the dialog, for list keys. */
  id: number;
  role: 'user' | 'assistant';
  msgtype: 'text' | 'image_url';
  content: string;
  homequery: string;
}

export interface AuthChat {
  messages: ChatMessage[];
  state: VerificationState;
  isStreaming: boolean;
  isWaiting: boolean;
  error: string;
  /** Returns false when the text was not sent (empty, too long, too soon, busy). */
  send(content: string, msgtype?: 'text' | 'image_url'): boolean;
  reset(list: AuthMessage[], state: VerificationState): void;
}

let nextId = 1;

export function useAuthChat(now: () => number = Date.now): AuthChat {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [state, setState] = useState<VerificationState>('none');
  const [isStreaming, setIsStreaming] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  const [error, setError] = useState('');
  const lastSentAt = useRef(-Infinity);
  const controller = useRef<AbortController | null>(null);
  const busy = useRef(false);

  useEffect(() => () => controller.current?.abort(), []);

  const reset = useCallback((list: AuthMessage[], next: VerificationState) => {
    setMessages(
      list.map(({ role, msgtype, content, homequery }) => ({
        id: nextId++,
        role,
        msgtype,
        content,
        homequery,
      })),
    );
    setState(next);
    setError('');
  }, []);

  const run = useCallback(async (content: string, msgtype: 'text' | 'image_url') => {
    const abort = new AbortController();
    controller.current = abort;
    busy.current = true;
    setIsStreaming(true);
    setError('');
    setMessages((list) => [...list, { id: nextId++, role: 'user', msgtype, content, homequery: '' }]);
    try {
      for await (const event of streamEvents(
        '/auth/aiAuth',
        { msgtype, content },
        { signal: abort.signal },
      )) {
        if (typeof event.state === 'string') setState(event.state as VerificationState);
        if (event.waiting) setIsWaiting(true);
        if (event.waitingend) setIsWaiting(false);
        if (event.authSuccess) window.dispatchEvent(new CustomEvent(AUTH_SUCCESS_EVENT));
        if (event.type === 'error') setError(typeof event.errMsg === 'string' ? event.errMsg : '');
        if (event.type === 'delta' && typeof event.content === 'string') {
          const piece = event.content;
          const homequery = typeof event.homequery === 'string' ? event.homequery : '';
          setMessages((list) => {
            const last = list.at(-1);
            if (event.start || !last || last.role !== 'assistant') {
              return [
                ...list,
                { id: nextId++, role: 'assistant', msgtype: 'text', content: piece, homequery },
              ];
            }
            return [
              ...list.slice(0, -1),
              { ...last, content: last.content + piece, homequery: homequery || last.homequery },
            ];
          });
        }
      }
    } catch (caught) {
      if (!isAbortError(caught)) setError(caught instanceof Error ? caught.message : '');
    } finally {
      busy.current = false;
      setIsStreaming(false);
      setIsWaiting(false);
    }
  }, []);

  const send = useCallback(
    (raw: string, msgtype: 'text' | 'image_url' = 'text') => {
      const content = raw.trim();
      if (!content || busy.current) return false;
      if (msgtype === 'text' && [...content].length > LIMITS.messageMaxChars) return false;
      if (now() - lastSentAt.current < LIMITS.sendDebounceMs) return false;
      lastSentAt.current = now();
      void run(content, msgtype);
      return true;
    },
    [now, run],
  );

  return { messages, state, isStreaming, isWaiting, error, send, reset };
}
