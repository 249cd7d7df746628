import { IDENTITIES } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { listNavLinks } from '../../app/nav-items';
import { MENU_EVENT_CODES, menuEventCode } from './menu-codes';

describe('menu event codes', () => {
  it('gives every menu item of either identity a code from 1001 to 1015', () => {
    for (const identity of IDENTITIES) {
      const codes = listNavLinks(identity).map((link) => menuEventCode(link.key));
      expect(codes.every((code) => code !== undefined && code >= 1001 && code <= 1015)).toBe(true);
      // The key is sent as `param`: code and key tell every item apart.
      const keys = listNavLinks(identity).map((link) => `${menuEventCode(link.key)}:${link.key}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('uses all fifteen codes', () => {
    expect(new Set(Object.values(MENU_EVENT_CODES)).size).toBe(15);
  });
});
