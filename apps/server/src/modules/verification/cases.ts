/**
 * Reading and writing verification data, always scoped to one user: the current card, the
 * current case and its messages, and the user's verified flag. The manual review is in review.ts.
 */
import type { AuthHistory, BcardInfo, VerificationState } from '@jq/contract';
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

async function findCurrentCase(db: Db, userId: number): Promise<VerificationCase | null> {
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

/** A case still in progress: in the dialogue, being decided, or waiting for a reviewer. */
export const OPEN_STATUSES = ['dialogue', 'deciding', 'pending'] as const;

/** Closes the user's open cases when a new card starts a new one. */
export async function cancelOpenCases(db: Db, userId: number): Promise<void> {
  await db
    .update(verificationCases)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(verificationCases.userId, userId), inArray(verificationCases.status, [...OPEN_STATUSES])));
}
