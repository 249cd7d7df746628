/**
 * Serves the built web app. Files of the build are served as they are, or as the brotli or
 * gzip copy the build wrote next to them (`<file>.br`, `<file>.gz`, apps/web/build/precompress.ts)
 * when the request's Accept-Encoding takes it, always with `Vary: Accept-Encoding`. Hashed
 * assets are cached for a year (immutable); everything else, the SPA's HTML above all,
 * revalidates on each use (`no-cache` with an ETag, answered 304 when unchanged). Every other
 * GET that is not under /api and does not name a file answers index.html, so each page path
 * of the app loads the app (SPA fallback).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from './errors.js';

const NOT_BUILT_HTML =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>金桥</title>' +
  '<body><p>前端尚未构建，请先运行 <code>npm start</code>。</p></body></html>';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';

/** The SPA's HTML in each encoding the build provides, read once: the build does not change under a running server. */
interface IndexVariants {
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The best encoding among those available that the Accept-Encoding header takes (q > 0),
 * brotli first on a tie; `*` stands for any encoding not named. Undefined: send it as is.
 */
export function pickEncoding(
  header: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  return existsSync(file) ? readFile(file) : undefined;
}

async function readIndexVariants(indexFile: string): Promise<IndexVariants> {
  const identity = await readFile(indexFile);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return {
    etag,
    identity,
    br: await readIfPresent(`${indexFile}.br`),
    gzip: await readIfPresent(`${indexFile}.gz`),
  };
}

/** If-None-Match lists the ETags the client holds (weak ones with a W/ prefix) or `*`. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const held = tag.trim().replace(/^W\//, '');
    return held === etag || held === '*';
  });
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, index: IndexVariants) {
  const available = (['br', 'gzip'] as const).filter((encoding) => index[encoding] !== undefined);
  const encoding = pickEncoding(request.headers['accept-encoding'], available);
  reply
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding')
    .header('etag', index.etag)
    .type('text/html; charset=utf-8');
  if (isFresh(request.headers['if-none-match'], index.etag)) return reply.status(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.status(200).send(encoding ? index[encoding] : index.identity);
}

export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  const index = hasBuild ? await readIndexVariants(indexFile) : undefined;

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) {
      request.log.info({ event: 'api.unknown', url: request.url }, 'unknown api path');
      return sendApiNotFound(reply);
    }
    const namesAFile = path.posix.basename(pathname).includes('.');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || namesAFile) {
      return reply.status(404).type('text/plain; charset=utf-8').send('404 页面不存在');
    }
    if (!index) {
      return reply
        .status(503)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_HTML);
    }
    return sendIndex(request, reply, index);
  });
}
