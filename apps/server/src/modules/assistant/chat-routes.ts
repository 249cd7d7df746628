/**
 * Chat and research chat rows (API.md "AI chat, research chat, AI search"), plus the agent
 * list (`auth/aiagentlist`). Each handler reads the caller and the request, calls one use
 * case (chats.ts, read-chats.ts, run-turn.ts) and answers.
 */
import {
  AgentListSchema,
  AllHistoryRequestSchema,
  ChatHistoryRequestSchema,
  ChatTurnRequestSchema,
  ChatUuidRequestSchema,
  ConversationDetailSchema,
  ConversationPageSchema,
  ConversationSchema,
  CreateChatRequestSchema,
  CreateMixChatRequestSchema,
  DeletedChatSchema,
  LeaveChatSchema,
  RemainingChatsRequestSchema,
  RemainingChatsSchema,
  ShareChatRequestSchema,
  SharedChatSchema,
} from '@jq/contract';
import { type Route, route, streamRoute } from '../../http/index.js';
import { AGENTS, publicAgent } from './agents.js';
import { deleteChat, leaveChat, remainingChats, startChat, startResearchChat } from './chats.js';
import type { AssistantDeps } from './context.js';
import { ownerOf } from './owner.js';
import { getConversationDetail, getSharedChat, listChats } from './read-chats.js';
import { runChatTurn } from './run-turn.js';

export function chatRoutes(deps: AssistantDeps): Route[] {
  const { db, config, generations } = deps;
  const post = { method: 'POST', access: 'A' } as const;
  const get = { method: 'GET', access: 'A' } as const;
  return [
    route({
      ...get,
      path: '/auth/aiagentlist',
      summary: '对话智能体',
      data: AgentListSchema,
      handler: () => ({ list: AGENTS.map(publicAgent) }),
    }),
    route({
      ...post,
      path: '/chat/createchat',
      summary: '新建对话',
      body: CreateChatRequestSchema,
      data: ConversationSchema,
      handler: (request) => startChat(db, ownerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/chat/createmixchat',
      summary: '新建研报对话',
      body: CreateMixChatRequestSchema,
      data: ConversationSchema,
      handler: (request) =>
        startResearchChat(db, ownerOf(request), { ...request.body, reportIds: request.body.pids }),
    }),
    ...(['chat', 'mixchat'] as const).map((kind) =>
      streamRoute({
        ...post,
        path: kind === 'chat' ? '/chat/schat' : '/chat/smixchat',
        summary: kind === 'chat' ? '对话（流式）' : '研报对话（流式）',
        body: ChatTurnRequestSchema,
        handler: (request, open) =>
          runChatTurn(deps, { owner: ownerOf(request), kind, body: request.body, log: request.log }, open),
      }),
    ),
    ...(['chat', 'mixchat'] as const).map((kind) =>
      route({
        ...get,
        path: kind === 'chat' ? '/chat/chatconversation' : '/chat/mixchatconversation',
        summary: kind === 'chat' ? '对话消息' : '研报对话消息',
        query: ChatUuidRequestSchema,
        data: ConversationDetailSchema,
        handler: (request) =>
          getConversationDetail(db, config, ownerOf(request), request.query.chatuuid, kind, generations),
      }),
    ),
    ...(['chat', 'mixchat'] as const).map((kind) =>
      route({
        ...get,
        path: kind === 'chat' ? '/chat/chathistory' : '/chat/mixchathistory',
        summary: kind === 'chat' ? '对话列表' : '研报对话列表',
        query: ChatHistoryRequestSchema,
        data: ConversationPageSchema,
        handler: (request) => listChats(db, ownerOf(request), { ...request.query, kind }),
      }),
    ),
    route({
      ...post,
      path: '/chat/history',
      summary: '全部对话',
      body: AllHistoryRequestSchema,
      data: ConversationPageSchema,
      handler: (request) => listChats(db, ownerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/chat/deletechat',
      summary: '删除对话',
      body: ChatUuidRequestSchema,
      data: DeletedChatSchema,
      handler: (request) => deleteChat(deps, ownerOf(request), request.body.chatuuid),
    }),
    route({
      ...get,
      path: '/chat/leavechat',
      summary: '离开对话（停止生成）',
      query: ChatUuidRequestSchema,
      data: LeaveChatSchema,
      handler: (request) => leaveChat(deps, ownerOf(request), request.query.chatuuid),
    }),
    route({
      ...post,
      path: '/chat/GetShareNewChat',
      summary: '分享的对话',
      body: ShareChatRequestSchema,
      data: SharedChatSchema,
      handler: (request) => getSharedChat(db, ownerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/chat/getremainingchats',
      summary: '今日剩余免费对话次数',
      body: RemainingChatsRequestSchema,
      data: RemainingChatsSchema,
      handler: (request) => remainingChats(deps, ownerOf(request), request.body.chatuuid),
    }),
  ];
}
