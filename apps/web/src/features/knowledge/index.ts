/** The knowledge base's public surface for the app shell: its pages, lazy, so the shell stays small. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const KnowledgePage = lazyPage(() => import('./knowledge-page'));
export const KnowledgeQaPage = lazyPage(() => import('./qa-page'));
export const KnowledgeDetailPage = lazyPage(() => import('./detail-page'));
export const KnowledgeAgreementPage = lazyPage(() => import('./agreement-page'));
export const LibraryPage = lazyPage(() => import('./library-page'));
