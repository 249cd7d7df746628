/**
 * Who is asking: the signed-in user, else the anonymous client id. Every knowledge query is
 * made for a viewer, so what one may read is decided in the query, never after it.
 */
import { Code } from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { normalizeIp } from '../../lib/net.js';

export interface Viewer {
  userId: number | null;
  clientId: string;
  ip: string;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return { userId: request.user?.id ?? null, clientId: request.clientId, ip: normalizeIp(request.ip) };
}

/** A viewer that must be identifiable (a conversation needs an owner). */
export function ownerOf(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (viewer.userId === null && !viewer.clientId)
    throw new AppError(Code.BAD_REQUEST, '缺少客户端标识，请刷新页面后重试');
  return viewer;
}

/** `u:<id>` or `c:<client>`: one key for counting views once per viewer. */
export const actorKey = (viewer: Viewer) =>
  viewer.userId !== null
    ? `u:${viewer.userId}`
    : viewer.clientId
      ? `c:${viewer.clientId}`
      : `ip:${viewer.ip}`;

/** Refusal for a file that is not there or not readable: the two look the same. */
export const fileNotFound = () => new AppError(Code.NOT_FOUND, '文件不存在或无权访问');
export const collectionNotFound = () => new AppError(Code.NOT_FOUND, '合集不存在或无权访问');
