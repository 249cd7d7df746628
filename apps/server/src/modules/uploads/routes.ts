/**
 * The upload rows (docs/decisions.md "通用文件上传", all L): start a ticket, PUT a slice to
 * its signed local URL, ask which slices are present, complete. Limits per user, besides the
 * open-ticket cap in startUpload: a 50 MB file is 13 slices, so the slice limit allows a few
 * files a minute with retries.
 */
import {
  UploadedFileSchema,
  UploadSliceReceiptSchema,
  UploadStartBodySchema,
  UploadStatusSchema,
  UploadTicketBodySchema,
  UploadTicketSchema,
} from '@jq/contract';
import { z } from 'zod';
import { Answer, me, type RateRule, route } from '../../http/index.js';
import { completeUpload } from './complete-upload.js';
import { SLICE_PATH } from './signing.js';
import { receiveSlice, SLICE_BYTES, startUpload, type UploadDeps, uploadStatus } from './tickets.js';

const perUser = (max: number, windowMs: number): RateRule[] => [
  { max, windowMs, by: 'caller' },
  { max: max * 5, windowMs, by: 'ip' },
];

export function uploadRoutes(deps: UploadDeps) {
  return [
    route({
      method: 'POST',
      path: '/upload/start',
      access: 'L',
      summary: '开始上传文件（分片）',
      body: UploadStartBodySchema,
      data: UploadTicketSchema,
      rateLimit: perUser(60, 60 * 60_000),
      handler: (request) => startUpload(deps, me(request).id, request.body),
    }),
    route({
      method: 'PUT',
      path: `${SLICE_PATH}/:ticketId/:index`,
      access: 'L',
      summary: '上传一个分片（本地存储的签名链接）',
      params: z.object({
        ticketId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
        index: z.coerce.number().int().min(0).max(100_000),
      }),
      query: z.object({ exp: z.coerce.number().int(), sig: z.string().max(128) }),
      rawBody: 'buffer',
      bodyLimit: SLICE_BYTES,
      data: UploadSliceReceiptSchema,
      rateLimit: perUser(600, 60_000),
      handler: async (request) => {
        const { ticketId, index } = request.params;
        const receipt = await receiveSlice(deps, me(request).id, {
          ticketId,
          index,
          exp: request.query.exp,
          sig: request.query.sig,
          body: request.body,
        });
        return new Answer(receipt, '分片已上传');
      },
    }),
    route({
      method: 'POST',
      path: '/upload/status',
      access: 'L',
      summary: '上传进度（已收到的分片，用于续传）',
      body: UploadTicketBodySchema,
      data: UploadStatusSchema,
      rateLimit: perUser(300, 60_000),
      handler: (request) => uploadStatus(deps, me(request).id, request.body.ticketId),
    }),
    route({
      method: 'POST',
      path: '/upload/complete',
      access: 'L',
      summary: '完成上传：合并分片、校验并保存',
      body: UploadTicketBodySchema,
      data: UploadedFileSchema,
      rateLimit: perUser(60, 60_000),
      handler: async (request) =>
        new Answer(await completeUpload(deps, me(request).id, request.body.ticketId), '上传成功'),
    }),
  ];
}
