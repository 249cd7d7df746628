/**
 * Reading conversations: one with its messages and the caller's quota, the caller's lists,
 * and shared copies. A share token gives a read-only copy; `fork` copies it into a new
 * conversation of the reader's own (GetShareNewChat).
 */
import type { ChatKind, ConversationDetail, SharedChat } from '@jq/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/database/index.js';
import {
  findShared,
  forkConversation,
  getMessages,
  getOwnedConversation,
  isGenerating,
  listConversations,
  shareToken,
  toConversation,
  toMessage,
} from './conversations.js';
import { isOwner, type Owner } from './owner.js';
import { getRemainingChats } from './quota.js';
import type { Generations } from './registry.js';

export async function getConversationDetail(
  db: Db,
  config: Config,
  owner: Owner,
  chatuuid: string,
  kind: ChatKind,
  generations: Generations,
): Promise<ConversationDetail> {
  const row = await getOwnedConversation(db, chatuuid, owner, kind);
  const messages = await getMessages(db, row.id);
  return {
    conversation: toConversation(row, messages.length),
    messages: messages.map((m) => toMessage(m)),
    isGenerating: generations.isRunning(row.uuid) || isGenerating(messages),
    quota: await getRemainingChats(db, owner, config, row.uuid),
  };
}

export function listChats(
  db: Db,
  owner: Owner,
  query: {
    kind?: ChatKind | undefined;
    action?: string | undefined;
    keyword?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  return listConversations(db, owner, query);
}

export async function getSharedChat(
  db: Db,
  owner: Owner,
  body: { chatuuid?: string | undefined; token?: string | undefined; fork?: boolean | undefined },
): Promise<SharedChat> {
  let row = body.token ? await findShared(db, body.token) : undefined;
  if (!row) {
    // Only the owner can share: the token is made on their request.
    const own = await getOwnedConversation(db, body.chatuuid!, owner);
    row = { ...own, shareToken: await shareToken(db, own) };
  }
  const token = row.shareToken!;
  const messages = (await getMessages(db, row.id)).filter((m) => m.status !== 'streaming');
  const fork = body.fork && !isOwner(row, owner) ? await forkConversation(db, row, owner) : null;
  return {
    token,
    url: `/share?token=${encodeURIComponent(token)}`,
    conversation: toConversation(row, messages.length),
    messages: messages.map((m) => toMessage(m)),
    forkedChatuuid: fork?.uuid ?? null,
  };
}
