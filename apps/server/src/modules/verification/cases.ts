/**
 * Reading and writing verification data, always scoped to one user: the current card, the
 * current case and its messages, the user's verified flag, and the admin's review of a case
 * in the manual queue (`reviewVerification`, for the admin CLI or console).
 */
import { type AuthHistory, type BcardInfo, Code, type VerificationState } from '@jq/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type BusinessCard,
  businessCards,
  type User,
  userProfiles,
  users,
  type VerificationCase,
  verificationCases,
  verificationMessages,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { Profile } from './dialogue.js';
import { cardUrlOf } from './upload.js';

/** What the user told us about themselves: name and phone on `users`, company and title from registration. */
export async function loadProfile(db: Db, user: User): Promise<Profile> {
  const [registration] = await db
    .select({ company: userProfiles.company, title: userProfiles.title })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.id));
  return {
    name: user.name.trim(),
    phone: user.phone?.trim() ?? '',
    company: registration?.company.trim() ?? '',
    title: registration?.title.trim() ?? '',
  };
}

export async function findCurrentCard(db: Db, userId: number): Promise<BusinessCard | null> {
  const [card] = await db
    .select()
    .from(businessCards)
    .where(eq(businessCards.userId, userId))
    .orderBy(desc(businessCards.id))
    .limit(1);
  return card ?? null;
}

/** The card URL the user info shows (spec: Bcard); '' when none was submitted. */
export async function findCurrentCardUrl(db: Db, userId: number): Promise<string> {
  const card = await findCurrentCard(db, userId);
  return card ? cardUrlOf(card.key) : '';
}

export async function findCurrentCase(db: Db, userId: number): Promise<VerificationCase | null> {
  const [row] = await db
    .select()
    .from(verificationCases)
    .where(eq(verificationCases.userId, userId))
    .orderBy(desc(verificationCases.id))
    .limit(1);
  return row ?? null;
}

export async function getBcardInfo(db: Db, userId: number): Promise<BcardInfo | null> {
  const card = await findCurrentCard(db, userId);
  if (!card) return null;
  return { ...card.fields, cardurl: cardUrlOf(card.key), createdAt: card.createdAt.toISOString() };
}

export async function getAuthHistory(db: Db, userId: number): Promise<AuthHistory> {
  const current = await findCurrentCase(db, userId);
  if (!current) return { state: 'none', cardurl: '', list: [] };
  const [card] = await db.select().from(businessCards).where(eq(businessCards.id, current.cardId));
  const rows = await db
    .select()
    .from(verificationMessages)
    .where(and(eq(verificationMessages.caseId, current.id), eq(verificationMessages.userId, userId)))
    .orderBy(asc(verificationMessages.id));
  return {
    state: current.status as VerificationState,
    cardurl: card ? cardUrlOf(card.key) : '',
    list: rows.map((m) => ({
      role: m.role,
      msgtype: m.msgtype,
      content: m.content,
      homequery: m.homequery,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** The one place verification sets `users.is_verified` (owned by the accounts area). */
export async function markUserVerified(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ isVerified: true }).where(eq(users.id, userId));
}

export const OPEN_STATUSES = ['dialogue', 'deciding', 'pending'] as const;

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
    const [row] = await tx
      .select()
      .from(verificationCases)
      .where(eq(verificationCases.id, caseId))
      .for('update');
    if (!row) throw new AppError(Code.NOT_FOUND, '认证申请不存在');
    if (row.status !== 'pending') throw new AppError(Code.CONFLICT, '该认证申请不在待审核状态');
    const status = decision.approve ? 'verified' : 'rejected';
    const note = decision.note?.trim() ?? '';
    await tx
      .update(verificationCases)
      .set({
        status,
        reviewedBy: decision.reviewer,
        reviewNote: note,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(verificationCases.id, caseId));
    if (decision.approve) await markUserVerified(tx as unknown as Db, row.userId);
    const content = decision.approve
      ? '人工审核已通过，您的身份认证已完成。'
      : `很抱歉，人工审核未通过${note ? `：${note}` : '。'}如有疑问请联系客服，或上传新的名片重新认证。`;
    await tx.insert(verificationMessages).values({ caseId, userId: row.userId, role: 'assistant', content });
    return { caseId, status, userId: row.userId };
  });
}

/** Closes the user's open cases when a new card starts a new one. */
export async function cancelOpenCases(db: Db, userId: number): Promise<void> {
  await db
    .update(verificationCases)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(verificationCases.userId, userId), inArray(verificationCases.status, [...OPEN_STATUSES])));
}
