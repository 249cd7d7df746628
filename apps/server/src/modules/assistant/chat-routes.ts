/**
 * Chat and research chat (API.md "AI chat, research chat, AI search"), plus the agent
 * list (`auth/aiagentlist`): thin handlers that validate with the contract and call the
 * conversation, quota and turn use cases. Streams are in run-turn.ts and export-bp.ts.
 */
import {
  AgentListSchema,
  AllHistoryRequestSchema,
  ChatHistoryRequestSchema,
  ChatTurnRequestSchema,
  ChatUuidRequestSchema,
  Code,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { ModuleOptions } from '../index.js';
import { AGENTS, DEFAULT_AGENT, findAgent, publicAgent, RESEARCH_AGENT } from './agents.js';
import {
  createConversation,
  deleteConversation,
  getOwnedConversation,
  toConversation,
} from './conversations.js';
import { exportRoutes } from './export-routes.js';
import { ownerOf } from './owner.js';
import { getRemainingChats } from './quota.js';
import { getConversationDetail, getSharedChat, listChats } from './read-chats.js';
import { createGenerations } from './registry.js';
import { runChatTurn } from './run-turn.js';
import { searchRoutes } from './search-routes.js';

const tags = ['assistant'];

export const chatRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  const db = platform.database.db;
  const generations = await createGenerations(platform.bus);
  app.addHook('onClose', async () => generations.close());
  const deps = { db, llm: platform.llm, config, generations };

  app.get(
    '/auth/aiagentlist',
    {
      config: { access: 'A' },
      schema: { tags, summary: '对话智能体', response: okResponse(AgentListSchema) },
    },
    async () => ok({ list: AGENTS.map(publicAgent) }),
  );

  const checkAgent = (agent: string | undefined) => {
    if (agent && !findAgent(agent))
      throw new AppError(Code.BAD_REQUEST, '参数「智能体」有误：没有这个智能体');
  };

  app.post(
    '/chat/createchat',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '新建对话',
        body: CreateChatRequestSchema,
        response: okResponse(ConversationSchema),
      },
    },
    async (request) => {
      const body = request.body;
      checkAgent(body.agent);
      if (body.action.toLowerCase().startsWith('mix'))
        throw new AppError(Code.BAD_REQUEST, '参数「操作类型」有误：研报对话请用 createmixchat');
      const row = await createConversation(db, ownerOf(request), {
        kind: 'chat',
        action: body.action,
        agent: body.agent ?? DEFAULT_AGENT.id,
        title: body.title,
      });
      return ok(toConversation(row, 0));
    },
  );

  app.post(
    '/chat/createmixchat',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '新建研报对话',
        body: CreateMixChatRequestSchema,
        response: okResponse(ConversationSchema),
      },
    },
    async (request) => {
      const body = request.body;
      checkAgent(body.agent);
      const row = await createConversation(db, ownerOf(request), {
        kind: 'mixchat',
        action: body.action.toLowerCase().startsWith('mix') ? body.action : `mix${body.action}`,
        agent: body.agent ?? RESEARCH_AGENT.id,
        title: body.title,
        reportIds: [...new Set(body.pids ?? [])],
      });
      return ok(toConversation(row, 0));
    },
  );

  app.post(
    '/chat/schat',
    { config: { access: 'A' }, schema: { tags, summary: '对话（流式）', body: ChatTurnRequestSchema } },
    async (request, reply) => runChatTurn(deps, request, reply, 'chat', request.body),
  );

  app.post(
    '/chat/smixchat',
    { config: { access: 'A' }, schema: { tags, summary: '研报对话（流式）', body: ChatTurnRequestSchema } },
    async (request, reply) => runChatTurn(deps, request, reply, 'mixchat', request.body),
  );

  for (const [path, kind, summary] of [
    ['/chat/chatconversation', 'chat', '对话消息'],
    ['/chat/mixchatconversation', 'mixchat', '研报对话消息'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'A' },
        schema: {
          tags,
          summary,
          querystring: ChatUuidRequestSchema,
          response: okResponse(ConversationDetailSchema),
        },
      },
      async (request) =>
        ok(
          await getConversationDetail(
            db,
            config,
            ownerOf(request),
            request.query.chatuuid,
            kind,
            generations,
          ),
        ),
    );
  }

  for (const [path, kind, summary] of [
    ['/chat/chathistory', 'chat', '对话列表'],
    ['/chat/mixchathistory', 'mixchat', '研报对话列表'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'A' },
        schema: {
          tags,
          summary,
          querystring: ChatHistoryRequestSchema,
          response: okResponse(ConversationPageSchema),
        },
      },
      async (request) => ok(await listChats(db, ownerOf(request), { ...request.query, kind })),
    );
  }

  app.post(
    '/chat/history',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '全部对话',
        body: AllHistoryRequestSchema,
        response: okResponse(ConversationPageSchema),
      },
    },
    async (request) => ok(await listChats(db, ownerOf(request), request.body)),
  );

  app.post(
    '/chat/deletechat',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '删除对话',
        body: ChatUuidRequestSchema,
        response: okResponse(DeletedChatSchema),
      },
    },
    async (request) => {
      const row = await getOwnedConversation(db, request.body.chatuuid, ownerOf(request));
      await generations.stop(row.uuid);
      await deleteConversation(db, row);
      return ok({ chatuuid: row.uuid, isDeleted: true });
    },
  );

  app.get(
    '/chat/leavechat',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '离开对话（停止生成）',
        querystring: ChatUuidRequestSchema,
        response: okResponse(LeaveChatSchema),
      },
    },
    async (request) => {
      const row = await getOwnedConversation(db, request.query.chatuuid, ownerOf(request));
      const detail = await getConversationDetail(
        db,
        config,
        ownerOf(request),
        row.uuid,
        row.kind,
        generations,
      );
      await generations.stop(row.uuid);
      return ok({ chatuuid: row.uuid, isStopped: detail.isGenerating });
    },
  );

  app.post(
    '/chat/GetShareNewChat',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '分享的对话',
        body: ShareChatRequestSchema,
        response: okResponse(SharedChatSchema),
      },
    },
    async (request) => ok(await getSharedChat(db, request, request.body)),
  );

  app.post(
    '/chat/getremainingchats',
    {
      config: { access: 'A' },
      schema: {
        tags,
        summary: '今日剩余免费对话次数',
        body: RemainingChatsRequestSchema,
        response: okResponse(RemainingChatsSchema),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { chatuuid } = request.body;
      if (chatuuid) await getOwnedConversation(db, chatuuid, owner);
      return ok(await getRemainingChats(db, owner, config, chatuuid));
    },
  );

  await app.register(exportRoutes, { config, platform });
  await app.register(searchRoutes, { config, platform, deps });
};
