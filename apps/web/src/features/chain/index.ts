/** The industry-chain pages (/chain, /chain/search, /deepChain), each loaded on first visit. */
import { lazyPage } from '../../shared/navigation/lazy-page';

export const ChainPage = lazyPage(() => import('./chain-page'));
export const ChainSearchPage = lazyPage(() => import('./chain-search-page'));
export const DeepChainPage = lazyPage(() => import('./deep-chain-page'));
