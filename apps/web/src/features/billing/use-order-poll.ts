/**
 * Polls an order while `orderno` is set (the modal is open): one check at a time, every
 * `intervalMs`, at most `max` times (spec section 9: charges 1.5 s × 100, VIP 1 s × 60).
 * Paid (1000 with data 1) calls `onPaid` once; running out calls `onTimeout`. Closing the
 * modal (orderno null) stops the timer and the request in flight.
 */
import { useEffect, useRef, useState } from 'react';
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

export function useOrderPoll(orderno: string | null, options: OrderPollOptions) {
  const [polls, setPolls] = useState(0);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    setPolls(0);
    if (!orderno) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let count = 0;
    const poll = async () => {
      let answer: 0 | 1 | null = null;
      try {
        answer = await checkOrder(latest.current.path, orderno, controller.signal);
      } catch {
        answer = null;
      }
      if (controller.signal.aborted) return;
      count += 1;
      setPolls(count);
      const step = stepOrderPoll(answer, count, latest.current.max);
      if (step === 'paid') latest.current.onPaid();
      else if (step === 'timeout') latest.current.onTimeout();
      else timer = setTimeout(() => void poll(), latest.current.intervalMs);
    };
    timer = setTimeout(() => void poll(), latest.current.intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderno]);

  return polls;
}
