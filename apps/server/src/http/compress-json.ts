/**
 * API answers compressed: a JSON body of 1 KB or more goes out as brotli (quality 4: fast,
 * still about a fifth of the size) or gzip when the request's Accept-Encoding takes one, with
 * `Vary: Accept-Encoding`. Streams (SSE, files) and other types are sent as they are; the web
 * app's files are precompressed at build time (web.ts).
 *
 * A JSON text that may reach 1 KB is encoded here, once, into a Buffer that is both measured
 * and sent: as a string, Fastify would measure its UTF-8 length for Content-Length and the
 * socket would encode it again (on a CJK search page of ~25 KB those passes were ~7% of the
 * server's CPU).
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

const scratch = Buffer.allocUnsafe(256 * 1024);

/**
 * One pass over the text into a scratch buffer, then a copy of exactly its bytes (Buffer.from
 * would measure the text first; a buffer of the worst-case size per answer is mostly unused).
 */
function encodeUtf8(text: string): Buffer {
  if (text.length * 3 > scratch.length) return Buffer.from(text, 'utf8');
  return Buffer.from(scratch.subarray(0, scratch.write(text, 'utf8')));
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // At most three UTF-8 bytes per UTF-16 unit: a shorter text is under the threshold.
    if (payload.length * 3 < JSON_COMPRESS_MIN_BYTES) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const json = typeof payload === 'string' ? encodeUtf8(payload) : payload;
    const size = json.length;
    if (size < JSON_COMPRESS_MIN_BYTES) return json;
    reply.header('vary', addVary(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    if (!encoding) return json;
    const body =
      encoding === 'br'
        ? await brotli(json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzip(json, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
