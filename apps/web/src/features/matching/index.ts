/** Matching's public surface: its pages, each loaded on first visit. */
import { lazy } from 'react';

export const MatchPage = lazy(() => import('./match-page'));
export const MatchResultPage = lazy(() => import('./match-result-page'));
export const MatchDetailPage = lazy(() => import('./match-detail-page'));
export const AiProjectPage = lazy(() => import('./aiproject-page'));
export const AiProjectResultPage = lazy(() => import('./aiproject-result-page'));
export const AiProjectDetailPage = lazy(() => import('./aiproject-detail-page'));
export const AiProjectContactPage = lazy(() => import('./aiproject-contact-page'));
export const VisitPage = lazy(() => import('./visit-page'));
