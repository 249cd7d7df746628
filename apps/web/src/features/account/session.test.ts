import { describe, expect, it } from 'vitest';
import { afterSignInHref, safeRedirect } from './session';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('afterSignInHref', () => {
  it('goes to the redirect query', () => {
    expect(afterSignInHref(at('/home', '?redirect=%2Fjq%2Fuser%3Ftab%3Dregister'))).toBe(
      '/jq/user?tab=register',
    );
  });

  it('otherwise stays, without the sign-in query', () => {
    expect(afterSignInHref(at('/knowledge', '?code=wx&state=jqlogin&kb=3', '#top'))).toBe(
      '/knowledge?kb=3#top',
    );
    expect(afterSignInHref(at('/home'))).toBe('/home');
  });

  it('never leaves the site', () => {
    expect(afterSignInHref(at('/home', '?redirect=https%3A%2F%2Fevil.example'))).toBe('/home');
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/jq/chat')).toBe('/jq/chat');
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      // What browsers strip or rewrite before resolving (issue 13, finding 5).
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\t\\evil.example',
      '\\/evil.example',
      '/%09/evil.example',
    ]) {
      const result = safeRedirect(value);
      if (result !== null)
        expect(new URL(result, window.location.origin).origin, String(value)).toBe(window.location.origin);
      else expect(result).toBeNull();
    }
  });

  it('keeps the query and hash of a same-site target, resolved against this origin', () => {
    expect(safeRedirect('/jq/project?pid=3#top')).toBe('/jq/project?pid=3#top');
    expect(safeRedirect('/jq/../jq/chat')).toBe('/jq/chat');
    expect(safeRedirect('/\t/evil.example')).toBeNull();
  });
});
