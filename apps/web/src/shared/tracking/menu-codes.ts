/**
 * Menu-click event codes 1001-1015 (spec section 7, "Tracking"), one table. The eleven
 * main items of the spec have their own codes; the shortcut lists share a code per kind of
 * item (libraries, matching, tools) and 算力中心 has the last one. The item's key goes in
 * `param`, so code and key together tell every item apart.
 */
import type { Identity } from '@jq/contract';
import { trackEvent } from './tracker';

export const MENU_EVENT_CODES: Readonly<Record<string, number>> = {
  home: 1001,
  mixchat: 1002,
  teaser: 1003,
  aianalyse: 1004,
  interview: 1005,
  chain: 1006,
  knowledge: 1007,
  social: 1008,
  week: 1009,
  im: 1010,
  history: 1011,
  // Shortcuts of either identity, by kind.
  project: 1012,
  org: 1012,
  investor: 1012,
  report: 1012,
  match: 1013,
  aiproject: 1013,
  diagnosis: 1014,
  visit: 1014,
  power: 1015,
};

export function menuEventCode(key: string): number | undefined {
  return MENU_EVENT_CODES[key];
}

export function trackMenuClick(key: string, identity: Identity): void {
  const code = menuEventCode(key);
  if (code === undefined) return;
  trackEvent({ action: 'menu', type: 'click', actionid: code, param: key, ext: identity });
}
