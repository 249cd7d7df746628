import { describe, expect, it } from 'vitest';
import { isWhitelisted, resolveLink, transformMarkdownUrl } from './link-rules';

const ORIGIN = 'https://jq.example.cn';

describe('resolveLink', () => {
  it('drops javascript:, vbscript: and data: links, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '\u0001javascript:alert(1)',
    ]) {
      expect(resolveLink(href, ORIGIN), href).toEqual({ kind: 'dropped' });
    }
  });

  it('prepends http:// to links without a scheme', () => {
    expect(resolveLink('www.example.com/a?b=1', ORIGIN)).toEqual({
      kind: 'external',
      href: 'http://www.example.com/a?b=1',
    });
    expect(resolveLink('example.com:8080/x', ORIGIN)).toEqual({
      kind: 'external',
      href: 'http://example.com:8080/x',
    });
    expect(resolveLink('//cdn.example.com/x', ORIGIN)).toEqual({
      kind: 'external',
      href: 'http://cdn.example.com/x',
    });
  });

  it('keeps this site in the app, as a path', () => {
    expect(resolveLink('/jq/project?pid=12', ORIGIN)).toEqual({
      kind: 'internal',
      path: '/jq/project?pid=12',
    });
    expect(resolveLink(`${ORIGIN}/plist?pid=3`, ORIGIN)).toEqual({ kind: 'internal', path: '/plist?pid=3' });
  });

  it('allows only web, mail and phone schemes', () => {
    expect(resolveLink('mailto:bp@example.com', ORIGIN).kind).toBe('external');
    expect(resolveLink('tel:01012345678', ORIGIN).kind).toBe('external');
    expect(resolveLink('file:///etc/passwd', ORIGIN).kind).toBe('dropped');
    expect(resolveLink('weixin://dl/chat', ORIGIN).kind).toBe('dropped');
    expect(resolveLink('', ORIGIN).kind).toBe('dropped');
    expect(resolveLink('#top', ORIGIN).kind).toBe('dropped');
  });

  it('gives react-markdown an empty href for a dropped link', () => {
    expect(transformMarkdownUrl('javascript:alert(1)')).toBe('');
  });
});

describe('isWhitelisted', () => {
  it('lets a visitor open public pages but not pages that need an account', () => {
    expect(isWhitelisted({ kind: 'internal', path: '/plist?pid=3' })).toBe(true);
    expect(isWhitelisted({ kind: 'internal', path: '/pdfView?pid=1&page=2' })).toBe(true);
    expect(isWhitelisted({ kind: 'internal', path: '/jq/project?pid=3' })).toBe(false);
    expect(isWhitelisted({ kind: 'internal', path: '/jq/chat' })).toBe(false);
  });

  it('asks a visitor to sign in before leaving for another site', () => {
    expect(isWhitelisted({ kind: 'external', href: 'https://evil.example.com/' })).toBe(false);
    expect(isWhitelisted({ kind: 'external', href: 'mailto:a@b.cn' })).toBe(true);
  });
});
