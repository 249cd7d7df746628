/**
 * Business-card verification routes (API.md "Auth and account" rows GetCosSign, updateBcard,
 * aiAuth, authHistory, getUserBCardInfo) plus the two upload rows this project adds for the
 * local store (docs/decisions.md): the signed PUT and the owner-only read of a card image.
 */
import {
  AiAuthBodySchema,
  AuthHistoryBodySchema,
  AuthHistoryResponseSchema,
  BcardInfoResponseSchema,
  CARD_MAX_BYTES,
  Code,
  CosSignQuerySchema,
  CosSignResponseSchema,
  messages,
  UpdateBcardBodySchema,
  UpdateBcardResponseSchema,
} from '@jq/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { openStream } from '../../http/sse.js';
import type { ModuleOptions } from '../index.js';
import { getAuthHistory, getBcardInfo } from './cases.js';
import { streamTurn, takeTurn } from './converse.js';
import { takeRateToken } from './rate-limit.js';
import { submitCard } from './submit-card.js';
import {
  acceptLocalUpload,
  createPresignTarget,
  isOwnKey,
  issueUploadCredential,
  type PresignTarget,
  sniffImageType,
} from './upload.js';

const tags = ['verification'];

export const verificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  const db = platform.database.db;
  const presign: PresignTarget | undefined = config.storage ? createPresignTarget(config.storage) : undefined;
  if (presign) app.addHook('onClose', async () => presign.client.destroy());

  app.get(
    '/auth/GetCosSign',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '名片上传凭证',
        querystring: CosSignQuerySchema,
        response: { 200: CosSignResponseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      await takeRateToken(db, user.id, 'uploadSign');
      return ok(await issueUploadCredential(db, user, presign));
    },
  );

  await app.register(uploadRoutes, { config, platform });

  app.post(
    '/auth/updateBcard',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '提交名片并识别',
        body: UpdateBcardBodySchema,
        response: { 200: UpdateBcardResponseSchema },
      },
    },
    async (request) => {
      const result = await submitCard(
        { db, storage: platform.storage, ocr: platform.ocr },
        request.user!,
        request.body.cardurl,
      );
      request.log.info(
        { event: 'verification.card.read', ms: result.ocrMs, engine: platform.ocr.engine },
        'card read',
      );
      return ok(
        { cardurl: result.cardurl, fields: result.fields, state: result.state },
        messages.submittedForReview,
      );
    },
  );

  app.post(
    '/auth/aiAuth',
    {
      config: { access: 'L' },
      schema: { tags, summary: '名片认证对话（流式）', body: AiAuthBodySchema },
    },
    async (request, reply) => {
      const user = request.user!;
      await takeRateToken(db, user.id, 'aiAuth');
      const turn = await takeTurn(db, user, request.body.msgtype, request.body.content);
      const stream = openStream(request, reply);
      await streamTurn(db, stream, turn, request.log);
    },
  );

  app.post(
    '/auth/authHistory',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '认证对话记录',
        body: AuthHistoryBodySchema,
        response: { 200: AuthHistoryResponseSchema },
      },
    },
    async (request) => ok(await getAuthHistory(db, request.user!.id)),
  );

  app.get(
    '/user/getUserBCardInfo',
    {
      config: { access: 'L' },
      schema: { tags, summary: '名片识别结果', response: { 200: BcardInfoResponseSchema } },
    },
    async (request) => ok(await getBcardInfo(db, request.user!.id)),
  );
};

/**
 * Raw-body routes in their own scope: only here does any content type parse as bytes, with
 * the card size as the limit, and an oversize body answers the spec's upload message.
 */
const uploadRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform }) => {
  const db = platform.database.db;
  const scope = app as unknown as FastifyInstance;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CARD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  scope.setErrorHandler((error) => {
    const code = (error as { code?: string }).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(Code.PAYLOAD_TOO_LARGE, `${messages.cardUploadFailed}（图片不能超过 5 MB）`);
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError(
        Code.UNSUPPORTED_MEDIA_TYPE,
        `${messages.cardUploadFailed}（仅支持 JPG、PNG、WebP 图片）`,
      );
    }
    throw error;
  });

  app.put(
    '/upload/local/*',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '本地存储的名片上传（签名链接）',
        querystring: z.object({ exp: z.string().max(20), sig: z.string().max(128) }),
      },
    },
    async (request) => {
      const key = (request.params as { '*': string })['*'];
      await takeRateToken(db, request.user!.id, 'upload');
      const saved = await acceptLocalUpload(db, platform.storage, request.user!, {
        key,
        exp: request.query.exp,
        sig: request.query.sig,
        body: request.body,
      });
      return ok(saved, '上传成功');
    },
  );

  app.get(
    '/upload/file/*',
    { config: { access: 'L' }, schema: { tags, summary: '查看本人名片图片' } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const user = request.user!;
      if (!isOwnKey(user, key) && !user.isAdmin) throw new AppError(Code.FORBIDDEN, '无权查看该图片');
      const object = await platform.storage.get(key);
      // Only bytes that are an image are served from our origin (never HTML or script).
      const type = object ? sniffImageType(object.body) : null;
      if (!object || !type) throw new AppError(Code.NOT_FOUND, '图片不存在');
      return reply.type(type).header('cache-control', 'private, max-age=300').send(object.body);
    },
  );
};
