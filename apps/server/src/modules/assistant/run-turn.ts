/**
 * One chat turn (schat, smixchat): checks ownership, rate limits and the free quota, saves
 * the question and an answer row marked `streaming`, then streams the answer (start event,
 * deltas, quote and card events, a last event with `isend: true`). A client abort or
 * leavechat stops generation and keeps what was written as a `stopped` answer.
 */

import { type ChatKind, type ChatTurnRequest, Code, codeMessages } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { chatMessages, type StoredLink, type StoredQuote } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/index.js';
import type { LlmMessage } from '../../platform/llm/index.js';
import { enforceLimits, type Limit } from '../account/index.js';
import { agentOrDefault, DEFAULT_AGENT, RESEARCH_AGENT } from './agents.js';
import { answerQuestion } from './answer.js';
import { checkAgent } from './chats.js';
import type { AssistantDeps, Log } from './context.js';
import { getMessages, getOwnedConversation, isGenerating, touchConversation } from './conversations.js';
import type { Owner } from './owner.js';
import { getRemainingChats, returnTurn, takeTurn } from './quota.js';

/** Flood limits on questions (docs/assistant.md): per caller, and per IP for anonymous callers. */
export const TURN_LIMITS = { perMinute: 20, anonymousIpPerMinute: 20, anonymousIpPerDay: 60 };

export function turnLimits(owner: Owner): Limit[] {
  const who = owner.userId !== null ? `u:${owner.userId}` : `c:${owner.clientId}`;
  const limits: Limit[] = [
    {
      key: `chat:${who}:m`,
      windowMs: 60_000,
      max: TURN_LIMITS.perMinute,
      message: '提问过于频繁，请 {s} 秒后再试',
    },
  ];
  if (!owner.isSignedIn) {
    limits.push(
      {
        key: `chat:ip:${owner.ip}:m`,
        windowMs: 60_000,
        max: TURN_LIMITS.anonymousIpPerMinute,
        message: '提问过于频繁，请 {s} 秒后再试',
      },
      {
        key: `chat:ip:${owner.ip}:d`,
        windowMs: 86_400_000,
        max: TURN_LIMITS.anonymousIpPerDay,
        message: '今日未登录提问次数已达上限，请登录后继续',
      },
    );
  }
  return limits;
}

export interface TurnInput {
  owner: Owner;
  kind: ChatKind;
  body: ChatTurnRequest;
  log: Log;
}

/** One turn, streamed: everything refused before `open()` answers as JSON (403, 409, 429). */
export async function runChatTurn(
  deps: AssistantDeps,
  { owner, kind, body, log }: TurnInput,
  open: () => StreamWriter,
) {
  const { db, config, generations } = deps;
  const conversation = await getOwnedConversation(db, body.chatuuid, owner, kind);
  checkAgent(body.agent);
  const earlier = await getMessages(db, conversation.id);
  if (generations.isRunning(conversation.uuid) || isGenerating(earlier)) {
    throw new AppError(Code.CONFLICT, '上一条回答还在生成中，请稍候或先停止生成');
  }
  await enforceLimits(db, turnLimits(owner));

  const ticket = await takeTurn(db, owner, config, conversation.uuid);
  if (!ticket.ok) {
    const stream = open();
    stream.end({ type: 'status', status: 'locked', quota: ticket.quota, isend: true });
    return;
  }

  const agent = agentOrDefault(
    body.agent ?? conversation.agent,
    kind === 'mixchat' ? RESEARCH_AGENT : DEFAULT_AGENT,
  );
  let history = earlier.filter((m) => m.status !== 'error');
  if (body.regenerate) {
    // The last answer is replaced; its question stays when it is the one asked again.
    const lastAnswer = [...history].reverse().find((m) => m.role === 'assistant');
    if (lastAnswer) {
      await db.delete(chatMessages).where(eq(chatMessages.id, lastAnswer.id));
      history = history.filter((m) => m.id !== lastAnswer.id);
    }
  }
  const lastQuestion = history.at(-1);
  const isRepeat = body.regenerate && lastQuestion?.role === 'user' && lastQuestion.content === body.question;
  if (isRepeat) history = history.slice(0, -1);
  else
    await db
      .insert(chatMessages)
      .values({ conversationId: conversation.id, role: 'user', content: body.question });
  const [answerRow] = await db
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      role: 'assistant',
      status: 'streaming',
      engine: deps.llm.engine,
    })
    .returning({ id: chatMessages.id });
  const messageId = answerRow!.id;
  await touchConversation(db, conversation, body.question, agent.id);

  const stream = open();
  const running = generations.start(conversation.uuid);
  const signal = AbortSignal.any([stream.signal, running.signal]);
  stream.send({
    type: 'status',
    status: 'start',
    chatuuid: conversation.uuid,
    messageId,
    engine: deps.llm.engine,
    isend: false,
  });

  let content = '';
  let quotes: StoredQuote[] = [];
  let cards: StoredLink[] = [];
  let suggestions: string[] = [];
  let usage = { promptTokens: 0, completionTokens: 0 };
  let failure: AppError | undefined;
  try {
    const events = answerQuestion({
      db,
      llm: deps.llm,
      question: body.question,
      history: history.map((m): LlmMessage => ({ role: m.role, content: m.content })),
      agent,
      kind,
      reportIds: conversation.reportIds,
      links: { product: config.product, isSignedIn: owner.isSignedIn },
      signal,
      userId: owner.userId ?? undefined,
      clientId: owner.clientId || undefined,
    });
    for await (const event of events) {
      if (event.type === 'delta') {
        if (signal.aborted) break;
        content += event.content;
        stream.send({ type: 'delta', content: event.content, isend: false });
      } else if (event.type === 'quotes') {
        quotes = event.quotes;
        stream.send({ type: 'quote', quotes, isend: false });
      } else if (event.type === 'cards') {
        cards = event.cards;
        stream.send({ type: 'card', cards, isend: false });
      } else if (event.type === 'usage') {
        usage = event;
      } else {
        suggestions = event.suggestions;
      }
    }
  } catch (error) {
    failure =
      error instanceof AppError
        ? error
        : new AppError(Code.INTERNAL, '回答生成失败，请重试', { cause: error });
    if (!(error instanceof AppError))
      log.error({ err: error, event: 'assistant.turn.failed' }, 'turn failed');
  } finally {
    running.release();
  }

  const status = failure && !content ? 'error' : signal.aborted ? 'stopped' : failure ? 'stopped' : 'done';
  await db
    .update(chatMessages)
    .set({
      content,
      quotes,
      cards,
      suggestions,
      status,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    })
    .where(eq(chatMessages.id, messageId));
  // Nothing answered: the question does not use up a free turn.
  if (status === 'error') await returnTurn(db, ticket.turnId);
  log.info(
    { event: 'assistant.turn', chatuuid: conversation.uuid, kind, status, engine: deps.llm.engine },
    'chat turn',
  );
  if (failure && status === 'error') {
    stream.end({
      type: 'error',
      code: failure.code,
      msg: failure.message || codeMessages[failure.code],
      isend: true,
    });
    return;
  }
  const quota = await getRemainingChats(db, owner, config, conversation.uuid);
  stream.end({
    type: 'status',
    status: status === 'done' ? 'done' : 'stopped',
    messageId,
    suggestions,
    remaining: quota.remaining,
    isend: true,
  });
}
