/** The legal pages (用户协议, 隐私政策), each loaded on first visit. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const AgreementPage = lazyPage(() => import('./agreement-page'));
export const PrivacyPage = lazyPage(() => import('./privacy-page'));
