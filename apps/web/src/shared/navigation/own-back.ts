/**
 * One back control per screen: a page that shows its own (返回匹配结果, a chat's back to home,
 * a conversation's back to the list) says so while it is shown, and the header leaves out
 * its generic back button meanwhile.
 */
import { useEffect, useSyncExternalStore } from 'react';

let owners = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Call in a page (or part) that renders its own back control; `isShown` false lends nothing. */
export function useOwnBackControl(isShown = true): void {
  useEffect(() => {
    if (!isShown) return;
    owners += 1;
    emit();
    return () => {
      owners -= 1;
      emit();
    };
  }, [isShown]);
}

/** Whether the page on screen shows its own back control. */
export function usePageHasBackControl(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => owners > 0,
    () => false,
  );
}
