/**
 * Who owns assistant rows: the signed-in user, else the anonymous client id (spec section 6:
 * "chat history uses clientid for anonymous users and uguid for logged-in users"). Every
 * query on an owned table goes through `ownedBy`, so another caller's rows are never read.
 */
import { Code } from '@jq/contract';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { normalizeIp } from '../../lib/net.js';

export interface Owner {
  userId: number | null;
  clientId: string;
  ip: string;
  isSignedIn: boolean;
}

export function ownerOf(request: FastifyRequest): Owner {
  const userId = request.user?.id ?? null;
  if (!userId && !request.clientId) {
    throw new AppError(Code.BAD_REQUEST, '缺少客户端标识，请刷新页面后重试');
  }
  return {
    userId,
    clientId: userId ? '' : request.clientId,
    ip: normalizeIp(request.ip),
    isSignedIn: userId !== null,
  };
}

/** `user_id = me`, or for an anonymous caller `user_id is null and client_id = me`. */
export function ownedBy(table: { userId: PgColumn; clientId: PgColumn }, owner: Owner): SQL {
  return owner.userId !== null
    ? eq(table.userId, owner.userId)
    : (and(isNull(table.userId), eq(table.clientId, owner.clientId)) as SQL);
}

/** The columns a new owned row gets. */
export const ownerValues = (owner: Owner) => ({ userId: owner.userId, clientId: owner.clientId });

export function isOwner(row: { userId: number | null; clientId: string }, owner: Owner): boolean {
  return owner.userId !== null
    ? row.userId === owner.userId
    : row.userId === null && row.clientId === owner.clientId;
}
