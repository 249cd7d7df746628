/** exportbp (streamed) and reportcreate: documents made from a signed-in user's conversation. */
import { ChatReportSchema, Code, ExportBpRequestSchema, ReportCreateRequestSchema } from '@jq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, okResponse } from '../../http/envelope.js';
import { openStream } from '../../http/sse.js';
import type { ModuleOptions } from '../index.js';
import { getOwnedConversation } from './conversations.js';
import { exportBusinessPlan } from './export-bp.js';
import { ownerOf } from './owner.js';
import { createChatReport } from './report-create.js';

const tags = ['assistant'];

export const exportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  const db = platform.database.db;

  app.post(
    '/chat/exportbp',
    {
      config: { access: 'L' },
      schema: { tags, summary: '从对话导出商业计划书（流式）', body: ExportBpRequestSchema },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const conversation = await getOwnedConversation(db, request.body.chatuuid, owner);
      const stream = openStream(request, reply);
      stream.send({
        type: 'status',
        status: 'start',
        chatuuid: conversation.uuid,
        messageId: 0,
        engine: platform.llm.engine,
        isend: false,
      });
      try {
        for await (const event of exportBusinessPlan({
          db,
          llm: platform.llm,
          conversation,
          projectName: request.body.projectName,
          links: { product: config.product, isSignedIn: true },
          signal: stream.signal,
          userId: owner.userId!,
        })) {
          if (event.type === 'delta') stream.send({ type: 'delta', content: event.content, isend: false });
          else stream.send({ type: 'quote', quotes: event.quotes, isend: false });
        }
      } catch (error) {
        const failure =
          error instanceof AppError ? error : new AppError(Code.INTERNAL, '商业计划书生成失败，请重试');
        if (!(error instanceof AppError))
          request.log.error({ err: error, event: 'assistant.exportbp.failed' }, 'exportbp failed');
        stream.end({ type: 'error', code: failure.code, msg: failure.message, isend: true });
        return;
      }
      stream.end({
        type: 'status',
        status: stream.signal.aborted ? 'stopped' : 'done',
        messageId: 0,
        suggestions: [],
        isend: true,
      });
    },
  );

  app.post(
    '/chat/reportcreate',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '从对话生成报告',
        body: ReportCreateRequestSchema,
        response: okResponse(ChatReportSchema),
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const conversation = await getOwnedConversation(db, request.body.chatuuid, owner);
      return ok(await createChatReport(db, owner.userId!, conversation, request.body.title));
    },
  );
};
