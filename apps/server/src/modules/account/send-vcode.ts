/**
 * SMS codes: 6 digits, stored as an HMAC under the server secret, valid 5 minutes, one live
 * code per phone. Wrong tries are counted per requester: the browser that asked for the code
 * has 5, and everyone else has 5 each and 20 together (docs/decisions.md, the odds of
 * guessing), so a stranger's guesses never burn the owner's code. Sending waits 60 s between codes to one phone and is
 * capped per phone per day and per IP per hour; the counters live in the database so the
 * limits hold across server processes. A failed send gives its hits back.
 */
import { randomInt } from 'node:crypto';
import { Code, LIMITS, messages } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { smsCodes } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { readOutbox, SmsError, type SmsLog } from '../../platform/sms/index.js';
import type { AccountContext, Caller } from './context.js';
import { enforceLimits, hitCounter, pruneCounters, undoHits } from './rate-counters.js';
import { keyedHash } from './secret.js';

const VCODE_TTL_MINUTES = 5;
/** Wrong tries the requester of a code has; so does each other caller. */
export const VCODE_MAX_TRIES = 5;
/** Wrong tries all other callers have together, per code. */
export const VCODE_MAX_FOREIGN_TRIES = 20;
const HOUR = 3_600_000;

const hashCode = (secret: string, phone: string, code: string) => keyedHash(secret, `sms:${phone}`, code);

/** Whose code it is: the browser (client id), else the address. */
export const requesterOf = (caller: Pick<Caller, 'clientId' | 'ip'>) =>
  caller.clientId ? `c:${caller.clientId}` : `ip:${caller.ip}`;

export async function sendVcode(ctx: AccountContext, phone: string, caller: Caller, log: SmsLog) {
  const { db } = ctx;
  const { dailyLimitPerPhone, hourlyLimitPerIp } = ctx.config.sms;
  const hits = await enforceLimits(db, [
    {
      key: `sms:resend:${phone}`,
      windowMs: LIMITS.smsResendSeconds * 1000,
      max: 1,
      message: '验证码发送过于频繁，请 {s} 秒后再试',
    },
    {
      key: `sms:ip:${caller.ip}`,
      windowMs: HOUR,
      max: hourlyLimitPerIp,
      message: '当前网络获取验证码过于频繁，请稍后再试',
    },
    {
      key: `sms:day:${phone}`,
      windowMs: 24 * HOUR,
      max: dailyLimitPerPhone,
      message: '该手机号今日获取验证码次数已达上限，请明天再试',
    },
  ]);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashCode(ctx.secret, phone, code);
  const expiresAt = sql`now() + ${VCODE_TTL_MINUTES}::int * interval '1 minute'`;
  await db
    .insert(smsCodes)
    .values({ phone, codeHash, attempts: 0, expiresAt, ip: caller.ip, requester: requesterOf(caller) })
    .onConflictDoUpdate({
      target: smsCodes.phone,
      set: {
        codeHash,
        attempts: 0,
        expiresAt,
        consumedAt: null,
        createdAt: sql`now()`,
        ip: caller.ip,
        requester: requesterOf(caller),
      },
    });

  try {
    await ctx.sms.sendCode({ phone, code, ttlMinutes: VCODE_TTL_MINUTES }, log);
  } catch (error) {
    await undoHits(db, hits);
    await db.delete(smsCodes).where(sql`${smsCodes.phone} = ${phone} and ${smsCodes.codeHash} = ${codeHash}`);
    if (error instanceof SmsError) {
      log.warn(
        { event: 'sms.refused', providerCode: error.providerCode, msg: error.message },
        'sms not sent',
      );
      throw new AppError(Code.UNAVAILABLE, messages.smsFailed);
    }
    throw error;
  }
  if (randomInt(50) === 0) await pruneCounters(db);
}

/**
 * Spends one try of the phone's live code. Throws 400 with the reason unless `code` is
 * right; a right code is consumed and cannot be used twice. The requester's 5th wrong try
 * burns the code; another caller's wrong tries only use up that caller's own 5 and the 20
 * that all others share, after which others are refused while the owner's code still works.
 */
export async function checkVcode(
  ctx: AccountContext,
  phone: string,
  code: string,
  caller: Pick<Caller, 'clientId' | 'ip'>,
): Promise<void> {
  const { db } = ctx;
  const hash = hashCode(ctx.secret, phone, code);
  const requester = requesterOf(caller);
  const [live] = await selectRows<{ requester: string; created: string }>(
    db,
    sql`select requester, extract(epoch from created_at)::bigint::text as created from sms_codes
        where phone = ${phone} and consumed_at is null and expires_at > now() and attempts < ${VCODE_MAX_TRIES}`,
  );
  if (!live) throw new AppError(Code.BAD_REQUEST, '验证码已失效，请重新获取');
  if (live.requester === requester || live.requester === '') {
    await spendOwnTry(db, phone, hash);
    return;
  }
  await spendForeignTry(db, phone, hash, `${phone}:${live.created}`, requester);
}

async function spendOwnTry(db: Db, phone: string, hash: string) {
  const [row] = await selectRows<{ matched: boolean; attempts: number }>(
    db,
    sql`update sms_codes
        set attempts = attempts + 1,
            consumed_at = case when code_hash = ${hash} then now() else null end
        where phone = ${phone} and consumed_at is null and expires_at > now() and attempts < ${VCODE_MAX_TRIES}
        returning code_hash = ${hash} as matched, attempts`,
  );
  if (!row) throw new AppError(Code.BAD_REQUEST, '验证码已失效，请重新获取');
  if (row.matched) return;
  throw wrongCode(VCODE_MAX_TRIES - Number(row.attempts));
}

/** Tries of someone other than the requester: counted apart, never burning the code. */
async function spendForeignTry(db: Db, phone: string, hash: string, codeKey: string, requester: string) {
  const windowMs = VCODE_TTL_MINUTES * 60_000;
  const own = await hitCounter(db, `vcode:${codeKey}:${requester}`, windowMs, VCODE_MAX_TRIES);
  const all = await hitCounter(db, `vcode:${codeKey}:others`, windowMs, VCODE_MAX_FOREIGN_TRIES);
  if (!own.allowed || !all.allowed) throw wrongCode(0);
  const [row] = await selectRows<{ phone: string }>(
    db,
    sql`update sms_codes set consumed_at = now()
        where phone = ${phone} and code_hash = ${hash} and consumed_at is null and expires_at > now()
        returning phone`,
  );
  if (row) return;
  throw wrongCode(VCODE_MAX_TRIES - own.count);
}

const wrongCode = (left: number) =>
  new AppError(
    Code.BAD_REQUEST,
    left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取',
  );

/** Sign-in attempts per IP, so that codes cannot be guessed across many phones from one place. */
export async function limitSignInAttempts(ctx: AccountContext, caller: Caller): Promise<void> {
  await enforceLimits(ctx.db, [
    {
      key: `login:ip:${caller.ip}`,
      windowMs: 10 * 60_000,
      max: 60,
      message: '尝试次数过多，请 {s} 秒后再试',
    },
  ]);
}

/** The dev outbox's latest code to a phone (development only: the row is not mounted in production). */
export async function readDevCode(db: Db, phone: string) {
  const latest = await readOutbox(db, phone);
  if (!latest) throw new AppError(Code.NOT_FOUND, '没有发往该号码的验证码');
  return latest;
}
