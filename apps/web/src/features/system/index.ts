/** The system pages (404, 500, 访问受限, 下载, the stream test), each loaded on first visit. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const NotFoundPage = lazyPage(() => import('./not-found-page'));
export const ServerErrorPage = lazyPage(() => import('./server-error-page'));
export const IpBannedPage = lazyPage(() => import('./ip-banned-page'));
export const DownloadPage = lazyPage(() => import('./download-page'));
export const StreamTestPage = lazyPage(() => import('./stream-test-page'));
