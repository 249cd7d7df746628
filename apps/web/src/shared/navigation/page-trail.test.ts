import { describe, expect, it } from 'vitest';
import { isSameLocation, PAGE_TRAIL_KEYS, readPageVisit, recordPageVisit, toHref } from './page-trail';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('recordPageVisit', () => {
  it('keeps the first page of the session as the entry page, with its query', () => {
    recordPageVisit(sessionStorage, at('/jq/org', '?industry=AI'));
    recordPageVisit(sessionStorage, at('/home'));
    expect(readPageVisit(sessionStorage, 'entry')).toEqual({ path: '/jq/org', query: 'industry=AI' });
    expect(JSON.parse(sessionStorage.getItem(PAGE_TRAIL_KEYS.entry)!)).toEqual({
      path: '/jq/org',
      query: 'industry=AI',
    });
  });

  it('moves the last page to previous on each new page', () => {
    recordPageVisit(sessionStorage, at('/home'));
    recordPageVisit(sessionStorage, at('/jq/org', '?page=2'));
    recordPageVisit(sessionStorage, at('/knowledge'));
    expect(readPageVisit(sessionStorage, 'prev')).toEqual({ path: '/jq/org', query: 'page=2' });
    expect(readPageVisit(sessionStorage, 'last')).toEqual({ path: '/knowledge', query: '' });
  });

  it('ignores a repeat of the page already shown', () => {
    recordPageVisit(sessionStorage, at('/home'));
    recordPageVisit(sessionStorage, at('/jq/org'));
    recordPageVisit(sessionStorage, at('/jq/org'));
    expect(readPageVisit(sessionStorage, 'prev')).toEqual({ path: '/home', query: '' });
  });

  it('treats another query as another page', () => {
    recordPageVisit(sessionStorage, at('/jq/org', '?page=1'));
    recordPageVisit(sessionStorage, at('/jq/org', '?page=2'));
    expect(toHref(readPageVisit(sessionStorage, 'prev')!)).toBe('/jq/org?page=1');
  });

  it('survives a corrupted value', () => {
    sessionStorage.setItem(PAGE_TRAIL_KEYS.last, '{oops');
    expect(readPageVisit(sessionStorage, 'last')).toBeUndefined();
    recordPageVisit(sessionStorage, at('/home'));
    expect(readPageVisit(sessionStorage, 'last')?.path).toBe('/home');
  });
});

describe('isSameLocation', () => {
  it('compares path and query', () => {
    expect(isSameLocation('/home', at('/home'))).toBe(true);
    expect(isSameLocation('/home?', at('/home'))).toBe(true);
    expect(isSameLocation('/jq/org?a=1', at('/jq/org', '?a=1'))).toBe(true);
    expect(isSameLocation('/jq/org?a=2', at('/jq/org', '?a=1'))).toBe(false);
    expect(isSameLocation('/knowledge', at('/home'))).toBe(false);
  });
});
