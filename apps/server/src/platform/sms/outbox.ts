/**
 * The dev outbox: nothing leaves the machine. The code is logged (event `sms.outbox`) and
 * kept in the database, so `GET /api/dev/outbox` on any process can show it outside
 * production, and the browser tests can sign in without a phone.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema.js';
import type { Db } from '../database/index.js';
import type { SmsPort } from './index.js';

const KEEP_MS = 24 * 60 * 60 * 1000;

export function createOutboxSms(db: Db): SmsPort {
  return {
    engine: 'outbox',
    async sendCode({ phone, code, ttlMinutes }, log) {
      const content = `【金桥】您的验证码是 ${code}，${ttlMinutes} 分钟内有效。如非本人操作，请忽略本短信。`;
      await db.insert(smsOutbox).values({ phone, code, content });
      log.info({ event: 'sms.outbox', phone, code }, content);
      // Old rows are of no use to anyone; trim them as we go.
      await db
        .delete(smsOutbox)
        .where(and(eq(smsOutbox.phone, phone), lt(smsOutbox.createdAt, new Date(Date.now() - KEEP_MS))));
    },
  };
}

/** The latest code the outbox "sent" to a phone, or null. */
export async function readOutbox(db: Db, phone: string) {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return row ? { phone: row.phone, code: row.code, sentAt: row.createdAt.toISOString() } : null;
}
