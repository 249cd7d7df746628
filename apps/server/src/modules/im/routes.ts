/**
 * Messaging rows of API.md (conversations, messages, send, read, WS /api/im/ws) and the
 * ones beyond it that a conversation needs (docs/decisions.md "API.md 之外新增"). Each
 * handler calls one use case; the socket's frames call the same use cases.
 */
import {
  ImConvBodySchema,
  ImConversationListSchema,
  ImConversationSchema,
  ImConversationsBodySchema,
  ImMessageListSchema,
  ImMessagePageSchema,
  ImMessageSchema,
  ImMessagesBodySchema,
  ImPrivateBodySchema,
  ImReadBodySchema,
  ImReadResultSchema,
  ImSearchBodySchema,
  ImSendInputSchema,
} from '@jq/contract';
import { me, type RateRule, type Route, route, wsRoute } from '../../http/index.js';
import type { ImContext } from './context.js';
import { getConversation, listConversations } from './conversations.js';
import { listMessages, searchMessages } from './history.js';
import { startPrivateChat } from './private-chat.js';
import { markRead } from './read.js';
import { sendMessage } from './send-message.js';
import { type SocketDeps, serveSocket } from './socket-session.js';

/** Reads per caller: generous, a chat page polls nothing but pages through history. */
export const READS: RateRule = { max: 240, windowMs: 60_000, by: 'caller' };
const BODY_LIMIT = 32 * 1024;

export function conversationRoutes(ctx: ImContext, socketDeps: SocketDeps): Route[] {
  const { db } = ctx;
  const post = { method: 'POST', access: 'L', bodyLimit: BODY_LIMIT } as const;
  return [
    route({
      ...post,
      path: '/im/conversations',
      summary: '我的私聊与群聊（含未读数）',
      rateLimit: READS,
      body: ImConversationsBodySchema,
      data: ImConversationListSchema,
      handler: (request) => listConversations(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/im/info',
      summary: '一个会话的概况',
      rateLimit: READS,
      body: ImConvBodySchema,
      data: ImConversationSchema,
      handler: (request) => getConversation(db, me(request).id, request.body.id),
    }),
    route({
      ...post,
      path: '/im/messages',
      summary: '会话消息（按序号分页）',
      rateLimit: READS,
      body: ImMessagesBodySchema,
      data: ImMessagePageSchema,
      handler: (request) => listMessages(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/im/search',
      summary: '在会话内搜索消息',
      rateLimit: { max: 60, windowMs: 60_000, by: 'caller' },
      body: ImSearchBodySchema,
      data: ImMessageListSchema,
      handler: (request) => searchMessages(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/im/send',
      summary: '发送消息（文本、图片、文件）',
      body: ImSendInputSchema,
      data: ImMessageSchema,
      handler: (request) => sendMessage(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/read',
      summary: '标记已读到某条消息',
      rateLimit: READS,
      body: ImReadBodySchema,
      data: ImReadResultSchema,
      handler: (request) => markRead(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/private',
      summary: '发起私信（按用户、投资人或项目）',
      rateLimit: { max: 30, windowMs: 60_000, by: 'caller' },
      body: ImPrivateBodySchema,
      data: ImConversationSchema,
      handler: (request) => startPrivateChat(db, me(request), request.body),
    }),
    wsRoute({
      path: '/im/ws',
      access: 'L',
      summary: '实时消息（WebSocket）',
      // Per user (per IP before sign-in): reconnects back off well under this.
      rateLimit: { max: 30, windowMs: 60_000, by: 'caller' },
      handler: (socket, request) => serveSocket(socketDeps, socket, me(request)),
    }),
  ];
}
