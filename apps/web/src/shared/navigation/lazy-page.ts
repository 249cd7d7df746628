/**
 * A page in its own chunk (React.lazy) that can also start loading before it renders (or, for
 * the landing page, one that ships with the app's entry: `eagerPage`). The app
 * preloads the first page as it starts (`createAppRouter`), so the page's chunk downloads while
 * the account check runs, and the work of requesting its files happens before the page's first
 * render, not in the middle of it. A page whose first screen is a query can say how to ask for
 * it (`prefetch`): its data then travel while its code does, instead of after it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, lazy } from 'react';

/** What a page's prefetch needs: the app's query cache and the address being opened. */
export interface PagePrefetch {
  queryClient: QueryClient;
  url: URL;
}

export type RoutePage = ComponentType & {
  /** Starts loading the page's code and, given the context, its first data. */
  preload(context?: PagePrefetch): void;
};

export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: (context: PagePrefetch) => Promise<void>,
): RoutePage {
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

/**
 * A page in the app's entry chunk: /home, where most visits land (`/` and unknown paths lead
 * there). Its code and what it imports are then part of the first load, and Rolldown's chunking
 * of the lazy pages' shared code cannot push /home's first load up (docs/decisions.md).
 */
export function eagerPage(page: ComponentType): RoutePage {
  return Object.assign((props: object) => createElement(page, props), { preload: () => undefined });
}
