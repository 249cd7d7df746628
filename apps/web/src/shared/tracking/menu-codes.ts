/**
 * Menu-click event codes 1001-1015 (spec section 7, "Tracking"), one table. The eleven
 * main items have their own codes; the four shortcut slots share codes across the two
 * identities (the item's key goes in `param`), which is how fifteen codes cover both lists.
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
  // Shortcut slots 1-4: investor | entrepreneur.
  org: 1012,
  project: 1012,
  investor: 1013,
  match: 1013,
  aiproject: 1014,
  diagnosis: 1014,
  visit: 1015,
  report: 1015,
};

export function menuEventCode(key: string): number | undefined {
  return MENU_EVENT_CODES[key];
}

export function trackMenuClick(key: string, identity: Identity): void {
  const code = menuEventCode(key);
  if (code === undefined) return;
  trackEvent({ action: 'menu', type: 'click', actionid: code, param: key, ext: identity });
}
