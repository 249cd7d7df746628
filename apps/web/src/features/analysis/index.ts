/** The analysis feature's public surface for the app shell: its pages, lazy. */
import { lazy } from 'react';

export const DiagnosisPage = lazy(() => import('./diagnosis-page'));
export const AianalysePage = lazy(() => import('./aianalyse-page'));
export const DetailSharePage = lazy(() => import('./detail-share-page'));
