/**
 * Creator income (knowledge base): a buyer pays for something made of other users' files — a
 * paid answer that cites them, or unlocking one — and each file's owner is credited a share.
 * The buyer's debit and every owner's credit are one transaction (`charge` with a `run`): all
 * of them or none. Each credit carries the idempotency key `income:<reference>:<file id>`, so
 * the ledger's unique key makes a second credit for the same answer and file impossible, and a
 * repeated charge (same buyer and reference) answers the first without running again. The
 * knowledge module decides the shares (docs/decisions.md); this file only moves credits.
 */
import type { Db } from '../../platform/database/index.js';
import { addCredits, type ChargeResult, charge } from './ledger.js';

export interface CreatorShare {
  ownerId: number;
  fileId: number;
  credits: number;
  /** The file's title, for the owner's ledger line. */
  title: string;
}

export interface SharedCharge {
  buyerId: number;
  /** What the buyer pays, in credits. */
  credits: number;
  /** `kbanswer:<message id>`, `kbunlock:<file id>:<buyer id>`. */
  reference: string;
  /** In Chinese: what the buyer bought. */
  what: string;
  /** Owners' shares; together at most what the buyer pays. */
  shares: CreatorShare[];
  /** Why the owners earn, in Chinese (被付费回答引用, 被解锁). */
  reason: string;
}

export async function chargeWithCreatorShares(
  db: Db,
  request: SharedCharge,
  /** More writes of the caller's, in the same transaction (the knowledge module's income rows). */
  record?: (tx: Db) => Promise<void>,
): Promise<ChargeResult> {
  const total = request.shares.reduce((sum, s) => sum + s.credits, 0);
  if (request.shares.some((s) => !Number.isInteger(s.credits) || s.credits <= 0) || total > request.credits)
    throw new Error(`创作收益须为正整数且合计不超过支付的算力：${total} / ${request.credits}`);
  // Owners credited in one order in every transaction, so two answers never wait on each other in a cycle.
  const shares = [...request.shares].sort((a, b) => a.ownerId - b.ownerId || a.fileId - b.fileId);
  for (let attempt = 1; ; attempt++) {
    try {
      return await chargeOnce(db, request, shares, record);
    } catch (error) {
      // A deadlock with a payer who is also an owner elsewhere: PostgreSQL rolled one back; run it again.
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function chargeOnce(
  db: Db,
  request: SharedCharge,
  shares: CreatorShare[],
  record?: (tx: Db) => Promise<void>,
) {
  return charge(
    db,
    {
      userId: request.buyerId,
      what: request.what,
      credits: request.credits,
      reference: request.reference,
      idempotent: true,
    },
    async (tx) => {
      for (const share of shares) {
        await addCredits(tx, {
          userId: share.ownerId,
          credits: share.credits,
          kind: 'income',
          reference: `${request.reference}:file:${share.fileId}`,
          description: `知识库创作收益：《${share.title.slice(0, 60)}》${request.reason}`,
          idempotencyKey: `income:${request.reference}:${share.fileId}`,
        });
      }
      await record?.(tx);
    },
  );
}
