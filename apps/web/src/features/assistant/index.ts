/** The assistant's public surface: its pages, each loaded on first visit. */
import { lazy } from 'react';

export const HomePage = lazy(() => import('./home-page'));
export const HomechatPage = lazy(() => import('./homechat-page'));
export const ChatPage = lazy(() => import('./chat-page'));
export const MixchatPage = lazy(() => import('./mixchat-page'));
export const HistoryPage = lazy(() => import('./history-page'));
export const SharePage = lazy(() => import('./share-page'));
export const PdfViewPage = lazy(() => import('./pdf-view-page'));
export const PdfPage = lazy(() => import('./pdf-page'));
export const MdPreviewPage = lazy(() => import('./md-preview-page'));
/** The PDF viewer (pdf.js loads with it), for other features that open a PDF at a page. */
export const PdfViewer = lazy(async () => ({ default: (await import('./pdf-viewer')).PdfViewer }));
