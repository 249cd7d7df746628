/**
 * Turns every failure into the envelope: our AppError, validation errors naming the field
 * in Chinese, Fastify's protocol errors (bad JSON, oversize body, wrong content type),
 * and anything unexpected as -500 without a stack trace. Unknown /api paths answer -404.
 */
import { Code, codeMessages, codeStatus, fieldLabel, type ResultCode } from '@jq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

const PROTOCOL_ERRORS: Record<string, { code: ResultCode; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: Code.BAD_REQUEST, msg: '请求体不是合法的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: Code.BAD_REQUEST, msg: '请求体不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: Code.PAYLOAD_TOO_LARGE, msg: codeMessages[Code.PAYLOAD_TOO_LARGE] },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: Code.UNSUPPORTED_MEDIA_TYPE,
    msg: codeMessages[Code.UNSUPPORTED_MEDIA_TYPE],
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: Code.BAD_REQUEST, msg: '请求体长度不正确' },
};

const SOURCE_LABELS: Record<string, string> = {
  body: '',
  querystring: '',
  params: '路径',
  headers: '请求头',
};

function send(reply: FastifyReply, code: ResultCode, msg: string, data: unknown = null) {
  return reply.status(codeStatus[code]).send({ code, msg, data });
}

export function describeValidationError(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}): string {
  const first = error.validation[0];
  if (!first) return codeMessages[Code.BAD_REQUEST];
  // Array indexes (`/industry/1`) are not field names: name the field that holds them.
  const path = first.instancePath.split('/').filter((segment) => segment && !/^\d+$/.test(segment));
  const label = path.length ? fieldLabel(path) : '请求参数';
  const source = SOURCE_LABELS[error.validationContext ?? ''] ?? '';
  return `${source}参数「${label}」有误：${first.message ?? '格式不正确'}`;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const level = error.status >= 500 ? 'error' : 'info';
      request.log[level]({ event: 'request.refused', code: error.code, msg: error.message }, 'refused');
      return send(reply, error.code, error.message, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const msg = describeValidationError(error);
      request.log.info({ event: 'request.invalid', msg }, 'validation failed');
      return send(reply, Code.BAD_REQUEST, msg);
    }
    const { code: fastifyCode, statusCode } = error as { code?: string; statusCode?: number };
    const known = fastifyCode ? PROTOCOL_ERRORS[fastifyCode] : undefined;
    if (known) {
      request.log.info({ event: 'request.invalid', fastifyCode }, error.message);
      return send(reply, known.code, known.msg);
    }
    if (statusCode === 429) return send(reply, Code.RATE_LIMITED, codeMessages[Code.RATE_LIMITED]);
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      request.log.info({ event: 'request.invalid', fastifyCode }, error.message);
      return send(reply, Code.BAD_REQUEST, codeMessages[Code.BAD_REQUEST]);
    }
    request.log.error({ err: error, event: 'request.failed' }, 'unexpected error');
    return send(reply, Code.INTERNAL, codeMessages[Code.INTERNAL]);
  });
}

/** Errors Fastify raises before a route is found (bad URL encoding, an overlong parameter). */
export function answerFrameworkError(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, Code.BAD_REQUEST, '请求地址有误');
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function sendApiNotFound(reply: FastifyReply) {
  return send(reply, Code.NOT_FOUND, codeMessages[Code.NOT_FOUND]);
}
