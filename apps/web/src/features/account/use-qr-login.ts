/**
 * Runs the QR sign-in while `isActive`: asks for a code, then polls every 1.5 s (one poll
 * at a time, never overlapping) until stepQrPoll says stop. Leaving (modal closed, mode
 * switched) cancels the timer and the poll in flight.
 */
import { LIMITS } from '@jq/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkLoginQrcode, getLoginQrcode } from './api';
import { type QrPollOutcome, stepQrPoll } from './qr-poll';

export type QrFinal = Exclude<QrPollOutcome, { kind: 'waiting' }>;

export interface QrLoginState {
  status: 'loading' | 'ready' | 'error' | 'done';
  url: string;
  polls: number;
  /** The phone has scanned the code; the user has yet to confirm there. */
  scanned?: boolean;
}

export function useQrLogin(isActive: boolean, onFinish: (outcome: QrFinal) => void) {
  const [state, setState] = useState<QrLoginState>({ status: 'loading', url: '', polls: 0 });
  const [round, setRound] = useState(0);
  const finish = useRef(onFinish);
  useEffect(() => {
    finish.current = onFinish;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `round` (refresh) restarts with a new code.
  useEffect(() => {
    if (!isActive) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    setState({ status: 'loading', url: '', polls: 0 });

    const poll = async (code: string) => {
      let answer: Parameters<typeof stepQrPoll>[0];
      try {
        answer = { ok: true, data: await checkLoginQrcode(code, controller.signal) };
      } catch (error) {
        answer = { ok: false, error };
      }
      if (controller.signal.aborted) return;
      polls += 1;
      const outcome = stepQrPoll(answer, polls);
      const scanned = outcome.kind === 'waiting' && outcome.scanned;
      setState((previous) => ({ ...previous, polls, scanned }));
      if (outcome.kind === 'waiting') {
        timer = setTimeout(() => void poll(code), LIMITS.qrPollIntervalMs);
        return;
      }
      setState((previous) => ({ ...previous, status: 'done' }));
      finish.current(outcome);
    };

    getLoginQrcode()
      .then(({ code, url }) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', url, polls: 0 });
        timer = setTimeout(() => void poll(code), LIMITS.qrPollIntervalMs);
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error', url: '', polls: 0 });
      });

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [isActive, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, refresh };
}
