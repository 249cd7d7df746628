/**
 * `aiAuth`: one turn of the verification dialogue. The turn is computed and stored first
 * (row locked, so two tabs cannot advance the same case twice), then streamed. When the last
 * answer is in, the stream says `waiting`, the case is decided, `waitingend` follows with the
 * result, and a verified user gets an `authSuccess` event. Assistant messages are stored
 * whole before they are streamed, so a reload or a dropped connection loses nothing.
 */
import { type AuthMsgtype, type AuthStreamEvent, Code, type VerificationState } from '@jq/contract';
import { desc, eq } from 'drizzle-orm';
import {
  businessCards,
  type CaseStatus,
  type User,
  users,
  verificationCases,
  verificationMessages,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { loadProfile, markUserVerified } from './cases.js';
import { answerQuestion, askQuestion, decideCase, homeQueryFor, RESULT_TEXT, readBack } from './dialogue.js';
import { takeRateToken } from './rate-limit.js';
import { cardUrlOf, keyFromCardUrl } from './upload.js';

const CLOSED_TEXT: Partial<Record<VerificationState, string>> = {
  verified: '您已完成身份认证，无需重复操作。',
  pending: '您的认证资料正在人工审核中，请耐心等待，结果将通过站内消息通知您。',
  rejected: '您上一次的认证未通过，请重新上传名片后再试。',
  cancelled: '本次认证已结束，请重新上传名片后再试。',
};

type Log = { error(object: object, message: string): void };

/**
 * `aiAuth`: one turn, within the per-user limit. A refusal (no card, the limit) answers as
 * JSON before the stream opens; the stored turn is then streamed.
 */
export async function continueDialogue(
  db: Db,
  user: User,
  input: { msgtype: AuthMsgtype; content: string },
  open: () => StreamWriter,
  log: Log,
) {
  await takeRateToken(db, user.id, 'aiAuth');
  const turn = await takeTurn(db, user, input.msgtype, input.content);
  await streamTurn(db, open(), turn, log);
}

interface Turn {
  caseId: number;
  replies: string[];
  isDeciding: boolean;
  status: VerificationState;
}

async function takeTurn(db: Db, user: User, msgtype: AuthMsgtype, content: string): Promise<Turn> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(verificationCases)
      .where(eq(verificationCases.userId, user.id))
      .orderBy(desc(verificationCases.id))
      .limit(1)
      .for('update');
    if (!row) throw new AppError(Code.BAD_REQUEST, '请先上传名片');
    const [card] = await t.select().from(businessCards).where(eq(businessCards.id, row.cardId));
    if (!card) throw new AppError(Code.BAD_REQUEST, '请先上传名片');
    const text = content.trim();
    if (msgtype === 'image_url' && keyFromCardUrl(text) !== card.key) {
      throw new AppError(Code.BAD_REQUEST, '请先提交这张名片，再开始认证对话');
    }

    let state = row.state;
    let status: CaseStatus = row.status;
    const replies: string[] = [];
    const open = state.queue[0];
    if (status === 'deciding') {
      // A turn whose decision was cut off (the process stopped): decide it now.
    } else if (status !== 'dialogue') {
      replies.push(CLOSED_TEXT[status] ?? CLOSED_TEXT.cancelled!);
    } else if (!state.isGreeted) {
      replies.push(readBack(card.fields));
      if (open) replies.push(askQuestion(open));
      state = { ...state, isGreeted: true };
    } else if (msgtype === 'image_url') {
      if (open) replies.push(`我们继续核对：\n\n${askQuestion(open)}`);
    } else {
      const outcome = answerQuestion(state, text);
      state = outcome.state;
      if (outcome.reply) replies.push(outcome.reply);
      if (outcome.next === 'decide') status = 'deciding';
      if (outcome.next === 'cancel') status = 'cancelled';
    }

    await t.insert(verificationMessages).values({
      caseId: row.id,
      userId: user.id,
      role: 'user',
      msgtype,
      content: msgtype === 'image_url' ? cardUrlOf(card.key) : text,
    });
    for (const reply of replies) {
      await t
        .insert(verificationMessages)
        .values({ caseId: row.id, userId: user.id, role: 'assistant', content: reply });
    }
    await t
      .update(verificationCases)
      .set({ state, status, updatedAt: new Date() })
      .where(eq(verificationCases.id, row.id));
    return { caseId: row.id, replies, isDeciding: status === 'deciding', status };
  });
}

interface Settlement {
  status: 'verified' | 'pending';
  content: string;
  homequery: string;
}

/** Decides a case whose dialogue is complete; does nothing to a case already decided. */
async function settleCase(db: Db, caseId: number): Promise<Settlement | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select()
      .from(verificationCases)
      .where(eq(verificationCases.id, caseId))
      .for('update');
    if (row?.status !== 'deciding') return null;
    const [card] = await t.select().from(businessCards).where(eq(businessCards.id, row.cardId));
    const [user] = await t.select().from(users).where(eq(users.id, row.userId));
    if (!card || !user) return null;
    const decision = decideCase(row.state, card.fields, await loadProfile(t, user));
    const status = decision.isVerified ? 'verified' : 'pending';
    const content = decision.isVerified ? RESULT_TEXT.verified : RESULT_TEXT.pending;
    const homequery = decision.isVerified ? homeQueryFor(card.fields) : '';
    if (decision.isVerified) await markUserVerified(t, row.userId);
    await t
      .update(verificationCases)
      .set({ status, reason: decision.reasons.join('；'), decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(verificationCases.id, caseId));
    await t
      .insert(verificationMessages)
      .values({ caseId, userId: row.userId, role: 'assistant', content, homequery });
    return { status, content, homequery };
  });
}

const CHUNK = 6;

function event(state: VerificationState, fields: Partial<AuthStreamEvent>): AuthStreamEvent {
  return {
    type: 'delta',
    role: 'assistant',
    msgtype: 'text',
    content: '',
    start: false,
    end: false,
    isend: false,
    waiting: false,
    waitingend: false,
    homequery: '',
    errMsg: '',
    authSuccess: false,
    state,
    ...fields,
  };
}

function streamMessage(stream: StreamWriter, state: VerificationState, text: string, homequery = '') {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += CHUNK) {
    const isLast = i + CHUNK >= chars.length;
    stream.send(
      event(state, {
        content: chars.slice(i, i + CHUNK).join(''),
        start: i === 0,
        end: isLast,
        homequery: isLast ? homequery : '',
      }),
    );
  }
}

/** Streams a stored turn, deciding the case in the middle when the dialogue is complete. */
async function streamTurn(db: Db, stream: StreamWriter, turn: Turn, log: Log) {
  let state = turn.status;
  for (const reply of turn.replies) streamMessage(stream, state, reply);
  if (turn.isDeciding) {
    stream.send(event(state, { type: 'status', waiting: true }));
    let settlement: Settlement | null;
    try {
      settlement = await settleCase(db, turn.caseId);
    } catch (error) {
      log.error({ err: error, event: 'verification.decide.failed', caseId: turn.caseId }, 'decide failed');
      stream.end(event(state, { type: 'error', errMsg: '认证处理失败，请稍后重试', isend: true }));
      return;
    }
    state = settlement?.status ?? state;
    stream.send(event(state, { type: 'status', waitingend: true }));
    if (settlement) streamMessage(stream, state, settlement.content, settlement.homequery);
    if (settlement?.status === 'verified') stream.send(event(state, { type: 'status', authSuccess: true }));
  }
  stream.end(event(state, { type: 'status', isend: true }));
}
