/** In-app addresses of the assistant's pages (a library record's is shared/navigation/record-url). */
import { type ChatKind, DEFAULT_PRODUCT } from '@jq/contract';

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
