/** The system pages (404, 500, 访问受限, 下载, the stream test), each loaded on first visit. */
import { lazy } from 'react';

export const NotFoundPage = lazy(() => import('./not-found-page'));
export const ServerErrorPage = lazy(() => import('./server-error-page'));
export const IpBannedPage = lazy(() => import('./ip-banned-page'));
export const DownloadPage = lazy(() => import('./download-page'));
export const StreamTestPage = lazy(() => import('./stream-test-page'));
