/** The assistant's public surface: its pages, each loaded on first visit except /home, the landing page. */
import { lazy } from 'react';
import { eagerPage, lazyPage } from '../../shared/navigation/lazy-page';
import HomePageComponent from './home-page';

export const HomePage = eagerPage(HomePageComponent);
export const HomechatPage = lazyPage(() => import('./homechat-page'));
export const ChatPage = lazyPage(() => import('./chat-page'));
export const MixchatPage = lazyPage(() => import('./mixchat-page'));
export const HistoryPage = lazyPage(() => import('./history-page'));
export const SharePage = lazyPage(() => import('./share-page'));
export const PdfViewPage = lazyPage(() => import('./pdf-view-page'));
export const PdfPage = lazyPage(() => import('./pdf-page'));
export const MdPreviewPage = lazyPage(() => import('./md-preview-page'));
/** The PDF viewer (pdf.js loads with it), for other features that open a PDF at a page. */
export const PdfViewer = lazy(async () => ({ default: (await import('./pdf-viewer')).PdfViewer }));
