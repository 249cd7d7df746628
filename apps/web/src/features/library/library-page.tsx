/**
 * One library list page (projects, institutions or investors): search box, filters,
 * sort, result count, the list, and the detail drawer of the `pid` / `oid` / `iid` param
 * over it. The page is keep-alive, so the list is exactly as left when the user comes
 * back; the address bar mirrors it for sharing. The public variant (/plist, /olist) is lighter.
 */
import { SEARCH_SORTS } from '@jq/contract';
import { Button, Segmented } from 'antd';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { library } from '../../locales/zh-CN/library';
import { formatStage } from '../../shared/format/figures';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useUserStore } from '../../shared/stores/user-store';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import { type EntityKind, useDetailLink, useDetailParam } from './detail-nav';
import { DetailDrawer, DetailLoading } from './detail-parts';
import { FILTERS_BY_KIND, FilterDrawerButton, type FilterKey, FilterPanel } from './filter-panel';
import { formatTotal } from './format';
import { InvestorItem, OrgItem, ProjectItem } from './list-items';
import { type ListItem, PAGE_SIZE, useLibraryResults } from './queries';
import { ResultList } from './result-list';
import { SearchBox } from './search-box';
import { countFilters, type LibraryKind, type LibraryQuery, withChange } from './search-state';
import { SelectedFilters } from './selected-filters';
import { useListState } from './use-list-state';
import { useStagedCount } from './use-staged-count';
import './library.css';
import './library-filters.css';
import { DemoNotice } from '../../shared/components/demo-tag';

export interface LibraryPageProps {
  kind: LibraryKind;
  routeName: string;
  /** Public lists: a heading for visitors and search engines, fewer filters. */
  publicIntro?: { title: string; lead: string };
}

const PUBLIC_FILTERS: readonly FilterKey[] = ['industry', 'stage'];

// Details load when first opened, so the list (what most visits need) comes first.
const ProjectDetail = lazy(() => import('./project-detail').then((m) => ({ default: m.ProjectDetail })));
const OrgDetail = lazy(() => import('./org-detail').then((m) => ({ default: m.OrgDetail })));
const InvestorDetail = lazy(() => import('./investor-detail').then((m) => ({ default: m.InvestorDetail })));

