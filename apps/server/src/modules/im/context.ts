/**
 * What the messaging use cases share: the database, and `deliver`, which hands a frame to
 * the sockets of some users on every server process (through the bus; see fanout.ts). The
 * HTTP rows and the socket frames call the same use cases, so both deliver the same way.
 */
import type { ImServerFrame } from '@jq/contract';
import type { Db } from '../../platform/database/index.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction. */
export type Conn = Db | Tx;

export type Deliver = (to: readonly number[], frame: ImServerFrame) => Promise<void>;

export interface ImContext {
  db: Db;
  deliver: Deliver;
}

/** Refusals that must not tell "not yours" from "does not exist". */
export const NO_CONVERSATION = '会话不存在或您已不在其中';
export const NO_GROUP = '群聊不存在或邀请已失效';

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const iso = (value: Date | string | null | undefined): string =>
  value ? new Date(value).toISOString() : '';
