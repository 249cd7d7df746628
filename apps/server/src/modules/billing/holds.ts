/**
 * Credits taken for something that may still fall through (a teaser contact request the
 * founder has not answered, a delivery not made): `charge` takes them; `releaseCredits`
 * gives them back at most once per user and reference (ledger idempotency key
 * `release:<user>:<reference>`), inside the caller's transaction so the release and the
 * state change that justifies it commit together.
 */
import type { Db } from '../../platform/database/index.js';
import { addCredits } from './ledger.js';

export interface ReleaseRequest {
  userId: number;
  credits: number;
  /** The reference the credits were charged (or are refunded) under. */
  reference: string;
  /** In Chinese: why they come back (对方拒绝了联系请求). */
  why: string;
}

/** Returns the balance after the release. Call inside a transaction that also records why. */
export async function releaseCredits(tx: Db, request: ReleaseRequest): Promise<number> {
  return addCredits(tx, {
    userId: request.userId,
    credits: request.credits,
    kind: 'refund',
    reference: request.reference,
    description: request.why,
    idempotencyKey: `release:${request.userId}:${request.reference}`,
  });
}
