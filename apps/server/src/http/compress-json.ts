/**
 * API answers compressed: a JSON body of 1 KB or more goes out as brotli (quality 4: fast,
 * still about a fifth of the size) or gzip when the request's Accept-Encoding takes one, with
 * `Vary: Accept-Encoding`. Streams (SSE, files) and other types are sent as they are; the web
 * app's files are precompressed at build time (web.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from './web.js';

export const JSON_COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function addVary(current: unknown): string {
  const value = typeof current === 'string' ? current : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, accept-encoding` : 'accept-encoding';
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < JSON_COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', addVary(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
