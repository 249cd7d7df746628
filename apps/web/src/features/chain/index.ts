/** The industry-chain pages (/chain, /chain/search, /deepChain), each loaded on first visit. */
import { lazy } from 'react';

export const ChainPage = lazy(() => import('./chain-page'));
export const ChainSearchPage = lazy(() => import('./chain-search-page'));
export const DeepChainPage = lazy(() => import('./deep-chain-page'));
