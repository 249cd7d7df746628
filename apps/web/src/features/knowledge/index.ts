/** The knowledge base's public surface for the app shell: its pages, lazy, so the shell stays small. */
import { lazy } from 'react';

export const KnowledgePage = lazy(() => import('./knowledge-page'));
export const KnowledgeQaPage = lazy(() => import('./qa-page'));
export const KnowledgeDetailPage = lazy(() => import('./detail-page'));
export const KnowledgeAgreementPage = lazy(() => import('./agreement-page'));
export const LibraryPage = lazy(() => import('./library-page'));
