/**
 * Notices raised outside React (the route guard runs in router loaders, before any page
 * renders): queued here until the account overlays, inside antd's App, show them.
 */
export interface AccountNotice {
  kind: 'error' | 'warning' | 'success' | 'info';
  title: string;
  description?: string;
  /** How long it stays; the app's notification default otherwise. */
  seconds?: number;
  /** Where the app goes once the notice is shown. */
  goTo?: string;
}

type Listener = (notice: AccountNotice) => void;

let listener: Listener | null = null;
const queue: AccountNotice[] = [];

export function emitAccountNotice(notice: AccountNotice): void {
  if (listener) listener(notice);
  else queue.push(notice);
}

/** Becomes the one listener and receives what was queued; returns the unsubscribe. */
export function listenAccountNotices(next: Listener): () => void {
  listener = next;
  for (const notice of queue.splice(0)) next(notice);
  return () => {
    if (listener === next) listener = null;
  };
}
