/**
 * Which avatar addresses a profile may hold: the project's own files (a path under /api/),
 * or an https image on an allowed host (AVATAR_HOSTS, WeChat's by default). Anything else
 * would let an outside server learn who looks at a profile; the web shows the initial then.
 */
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';

export function isAllowedAvatar(url: string, allowedHosts: readonly string[]): boolean {
  if (url === '') return true;
  if (/[\s\\]/.test(url)) return false;
  if (url.startsWith('/')) return url.startsWith('/api/') && !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && allowedHosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

export function checkAvatar(url: string, allowedHosts: readonly string[]): string {
  if (!isAllowedAvatar(url, allowedHosts)) {
    throw new AppError(Code.BAD_REQUEST, '参数「头像」有误：只能使用本站上传的图片或微信头像');
  }
  return url;
}

/** A provider's avatar (WeChat's `headimgurl`, sometimes http): upgraded to https, or dropped. */
export function providerAvatar(url: string | undefined, allowedHosts: readonly string[]): string {
  const upgraded = (url ?? '').replace(/^http:\/\//, 'https://');
  return isAllowedAvatar(upgraded, allowedHosts) ? upgraded : '';
}
