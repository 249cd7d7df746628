/**
 * The manual review (admin CLI, later the admin console): the queue of cases the dialogue
 * could not decide, a reviewer's decision on one, and an admin verifying a user directly.
 * Whichever way a user becomes verified, their open case closes in the same transaction,
 * so a verified user never has a case still waiting, and the dialogue tells them.
 */
import { Code } from '@jq/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { businessCards, users, verificationCases, verificationMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { markUserVerified, OPEN_STATUSES } from './cases.js';

const APPROVED_TEXT = '人工审核已通过，您的身份认证已完成。';

/** Cases in the manual review queue, oldest first. */
export async function listPendingCases(db: Db, limit = 50) {
  return db
    .select({
      id: verificationCases.id,
      userId: verificationCases.userId,
      uguid: users.uguid,
      name: users.name,
      phone: users.phone,
      reason: verificationCases.reason,
      fields: businessCards.fields,
      cardKey: businessCards.key,
      createdAt: verificationCases.createdAt,
    })
    .from(verificationCases)
    .innerJoin(users, eq(users.id, verificationCases.userId))
    .innerJoin(businessCards, eq(businessCards.id, verificationCases.cardId))
    .where(eq(verificationCases.status, 'pending'))
    .orderBy(asc(verificationCases.createdAt))
    .limit(limit);
}

export interface ReviewDecision {
  approve: boolean;
  /** Who decided (admin's uguid or name), kept on the case. */
  reviewer: string;
  /** Shown to the user when rejecting. */
  note?: string;
}

/** Decides a case in the manual queue; the user sees the outcome in the dialogue. */
export async function reviewVerification(db: Db, caseId: number, decision: ReviewDecision) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(verificationCases)
      .where(eq(verificationCases.id, caseId))
      .for('update');
    if (!row) throw new AppError(Code.NOT_FOUND, '认证申请不存在');
    if (row.status !== 'pending') throw new AppError(Code.CONFLICT, '该认证申请不在待审核状态');
    const status = decision.approve ? 'verified' : 'rejected';
    const note = decision.note?.trim() ?? '';
    await t
      .update(verificationCases)
      .set({
        status,
        reviewedBy: decision.reviewer,
        reviewNote: note,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(verificationCases.id, caseId));
    if (decision.approve) await markUserVerified(t, row.userId);
    const because = note ? `：${note.replace(/[。.!！]+$/, '')}。` : '。';
    const content = decision.approve
      ? APPROVED_TEXT
      : `很抱歉，人工审核未通过${because}如有疑问请联系客服，或上传新的名片重新认证。`;
    await t.insert(verificationMessages).values({ caseId, userId: row.userId, role: 'assistant', content });
    return { caseId, status, userId: row.userId };
  });
}

/**
 * An admin verifies a user without the dialogue: the user's open cases (in the dialogue,
 * being decided or waiting for review) close as verified, and the user is marked verified,
 * in one transaction. Answers the ids of the cases it closed.
 */
export async function verifyUserManually(db: Db, userId: number, reviewer: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Locked like a dialogue turn locks its case, so a turn in flight cannot reopen it.
    const open = await t
      .select({ id: verificationCases.id })
      .from(verificationCases)
      .where(and(eq(verificationCases.userId, userId), inArray(verificationCases.status, [...OPEN_STATUSES])))
      .for('update');
    const caseIds = open.map((row) => row.id);
    if (caseIds.length) {
      const now = new Date();
      await t
        .update(verificationCases)
        .set({ status: 'verified', reviewedBy: reviewer, reviewNote: '', decidedAt: now, updatedAt: now })
        .where(inArray(verificationCases.id, caseIds));
      await t
        .insert(verificationMessages)
        .values(
          caseIds.map((caseId) => ({ caseId, userId, role: 'assistant' as const, content: APPROVED_TEXT })),
        );
    }
    await markUserVerified(t, userId);
    return { caseIds };
  });
}
