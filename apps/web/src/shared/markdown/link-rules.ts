/**
 * The link rules of spec sections 5 and 6 for links in AI answers and previewed documents:
 * links without a scheme get http://; javascript:, vbscript: and data: links are dropped
 * (so is any scheme other than http, https, mailto and tel); a link to this site is an
 * in-app path; a signed-out visitor may follow only whitelisted links (the public pages,
 * and external hosts in `WHITELISTED_HOSTS`), others show the need-login prompt.
 */
import { DEFAULT_PRODUCT, expandPath, PAGE_ROUTES } from '@jq/contract';

export type LinkTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'dropped' };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** External hosts a signed-out visitor may open from an answer. Empty: none but this site. */
export const WHITELISTED_HOSTS: readonly string[] = [];

// Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u200b-\u200d\ufeff]/g;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function resolveLink(raw: string | null | undefined, origin: string = currentOrigin()): LinkTarget {
  const trimmed = (raw ?? '').trim();
  if (!trimmed) return { kind: 'dropped' };
  const compact = trimmed.replace(INVISIBLE, '');
  if (/^(javascript|vbscript|data):/i.test(compact)) return { kind: 'dropped' };
  if (trimmed.startsWith('#')) return { kind: 'dropped' };
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return toInternal(new URL(trimmed, origin));
  }
  const withScheme = trimmed.startsWith('//')
    ? `http:${trimmed}`
    : HAS_SCHEME.test(compact) && !/^(localhost|[\w-]+(\.[\w-]+)+):\d+(\/|$)/i.test(compact)
      ? compact
      : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { kind: 'dropped' };
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return { kind: 'dropped' };
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin)
    return toInternal(url);
  return { kind: 'external', href: url.href };
}

function toInternal(url: URL): LinkTarget {
  return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
}

const PUBLIC_PATHS = new Set(
  PAGE_ROUTES.filter((route) => route.isPublic).map((route) =>
    expandPath(route.path, DEFAULT_PRODUCT).toLowerCase(),
  ),
);

/** Whether a signed-out visitor may follow the link without the login prompt. */
export function isWhitelisted(target: LinkTarget): boolean {
  if (target.kind === 'internal') {
    const pathname = (target.path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
    return pathname === '/' || PUBLIC_PATHS.has(pathname.toLowerCase());
  }
  if (target.kind === 'external') {
    if (!/^https?:/.test(target.href)) return true;
    const host = new URL(target.href).hostname;
    return WHITELISTED_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  }
  return false;
}

/** The href to put on the rendered element (react-markdown's `urlTransform`). */
export function transformMarkdownUrl(url: string): string {
  const target = resolveLink(url);
  if (target.kind === 'internal') return target.path;
  if (target.kind === 'external') return target.href;
  return '';
}
