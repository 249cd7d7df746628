/**
 * Rows beyond API.md for safety and attachments: block, report, notifications off, and
 * reading the images and files sent into a conversation (members only; they are uploaded
 * through the uploads module's rows).
 */
import { ImBlockBodySchema, ImNotifyBodySchema, ImReportBodySchema, UploadIdSchema } from '@jq/contract';
import { z } from 'zod';
import { Answer, me, type Route, rawRoute, route } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import type { ImContext } from './context.js';
import { readFile } from './files.js';
import { READS } from './routes.js';
import { reportMessage, setBlocked, setNotify } from './safety.js';

const WRITES = { max: 60, windowMs: 60_000, by: 'caller' } as const;

/** RFC 5987 file name for Content-Disposition: Chinese names survive every browser. */
const disposition = (type: 'inline' | 'attachment', name: string) =>
  `${type}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function moreRoutes(ctx: ImContext, platform: Platform): Route[] {
  const { db } = ctx;
  const deps = { db, storage: platform.storage };
  const post = { method: 'POST', access: 'L', bodyLimit: 16 * 1024 } as const;
  return [
    route({
      ...post,
      path: '/im/block',
      summary: '屏蔽或解除屏蔽一位用户（不再接收其私信）',
      rateLimit: WRITES,
      body: ImBlockBodySchema,
      data: z.object({ isBlocked: z.boolean() }),
      handler: (request) => setBlocked(ctx, me(request), request.body),
    }),
    route({
      ...post,
      path: '/im/report',
      summary: '举报一条消息',
      rateLimit: { max: 20, windowMs: 3_600_000, by: 'caller' },
      body: ImReportBodySchema,
      data: z.null(),
      handler: async (request) =>
        new Answer(await reportMessage(db, me(request), request.body), '已收到举报，我们会尽快处理'),
    }),
    route({
      ...post,
      path: '/im/notify',
      summary: '会话消息免打扰',
      rateLimit: WRITES,
      body: ImNotifyBodySchema,
      data: z.object({ isNotifyOff: z.boolean() }),
      handler: (request) => setNotify(ctx, me(request), request.body),
    }),
    rawRoute({
      method: 'GET',
      access: 'L',
      path: '/im/file/:id',
      summary: '读取聊天图片或文件（会话成员）',
      rateLimit: READS,
      params: z.object({ id: UploadIdSchema }),
      async handler(request, reply) {
        const file = await readFile(deps, me(request), request.params.id);
        return reply
          .header('content-type', file.isImage ? file.mime : 'application/octet-stream')
          .header('content-disposition', disposition(file.isImage ? 'inline' : 'attachment', file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=86400')
          .send(file.bytes);
      },
    }),
  ];
}
