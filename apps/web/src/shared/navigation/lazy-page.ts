/**
 * A page in its own chunk (React.lazy) that can also start loading before it renders. The app
 * preloads the first page as it starts (`createAppRouter`), so the page's chunk downloads while
 * the account check runs, and the work of requesting its files happens before the page's first
 * render, not in the middle of it. A page whose first screen is a query can say how to ask for
 * it (`prefetch`): its data then travel while its code does, instead of after it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a page's prefetch needs: the app's query cache and the address being opened. */
export interface PagePrefetch {
  queryClient: QueryClient;
  url: URL;
}

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's code and, given the context, its first data. */
  preload(context?: PagePrefetch): void;
};

export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: (context: PagePrefetch) => Promise<void>,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(loadOnce), {
    // The prefetch first: its few small files are then requested ahead of the page's many. A
    // failed load shows when the page renders (the route's error page); a failed prefetch leaves
    // the page to ask again.
    preload: (context?: PagePrefetch) => {
      if (context && prefetch) void prefetch(context).catch(() => undefined);
      void loadOnce().catch(() => undefined);
    },
  });
}
