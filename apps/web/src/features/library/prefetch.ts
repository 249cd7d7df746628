/**
 * A library list's first screen, asked for while the list page's code still loads (the app
 * opening on /jq/project, /jq/org or /jq/investor): the same queries the page then reads, for
 * the search in the address and this screen's width (one page on desktop, load-more on phones),
 * and the taxonomy the filters name.
 */
import { currentBreakpoint } from '../../shared/hooks/use-breakpoint';
import type { PagePrefetch } from '../../shared/navigation/lazy-page';
import { taxonomyQuery } from '../../shared/taxonomy/use-taxonomy';
import { libraryMoreQuery, libraryPageQuery } from './queries';
import { type LibraryKind, parseQuery } from './search-state';

export async function prefetchList(kind: LibraryKind, { queryClient, url }: PagePrefetch): Promise<void> {
  const query = parseQuery(url.searchParams);
  await Promise.all([
    currentBreakpoint().isSmall
      ? queryClient.prefetchInfiniteQuery(libraryMoreQuery(kind, query))
      : queryClient.prefetchQuery(libraryPageQuery(kind, query)),
    queryClient.prefetchQuery(taxonomyQuery),
  ]);
}
