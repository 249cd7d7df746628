/**
 * Which component renders each route. A page renders only when its feature is enabled in
 * the contract AND the page exists; otherwise the shared ComingSoon page stands in.
 * Pages are lazy so each one is its own chunk.
 */
import { isFeatureEnabled } from '@jq/contract';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import { comingSoon } from '../locales/zh-CN/coming-soon';
import { ComingSoon } from '../shared/components/coming-soon';
import type { AppRoute } from './route-table';

type PageComponent = LazyExoticComponent<ComponentType>;

const PAGES: Partial<Record<string, PageComponent>> = {
  notFound: lazy(() => import('../features/system/not-found-page')),
  serverError: lazy(() => import('../features/system/server-error-page')),
  ipBanned: lazy(() => import('../features/system/ip-banned-page')),
  download: lazy(() => import('../features/system/download-page')),
  test: lazy(() => import('../features/system/stream-test-page')),
  login: lazy(() => import('../features/account/login-page')),
  loginBare: lazy(() => import('../features/account/login-bare-page')),
  user: lazy(() => import('../features/account/user-page')),
  agreement: lazy(() => import('../features/legal/agreement-page')),
  privacy: lazy(() => import('../features/legal/privacy-page')),
  power: lazy(() => import('../features/billing/power-page')),
  vip: lazy(() => import('../features/billing/vip-page')),
  vipAgreement: lazy(() => import('../features/billing/vip-agreement-page')),
  project: lazy(() => import('../features/library/project-page')),
  org: lazy(() => import('../features/library/org-page')),
  investor: lazy(() => import('../features/library/investor-page')),
  report: lazy(() => import('../features/library/report-page')),
  plist: lazy(() => import('../features/library/plist-page')),
  olist: lazy(() => import('../features/library/olist-page')),
  fundingProject: lazy(() => import('../features/library/funding-project-page')),
  match: lazy(() => import('../features/matching/match-page')),
  matchResult: lazy(() => import('../features/matching/match-result-page')),
  matchDetail: lazy(() => import('../features/matching/match-detail-page')),
  matchDetailOld: lazy(() => import('../features/matching/match-detail-page')),
  aiproject: lazy(() => import('../features/matching/aiproject-page')),
  aiprojectResult: lazy(() => import('../features/matching/aiproject-result-page')),
  aiprojectDetail: lazy(() => import('../features/matching/aiproject-detail-page')),
  aiprojectDetailOld: lazy(() => import('../features/matching/aiproject-detail-page')),
  aiprojectContact: lazy(() => import('../features/matching/aiproject-contact-page')),
  visit: lazy(() => import('../features/matching/visit-page')),
  home: lazy(() => import('../features/assistant/home-page')),
  homechat: lazy(() => import('../features/assistant/homechat-page')),
  chat: lazy(() => import('../features/assistant/chat-page')),
  mixchat: lazy(() => import('../features/assistant/mixchat-page')),
  history: lazy(() => import('../features/assistant/history-page')),
  share: lazy(() => import('../features/assistant/share-page')),
  pdfView: lazy(() => import('../features/assistant/pdf-view-page')),
  pdf: lazy(() => import('../features/assistant/pdf-page')),
  mdPreview: lazy(() => import('../features/assistant/md-preview-page')),
};

export function isPageAvailable(route: AppRoute): boolean {
  return isFeatureEnabled(route.feature) && PAGES[route.name] !== undefined;
}

export type PageResolver = (route: AppRoute) => ReactElement;

export const resolvePage: PageResolver = (route) => {
  const Page = isFeatureEnabled(route.feature) ? PAGES[route.name] : undefined;
  if (Page) return <Page />;
  const isHome = route.name === 'home';
  return (
    <ComingSoon
      name={route.name}
      feature={route.feature}
      eyebrow={isHome ? comingSoon.welcomeTitle : route.title}
      isHomeButtonShown={!isHome}
    />
  );
};
