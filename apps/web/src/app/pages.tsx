/**
 * Which component renders each route. A page renders only when its feature is enabled in
 * the contract AND the page exists; otherwise the shared ComingSoon page stands in.
 * Pages come from each feature's index, lazy, so each one is its own chunk.
 */
import { isFeatureEnabled } from '@jq/contract';
import { lazy, type ReactElement } from 'react';
import * as account from '../features/account';
import * as analysis from '../features/analysis';
import * as assistant from '../features/assistant';
import * as billing from '../features/billing';
import * as chain from '../features/chain';
import * as im from '../features/im';
import * as knowledge from '../features/knowledge';
import * as legal from '../features/legal';
import * as library from '../features/library';
import * as matching from '../features/matching';
import * as system from '../features/system';
import * as teaser from '../features/teaser';
import { comingSoon } from '../locales/zh-CN/coming-soon';
import type { PagePrefetch, RoutePage } from '../shared/navigation/lazy-page';
import type { AppRoute } from './route-table';

// Lazy like the pages: only a visit to a feature that has not landed needs it.
const ComingSoon = lazy(async () => ({
  default: (await import('../shared/components/coming-soon')).ComingSoon,
}));

const PAGES: Partial<Record<string, RoutePage>> = {
  notFound: system.NotFoundPage,
  serverError: system.ServerErrorPage,
  ipBanned: system.IpBannedPage,
  download: system.DownloadPage,
  test: system.StreamTestPage,
  login: account.LoginPage,
  loginBare: account.LoginBarePage,
  user: account.UserPage,
  agreement: legal.AgreementPage,
  privacy: legal.PrivacyPage,
  power: billing.PowerPage,
  vip: billing.VipPage,
  vipAgreement: billing.VipAgreementPage,
  project: library.ProjectPage,
  org: library.OrgPage,
  investor: library.InvestorPage,
  report: library.ReportPage,
  plist: library.PlistPage,
  olist: library.OlistPage,
  fundingProject: library.FundingProjectPage,
  diagnosis: analysis.DiagnosisPage,
  aianalyse: analysis.AianalysePage,
  detailShare: analysis.DetailSharePage,
  match: matching.MatchPage,
  matchResult: matching.MatchResultPage,
  matchDetail: matching.MatchDetailPage,
  matchDetailOld: matching.MatchDetailPage,
  aiproject: matching.AiProjectPage,
  aiprojectResult: matching.AiProjectResultPage,
  aiprojectDetail: matching.AiProjectDetailPage,
  aiprojectDetailOld: matching.AiProjectDetailPage,
  aiprojectContact: matching.AiProjectContactPage,
  visit: matching.VisitPage,
  home: assistant.HomePage,
  homechat: assistant.HomechatPage,
  chat: assistant.ChatPage,
  mixchat: assistant.MixchatPage,
  history: assistant.HistoryPage,
  share: assistant.SharePage,
  pdfView: assistant.PdfViewPage,
  pdf: assistant.PdfPage,
  mdPreview: assistant.MdPreviewPage,
  knowledge: knowledge.KnowledgePage,
  knowledgeQa: knowledge.KnowledgeQaPage,
  knowledgeDetail: knowledge.KnowledgeDetailPage,
  knowledgeAgreement: knowledge.KnowledgeAgreementPage,
  library: knowledge.LibraryPage,
  chain: chain.ChainPage,
  chainSearch: chain.ChainSearchPage,
  deepChain: chain.DeepChainPage,
  userChat: im.ChatPage,
  groupInvite: im.GroupInvitePage,
  teaser: teaser.TeaserHubPage,
  transfer: teaser.TeaserHubPage,
  teaserGenerate: teaser.TeaserGeneratePage,
  teaserResult: teaser.TeaserResultPage,
  teaserInfo: teaser.TeaserInfoPage,
  tshare: teaser.TeaserSharePage,
  teaserVc: teaser.TeaserVcPage,
  torder: teaser.TeaserOrderPage,
};

export function isPageAvailable(route: AppRoute): boolean {
  return isFeatureEnabled(route.feature) && PAGES[route.name] !== undefined;
}

/** Starts loading a route's page before it renders (the first page, as the app starts), and its first data given the context. */
export function preloadPage(route: AppRoute, context?: PagePrefetch): void {
  if (isFeatureEnabled(route.feature)) PAGES[route.name]?.preload(context);
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
