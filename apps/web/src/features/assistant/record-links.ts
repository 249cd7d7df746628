/** In-app addresses of library records (docs/decisions.md "资料库详情页"), public lists for visitors. */
import { type ChatKind, DEFAULT_PRODUCT, type EntityKind } from '@jq/contract';

export function recordUrl(kind: EntityKind, id: number, isSignedIn: boolean): string {
  const p = DEFAULT_PRODUCT;
  if (kind === 'project') return isSignedIn ? `/${p}/project?pid=${id}` : `/plist?pid=${id}`;
  if (kind === 'institution') return isSignedIn ? `/${p}/org?oid=${id}` : `/olist?oid=${id}`;
  if (kind === 'investor') return `/${p}/investor?iid=${id}`;
  return `/${p}/report?rid=${id}`;
}

export function homechatUrl(question: string): string {
  return `/homechat?q=${encodeURIComponent(question.trim())}`;
}

/**
 * The AI search results view: `q` searches at once; once started the address holds `searchId`
 * instead (the server's recent actions link to `/homechat?searchId=` as well).
 */
export function aiSearchUrl(question: string, isFusion: boolean): string {
  const fusion = isFusion ? '&fusion=1' : '';
  return `/homechat?mode=search&q=${encodeURIComponent(question.trim())}${fusion}`;
}

export function conversationUrl(kind: ChatKind, chatuuid: string): string {
  return `/${DEFAULT_PRODUCT}/${kind === 'mixchat' ? 'mixchat' : 'chat'}?chatuuid=${encodeURIComponent(chatuuid)}`;
}
