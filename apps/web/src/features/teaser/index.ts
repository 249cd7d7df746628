/** The teaser feature's public surface for the app shell: its pages, lazy. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const TeaserHubPage = lazyPage(() => import('./hub-page'));
export const TeaserGeneratePage = lazyPage(() => import('./generate-page'));
export const TeaserResultPage = lazyPage(() => import('./result-page'));
export const TeaserInfoPage = lazyPage(() => import('./reader-page'));
export const TeaserSharePage = lazyPage(async () => ({ default: (await import('./reader-page')).SharePage }));
export const TeaserVcPage = lazyPage(() => import('./vc-page'));
export const TeaserOrderPage = lazyPage(() => import('./order-page'));
