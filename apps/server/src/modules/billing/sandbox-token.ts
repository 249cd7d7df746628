/**
 * The single-use token of a sandbox order's QR link (`…/api/pay/sandbox/{orderno}?t=…`): the
 * phone that scans it may not be signed in, so the link itself lets it open and confirm that
 * one order, once. Only its sha256 is stored (`pay_orders.sandbox_token_hash`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SANDBOX_TOKEN_PARAM = 't';

export const newSandboxToken = () => randomBytes(24).toString('base64url');

export const sandboxTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one whose hash is stored (constant time). */
export function isSandboxToken(token: string | undefined, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  const given = Buffer.from(sandboxTokenHash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The pay page address with the token added. */
export function withSandboxToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${SANDBOX_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
