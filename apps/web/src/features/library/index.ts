/**
 * The library's public surface: its pages, and the project detail and contact card that
 * matching shows whole. All lazy, so the shell, which imports this file, stays small.
 */
import { lazy } from 'react';
import { lazyPage } from '../../shared/navigation/lazy-page';

export const ProjectPage = lazyPage(() => import('./project-page'));
export const OrgPage = lazyPage(() => import('./org-page'));
export const InvestorPage = lazyPage(() => import('./investor-page'));
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
