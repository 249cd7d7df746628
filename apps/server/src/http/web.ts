/**
 * Serves the built web app. Files of the build are served as they are (hashed assets
 * cached for a year); every other GET that is not under /api and does not name a file
 * answers index.html, so each page path of the app loads the app (SPA fallback).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from './errors.js';

const NOT_BUILT_HTML =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>金桥</title>' +
  '<body><p>前端尚未构建，请先运行 <code>npm start</code>。</p></body></html>';

export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Read once: the build does not change under a running server.
  const indexHtml = hasBuild ? await readFile(indexFile, 'utf8') : NOT_BUILT_HTML;

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
    return reply
      .status(hasBuild ? 200 : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
