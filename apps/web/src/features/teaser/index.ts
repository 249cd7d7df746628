/** The teaser feature's public surface for the app shell: its pages, lazy. */
import { lazy } from 'react';

export const TeaserHubPage = lazy(() => import('./hub-page'));
export const TeaserGeneratePage = lazy(() => import('./generate-page'));
export const TeaserResultPage = lazy(() => import('./result-page'));
export const TeaserInfoPage = lazy(() => import('./reader-page'));
export const TeaserSharePage = lazy(async () => ({ default: (await import('./reader-page')).SharePage }));
export const TeaserVcPage = lazy(() => import('./vc-page'));
export const TeaserOrderPage = lazy(() => import('./order-page'));
