/**
 * A seconds countdown for the SMS send button (spec section 4: 60 s after a request, reset
 * at once on failure). Counts from a deadline, not by ticks, so a throttled background tab
 * still shows the true remaining time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(0);
  const deadline = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const reset = useCallback(() => {
    stop();
    setRemaining(0);
  }, [stop]);

  const start = useCallback(() => {
    stop();
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(seconds);
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) stop();
    }, 250);
  }, [seconds, stop]);

  useEffect(() => stop, [stop]);

  return { remaining, isRunning: remaining > 0, start, reset };
}
