/**
 * Business-card verification rows (API.md "Auth and account" rows GetCosSign, updateBcard,
 * aiAuth, authHistory, getUserBCardInfo) plus the two upload rows this project adds for the
 * local store (docs/decisions.md): the signed PUT and the owner-only read of a card image.
 */
import {
  AiAuthBodySchema,
  AuthHistoryBodySchema,
  AuthHistorySchema,
  BcardInfoSchema,
  CARD_MAX_BYTES,
  CosSignQuerySchema,
  CosSignSchema,
  messages,
  UpdateBcardBodySchema,
  UpdateBcardResultSchema,
} from '@jq/contract';
import { z } from 'zod';
import { Answer, me, type Route, rawRoute, route, streamRoute } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { getAuthHistory, getBcardInfo } from './cases.js';
import { continueDialogue } from './converse.js';
import { submitCard } from './submit-card.js';
import { acceptLocalUpload, readCardImage, requestCardUpload } from './upload.js';

export interface VerificationDeps {
  db: Db;
  /** On S3 (`presignPut`), cards go straight to the bucket; otherwise to the signed PUT row here. */
  storage: StoragePort;
  ocr: OcrPort;
}

const KeyParamsSchema = z.object({ '*': z.string() });
const UploadedSchema = z.object({ key: z.string(), size: z.number(), contentType: z.string() });

export function verificationRoutes(deps: VerificationDeps): Route[] {
  const { db, storage } = deps;
  return [
    route({
      method: 'GET',
      path: '/auth/GetCosSign',
      access: 'L',
      summary: '名片上传凭证',
      query: CosSignQuerySchema,
      data: CosSignSchema,
      handler: async (request) => requestCardUpload(db, me(request), storage.presignPut),
    }),
    route({
      method: 'PUT',
      path: '/upload/local/*',
      access: 'L',
      summary: '本地存储的名片上传（签名链接）',
      params: KeyParamsSchema,
      query: z.object({ exp: z.string().max(20), sig: z.string().max(128) }),
      data: UploadedSchema,
      // Any content type arrives as bytes: the image is judged by its bytes, never the declared type.
      rawBody: 'buffer',
      bodyLimit: CARD_MAX_BYTES,
      bodyErrors: {
        tooLarge: `${messages.cardUploadFailed}（图片不能超过 5 MB）`,
        badType: `${messages.cardUploadFailed}（仅支持 JPG、PNG、WebP 图片）`,
      },
      handler: async (request) => {
        const { exp, sig } = request.query;
        const input = { key: request.params['*'], exp, sig, body: request.body };
        return new Answer(await acceptLocalUpload(db, storage, me(request), input), '上传成功');
      },
    }),
    rawRoute({
      method: 'GET',
      path: '/upload/file/*',
      access: 'L',
      summary: '查看本人名片图片',
      params: KeyParamsSchema,
      handler: async (request, reply) => {
        const image = await readCardImage(storage, me(request), request.params['*']);
        return reply.type(image.type).header('cache-control', 'private, max-age=300').send(image.body);
      },
    }),
    route({
      method: 'POST',
      path: '/auth/updateBcard',
      access: 'L',
      summary: '提交名片并识别',
      body: UpdateBcardBodySchema,
      data: UpdateBcardResultSchema,
      handler: async (request) =>
        new Answer(
          await submitCard(deps, me(request), request.body.cardurl, request.log),
          messages.submittedForReview,
        ),
    }),
    streamRoute({
      method: 'POST',
      path: '/auth/aiAuth',
      access: 'L',
      summary: '名片认证对话（流式）',
      body: AiAuthBodySchema,
      handler: async (request, open) => continueDialogue(db, me(request), request.body, open, request.log),
    }),
    route({
      method: 'POST',
      path: '/auth/authHistory',
      access: 'L',
      summary: '认证对话记录',
      body: AuthHistoryBodySchema,
      data: AuthHistorySchema,
      handler: async (request) => getAuthHistory(db, me(request).id),
    }),
    route({
      method: 'GET',
      path: '/user/getUserBCardInfo',
      access: 'L',
      summary: '名片识别结果',
      data: BcardInfoSchema.nullable(),
      handler: async (request) => getBcardInfo(db, me(request).id),
    }),
  ];
}
