/**
 * The library's public surface: its pages, and the project detail and contact card that
 * matching shows whole. All lazy, so the shell, which imports this file, stays small.
 */
import { lazy } from 'react';

export const ProjectPage = lazy(() => import('./project-page'));
export const OrgPage = lazy(() => import('./org-page'));
export const InvestorPage = lazy(() => import('./investor-page'));
export const ReportPage = lazy(() => import('./report-page'));
export const PlistPage = lazy(() => import('./plist-page'));
export const OlistPage = lazy(() => import('./olist-page'));
export const FundingProjectPage = lazy(() => import('./funding-project-page'));

export const ProjectDetail = lazy(async () => ({
  default: (await import('./project-detail')).ProjectDetail,
}));
export const ProjectContacts = lazy(async () => ({
  default: (await import('./project-contacts')).ProjectContacts,
}));