export function LibraryPage({ kind, routeName, publicIntro }: LibraryPageProps) {
  const { query, setQuery, isActive } = useListState(routeName);
  const { isSmall } = useBreakpoint();
  const results = useLibraryResults(kind, query, isSmall);
  const taxonomy = useTaxonomy();
  const detail = useDetailParam(kind);
  const listTop = useRef<HTMLDivElement>(null);
  const filters = publicIntro ? PUBLIC_FILTERS : FILTERS_BY_KIND[kind];
  const change = (next: Partial<LibraryQuery>) => setQuery(withChange(query, next));
  const isFiltered = query.keyword !== '' || countFilters(query) > 0;

  return (
    <div className={`jq-lib-page${publicIntro ? ' is-public' : ''}`} data-testid={`library-${kind}`}>
      {publicIntro && <PublicIntro {...publicIntro} />}
      <div className="jq-lib-panel">
        <div className="jq-lib-searchbar">
          <SearchBox
            keyword={query.keyword}
            onSearch={(keyword) => change({ keyword })}
            placeholder={library.searchPlaceholder[kind]}
            size={isSmall ? 'middle' : 'large'}
          />
          {isSmall && (
            <FilterDrawerButton
              kind={kind}
              filters={filters}
              query={query}
              onChange={change}
              taxonomy={taxonomy}
            />
          )}
        </div>
        {!isSmall && (
          <FilterPanel kind={kind} filters={filters} query={query} onChange={change} taxonomy={taxonomy} />
        )}
        <SelectedFilters kind={kind} filters={filters} query={query} taxonomy={taxonomy} onChange={change} />
      </div>
      <div className="jq-lib-panel jq-lib-results" ref={listTop}>
        <div className="jq-lib-toolbar">
          <span className="jq-lib-total" data-testid="library-total">
            {results.isLoading ? '\u00a0' : formatTotal(results.total, kind)}
            <Understood understood={results.understood} />
          </span>
          <Segmented
            size={isSmall ? 'small' : 'middle'}
            // Without a keyword there is nothing to be relevant to: the server lists the latest first.
            value={!query.keyword && query.sort === 'relevance' ? 'latest' : query.sort}
            options={SEARCH_SORTS.filter((sort) => query.keyword || sort !== 'relevance').map((sort) => ({
              value: sort,
              label: library.sort[kind][sort],
            }))}
            onChange={(sort) => change({ sort })}
            data-testid="library-sort"
          />
        </div>
        <DemoNotice isShown={results.items.some((item) => item.isDemo)} />
        <ResultList
          count={results.items.length}
          total={results.total}
          page={query.page}
          pageSize={PAGE_SIZE}
          isLoading={results.isLoading}
          isRefreshing={results.isRefreshing}
          isError={results.isError}
          errorMessage={results.errorMessage}
          onRetry={results.retry}
          isLoadMore={isSmall}
          hasMore={results.hasMore}
          isLoadingMore={results.isLoadingMore}
          onLoadMore={results.loadMore}
          onPageChange={(page) => {
            setQuery({ ...query, page });
            listTop.current?.scrollIntoView({ block: 'start' });
          }}
          isFiltered={isFiltered}
        >
          <Items kind={kind} items={results.items} />
        </ResultList>
      </div>
      <DetailDrawer
        open={isActive && detail.id !== null}
        title={library.detailTitle[kind]}
        onClose={detail.close}
        onBack={detail.back}
        testId={`${kind}-drawer`}
      >
        {detail.id !== null && (
          <Suspense fallback={<DetailLoading />}>{renderDetail(kind, detail.id)}</Suspense>
        )}
      </DetailDrawer>
    </div>
  );
}

function renderDetail(kind: EntityKind, id: number): ReactNode {
  if (kind === 'project') return <ProjectDetail key={id} pid={id} />;
  if (kind === 'org') return <OrgDetail key={id} oid={id} />;
  if (kind === 'investor') return <InvestorDetail key={id} id={id} />;
  return null;
}

function Items<K extends LibraryKind>({ kind, items }: { kind: K; items: ListItem<K>[] }) {
  const linkTo = useDetailLink();
  const shown = useStagedCount(items.length);
  return items.slice(0, shown).map((item) => {
    const link = linkTo(kind, item.id);
    if (kind === 'project')
      return <ProjectItem key={item.id} project={item as ListItem<'project'>} link={link} />;
    if (kind === 'org') return <OrgItem key={item.id} org={item as ListItem<'org'>} link={link} />;
    return <InvestorItem key={item.id} investor={item as ListItem<'investor'>} link={link} />;
  });
}

/** What the search read out of the keyword (新能源汽车 · A轮), so a user sees why rows match. */
function Understood({
  understood,
}: {
  understood: { industries: { name: string }[]; stages: number[]; regions: { name: string }[] } | undefined;
}) {
  if (!understood) return null;
  const words = [
    ...understood.industries.map((item) => item.name),
    ...understood.stages.map(formatStage),
    ...understood.regions.map((item) => item.name),
  ];
  if (words.length === 0) return null;
  return (
    <span className="jq-lib-understood">
      {library.understood}：{words.join(' · ')}
    </span>
  );
}

function PublicIntro({ title, lead }: { title: string; lead: string }) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  return (
    <header className="jq-lib-public-intro">
      <h1>{title}</h1>
      <p>{lead}</p>
      {!isSignedIn && (
        <p className="jq-lib-public-cta">
          {library.signInForMore}
          <Button type="link" onClick={() => openLogin()}>
            {library.goSignIn}
          </Button>
        </p>
      )}
    </header>
  );
}
