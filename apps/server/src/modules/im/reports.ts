/**
 * Reported messages for the operators (`npm run admin -- im-reports`, `im-report-close`):
 * the open reports, oldest first, with the message, its sender and the conversation, and
 * closing one once handled (banning a sender is the account's `ban`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { imConversations, imMessages, imReports, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

export interface OpenReport {
  id: number;
  reason: string;
  detail: string;
  reporter: string;
  sender: string;
  senderPhone: string;
  text: string;
  conversation: string;
  reportedAt: Date;
  /** Open reports on the same message, this one included. */
  count: number;
}

export async function listOpenReports(db: Db, limit = 50): Promise<OpenReport[]> {
  const reporter = sql<string>`(select coalesce(nullif(name, ''), uguid) from users where id = ${imReports.reporterId})`;
  const rows = await db
    .select({
      id: imReports.id,
      reason: imReports.reason,
      detail: imReports.detail,
      reporter,
      sender: sql<string>`coalesce(nullif(${users.name}, ''), ${users.uguid}, '')`,
      senderPhone: sql<string>`coalesce(${users.phone}, ${users.uguid}, '')`,
      text: imMessages.body,
      kind: imMessages.kind,
      conversation: sql<string>`case when ${imConversations.kind} = 'group' then ${imConversations.name} else '私聊' end`,
      reportedAt: imReports.createdAt,
      count: sql<number>`(select count(*)::int from im_reports o where o.message_id = ${imReports.messageId} and o.status = 'open')`,
    })
    .from(imReports)
    .innerJoin(imMessages, eq(imMessages.id, imReports.messageId))
    .innerJoin(imConversations, eq(imConversations.id, imReports.conversationId))
    .leftJoin(users, eq(users.id, imMessages.senderId))
    .where(eq(imReports.status, 'open'))
    .orderBy(asc(imReports.createdAt), asc(imReports.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, text: r.kind === 'image' ? '[图片]' : r.text, count: Number(r.count) }));
}

/** Closes an open report; false when there is no open report with that id. */
export async function closeReport(db: Db, id: number): Promise<boolean> {
  const closed = await db
    .update(imReports)
    .set({ status: 'closed' })
    .where(and(eq(imReports.id, id), eq(imReports.status, 'open')))
    .returning({ id: imReports.id });
  return closed.length > 0;
}
