/** Matching's public surface: its pages, each loaded on first visit. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const MatchPage = lazyPage(() => import('./match-page'));
export const MatchResultPage = lazyPage(() => import('./match-result-page'));
export const MatchDetailPage = lazyPage(() => import('./match-detail-page'));
export const AiProjectPage = lazyPage(() => import('./aiproject-page'));
export const AiProjectResultPage = lazyPage(() => import('./aiproject-result-page'));
export const AiProjectDetailPage = lazyPage(() => import('./aiproject-detail-page'));
export const AiProjectContactPage = lazyPage(() => import('./aiproject-contact-page'));
export const VisitPage = lazyPage(() => import('./visit-page'));
