/** exportbp (streamed) and reportcreate: documents made from a signed-in user's conversation. */
import { ChatReportSchema, ExportBpRequestSchema, ReportCreateRequestSchema } from '@jq/contract';
import { type Route, route, streamRoute } from '../../http/index.js';
import type { AssistantDeps } from './context.js';
import { streamBusinessPlan } from './export-bp.js';
import { ownerOf } from './owner.js';
import { createChatReport } from './report-create.js';

export function exportRoutes(deps: AssistantDeps): Route[] {
  return [
    streamRoute({
      method: 'POST',
      path: '/chat/exportbp',
      access: 'L',
      summary: '从对话导出商业计划书（流式）',
      body: ExportBpRequestSchema,
      handler: (request, open) =>
        streamBusinessPlan(deps, { owner: ownerOf(request), ...request.body, log: request.log }, open),
    }),
    route({
      method: 'POST',
      path: '/chat/reportcreate',
      access: 'L',
      summary: '从对话生成报告',
      body: ReportCreateRequestSchema,
      data: ChatReportSchema,
      handler: (request) => createChatReport(deps.db, ownerOf(request), request.body),
    }),
  ];
}
