/** The legal pages (用户协议, 隐私政策), each loaded on first visit. */
import { lazy } from 'react';

export const AgreementPage = lazy(() => import('./agreement-page'));
export const PrivacyPage = lazy(() => import('./privacy-page'));
