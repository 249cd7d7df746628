/**
 * Polls an order while `orderno` is set (the modal is open): one check at a time, every
 * `intervalMs`, at most `max` times (spec section 9: charges 1.5 s × 100, VIP 1 s × 60).
 * Paid (1000 with data 1) calls `onPaid` once; running out calls `onTimeout`. Closing the
 * modal (orderno null) stops the timer and the request in flight. `checkNow` (我已支付)
 * checks at once, outside the count, and a paid answer ends the polling the same way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkOrder, type OrderCheckPath } from './api';

export type PollStep = 'paid' | 'waiting' | 'timeout';

/** What one answer means after `polls` checks; a failed check counts and waits. */
export function stepOrderPoll(answer: 0 | 1 | null, polls: number, max: number): PollStep {
  if (answer === 1) return 'paid';
  return polls >= max ? 'timeout' : 'waiting';
}

export interface OrderPollOptions {
  path: OrderCheckPath;
  intervalMs: number;
  max: number;
  onPaid(): void;
  onTimeout(): void;
}

export interface OrderPoll {
  /** Checks made by the timer so far. */
  polls: number;
  /** One check now: 1 paid (onPaid has run), 0 not yet, null failed or no order. */
  checkNow(): Promise<0 | 1 | null>;
}

export function useOrderPoll(orderno: string | null, options: OrderPollOptions): OrderPoll {
  const [polls, setPolls] = useState(0);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const manualCheck = useRef<(() => Promise<0 | 1 | null>) | null>(null);

  useEffect(() => {
    setPolls(0);
    if (!orderno) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let count = 0;
    let isOver = false;
    const check = async (): Promise<0 | 1 | null> => {
      try {
        return await checkOrder(latest.current.path, orderno, controller.signal);
      } catch {
        return null;
      }
    };
    const settlePaid = () => {
      isOver = true;
      clearTimeout(timer);
      latest.current.onPaid();
    };
    const poll = async () => {
      const answer = await check();
      if (controller.signal.aborted || isOver) return;
      count += 1;
      setPolls(count);
      const step = stepOrderPoll(answer, count, latest.current.max);
      if (step === 'paid') settlePaid();
      else if (step === 'timeout') {
        isOver = true;
        latest.current.onTimeout();
      } else timer = setTimeout(() => void poll(), latest.current.intervalMs);
    };
    manualCheck.current = async () => {
      const answer = await check();
      if (controller.signal.aborted || isOver) return null;
      if (answer === 1) settlePaid();
      return answer;
    };
    timer = setTimeout(() => void poll(), latest.current.intervalMs);
    return () => {
      manualCheck.current = null;
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderno]);

  const checkNow = useCallback(() => manualCheck.current?.() ?? Promise.resolve(null), []);
  return { polls, checkNow };
}
