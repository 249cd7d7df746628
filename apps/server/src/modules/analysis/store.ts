/**
 * Stored analyses, always read for their owner: another user's id answers exactly like an id
 * that does not exist. The advice is cut from what is returned until it is unlocked; the
 * unlock checks ownership first and then charges OptPerCharge through billing (once per
 * analysis, free for VIP). A share token shows the summary and the investor view to anyone
 * with the link (detailShare), never the advice or the deck.
 */
import { randomBytes } from 'node:crypto';
import type { AnalysisReport, AnalysisResult } from '@jq/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type AnalysisRow, analyses } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { getPricing, isUnlocked, unlockWithPower } from '../billing/index.js';
import { withoutAdvice } from './run.js';
import { analysisNotFound } from './sources.js';

type PricingConfig = Pick<Config, 'billing' | 'pay'>;

/** What billing knows the unlock by (ConversationId of OptPerCharge). */
export const adviceTarget = (id: number) => `analysis-${id}`;

/**
 * Whether `target` (`analysis-<id>`, the ConversationId of OptPerCharge) is this user's own
 * finished analysis: what billing checks before a per-use order or unlock of its advice.
 */
export async function adviceVisibleTo(db: Db, userId: number, target: string): Promise<boolean> {
  const id = /^analysis-(\d{1,15})$/.exec(target)?.[1];
  if (!id) return false;
  const [row] = await db
    .select({ id: analyses.id })
    .from(analyses)
    .where(and(eq(analyses.id, Number(id)), eq(analyses.userId, userId), eq(analyses.status, 'done')));
  return Boolean(row);
}

export async function ownAnalysis(db: Db, userId: number, id: number): Promise<AnalysisRow> {
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
  if (!row) throw analysisNotFound();
  return row;
}

export function toResult(row: AnalysisRow, unlocked: boolean, price: number): AnalysisResult {
  const report = row.report as unknown as AnalysisReport | null;
  return {
    id: row.id,
    mode: row.mode,
    source: row.source,
    projectId: row.projectId,
    title: row.title,
    filename: row.filename,
    fileKind: row.fileKind,
    pageCount: row.pageCount,
    status: row.status,
    failReason: row.failReason,
    engine: row.engine,
    createdAt: row.createdAt.toISOString(),
    content: row.content,
    report: report ? (unlocked ? report : withoutAdvice(report)) : null,
    unlocked,
    price,
    shareToken: row.shareToken,
  };
}

export async function readResult(
  db: Db,
  config: PricingConfig,
  userId: number,
  by: { id?: number | undefined; pid?: number | undefined },
): Promise<AnalysisResult> {
  let row: AnalysisRow | undefined;
  if (by.id) row = await ownAnalysis(db, userId, by.id);
  else {
    [row] = await db
      .select()
      .from(analyses)
      .where(and(eq(analyses.userId, userId), eq(analyses.projectId, by.pid!), eq(analyses.status, 'done')))
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(1);
    if (!row) throw analysisNotFound();
  }
  const unlocked = await isUnlocked(db, userId, 'OptPerCharge', adviceTarget(row.id));
  return toResult(row, unlocked, getPricing(config).perUse.OptPerCharge.credits);
}

export async function listAnalyses(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; mode?: 'diagnosis' | 'investor' | undefined },
) {
  const where = and(eq(analyses.userId, userId), query.mode ? eq(analyses.mode, query.mode) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(analyses)
      .where(where)
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(analyses).where(where),
  ]);
  return {
    list: rows.map((row) => {
      const report = row.report as unknown as AnalysisReport | null;
      return {
        id: row.id,
        mode: row.mode,
        source: row.source,
        projectId: row.projectId,
        title: row.title,
        filename: row.filename,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        overall: report?.overall ?? null,
        readiness: report?.readiness.score ?? null,
      };
    }),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function readPage(db: Db, userId: number, id: number, page: number) {
  const row = await ownAnalysis(db, userId, id);
  const found = row.pages.find((p) => p.no === page);
  if (!found) throw analysisNotFound();
  return { no: found.no, label: found.label, text: found.text, pageCount: row.pageCount };
}

/** OptPerCharge for the owner's finished analysis: charged once, free for VIP. */
export async function unlockAdvice(db: Db, config: PricingConfig, userId: number, id: number) {
  const row = await ownAnalysis(db, userId, id);
  if (row.status !== 'done' || !row.report) throw analysisNotFound();
  const paid = await unlockWithPower(
    db,
    userId,
    { action: 'OptPerCharge', conversationId: adviceTarget(id) },
    config,
  );
  return {
    via: paid.via,
    charged: paid.charged,
    power: paid.power,
    result: toResult(row, true, getPricing(config).perUse.OptPerCharge.credits),
  };
}

export async function shareAnalysis(db: Db, userId: number, id: number, product: string) {
  const row = await ownAnalysis(db, userId, id);
  if (row.status !== 'done') throw analysisNotFound();
  let token = row.shareToken;
  if (!token) {
    token = randomBytes(18).toString('base64url');
    await db.update(analyses).set({ shareToken: token }).where(eq(analyses.id, id));
  }
  return { token, path: `/${product}/detailShare?token=${token}` };
}

export async function readShared(db: Db, token: string) {
  const [row] = await db.select().from(analyses).where(eq(analyses.shareToken, token));
  if (!row) throw analysisNotFound();
  if (row.status !== 'done') throw analysisNotFound();
  const report = row.report as unknown as AnalysisReport | null;
  return {
    id: row.id,
    mode: row.mode,
    title: row.title,
    pageCount: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    content: row.content,
    report: report ? withoutAdvice(report) : null,
  };
}

export async function readDeck(
  db: Db,
  storage: import('../../platform/storage/index.js').StoragePort,
  userId: number,
  id: number,
  kind: string,
) {
  const row = await ownAnalysis(db, userId, id);
  if (!row.storageKey || row.fileKind !== kind) throw analysisNotFound();
  const stored = await storage.get(row.storageKey);
  if (!stored) throw analysisNotFound();
  return { row, body: stored.body };
}
