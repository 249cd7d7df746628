/**
 * The library list's first render shows the first screenful of rows and the rest a few at a
 * time in idle moments afterwards, so the first paint (and the page's largest paint, the
 * first row's summary) waits for 5 rows, not 20, and no single main-thread task renders them
 * all: each later step is a transition, which React renders in short slices. Only the first
 * fill is staged: once every row has been shown, later results (a new search, 加载更多,
 * another page) render at once, so restoring a scroll position or counting rows never meets
 * a half-filled list.
 */
import { startTransition, useEffect, useState } from 'react';

export const FIRST_ROWS = 5;
export const ROWS_PER_STEP = 5;

type Cancel = () => void;

function whenIdle(run: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 16);
  return () => clearTimeout(timer);
}

/** How many of `count` rows to render now; grows to `count` and then stays unstaged. */
export function useStagedCount(count: number): number {
  const [shown, setShown] = useState(FIRST_ROWS);
  const [isFilled, setFilled] = useState(false);
  useEffect(() => {
    if (isFilled || count === 0) return;
    if (shown >= count) {
      setFilled(true);
      return;
    }
    return whenIdle(() => startTransition(() => setShown((before) => before + ROWS_PER_STEP)));
  }, [isFilled, shown, count]);
  return isFilled ? count : Math.min(shown, count);
}
