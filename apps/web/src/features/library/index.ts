/**
 * The library's public surface: its pages, and the project detail and contact card that
 * matching shows whole. All lazy, so the shell, which imports this file, stays small; only the
 * lists' prefetch (their queries, about 5 KB) ships with the shell, so that a visit opening on a
 * list asks for its data as the app starts rather than one round trip later.
 */
import { lazy } from 'react';
import { lazyPage, type PagePrefetch } from '../../shared/navigation/lazy-page';
import { prefetchList } from './prefetch';
import type { LibraryKind } from './search-state';

const listPrefetch = (kind: LibraryKind) => (context: PagePrefetch) => prefetchList(kind, context);

export const ProjectPage = lazyPage(() => import('./project-page'), listPrefetch('project'));
export const OrgPage = lazyPage(() => import('./org-page'), listPrefetch('org'));
export const InvestorPage = lazyPage(() => import('./investor-page'), listPrefetch('investor'));
export const ReportPage = lazyPage(() => import('./report-page'));
export const PlistPage = lazyPage(() => import('./plist-page'));
export const OlistPage = lazyPage(() => import('./olist-page'));
export const FundingProjectPage = lazyPage(() => import('./funding-project-page'));

export const ProjectDetail = lazy(async () => ({
  default: (await import('./project-detail')).ProjectDetail,
}));
export const ProjectContacts = lazy(async () => ({
  default: (await import('./project-contacts')).ProjectContacts,
}));
