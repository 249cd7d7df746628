/** The analysis feature's public surface for the app shell: its pages, lazy. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const DiagnosisPage = lazyPage(() => import('./diagnosis-page'));
export const AianalysePage = lazyPage(() => import('./aianalyse-page'));
export const DetailSharePage = lazyPage(() => import('./detail-share-page'));
