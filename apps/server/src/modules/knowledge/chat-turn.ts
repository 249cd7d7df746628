/**
 * One kbchat turn, streamed: the files the caller may read now, the chunks for the question
 * (retrieve.ts), an answer from the llm port (local or OpenAI-compatible: the same numbered
 * sources either way), quotes made verbatim from the cited pages, then the bill. An answer
 * that cites other users' files costs the asker `KB_ANSWER_CREDITS` and earns the owners their
 * share (income.ts), exactly once per answer; answers from one's own or the platform's files
 * are free. A client abort stops generation and keeps what was written as `stopped`.
 */
import { Code, codeMessages } from '@jq/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { type KbStoredQuote, kbConversations, kbEvents, kbMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/index.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { LlmPort, LlmSource } from '../../platform/llm/index.js';
import { getBalance } from '../billing/index.js';
import { conversationFiles, getOwnedConversation, scopeOf } from './conversations.js';
import { payWithIncome } from './income.js';
import { citedClaims, citedNumbers, quoteFor } from './quotes.js';
import { type ChunkHit, searchChunks, withoutTocLines } from './retrieve.js';
import type { Viewer } from './viewer.js';

export interface TurnDeps {
  db: Db;
  llm: LlmPort;
  config: KnowledgeConfig;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

const SYSTEM = `你是金桥知识库助手。只根据用户所选文件的资料回答，用简体中文，条理清楚。
每个事实后用 [n] 标注所依据的资料编号；资料里没有的内容直接说明“所选文件中没有相关内容”，不要编造。
表格数据照原文引用，注意单位。`;
const SOURCES = 8;
const SOURCE_CHARS = 1200;
const STREAMING_STALE_MS = 5 * 60_000;

/** Checks before the stream opens (they answer as JSON): ownership, a turn already running, the price. */
export async function prepareTurn(deps: TurnDeps, viewer: Viewer, chatuuid: string) {
  const { db, config } = deps;
  const conversation = await getOwnedConversation(db, viewer, chatuuid);
  const [running] = await db
    .select({ id: kbMessages.id })
    .from(kbMessages)
    .where(
      and(
        eq(kbMessages.conversationId, conversation.id),
        eq(kbMessages.status, 'streaming'),
        gt(kbMessages.createdAt, new Date(Date.now() - STREAMING_STALE_MS)),
      ),
    )
    .limit(1);
  if (running) throw new AppError(Code.CONFLICT, '上一条回答还在生成中，请稍候');
  let files = await conversationFiles(db, viewer, conversation);
  // Signed out, only the platform's own files: answers over users' files are paid.
  if (viewer.userId === null) files = files.filter((f) => f.contentOwnerId === null);
  const scope = scopeOf(files, config);
  if (!scope.length) {
    const anyLeft = files.length > 0;
    throw new AppError(
      Code.BAD_REQUEST,
      anyLeft ? '所选文件还没有解析完成，请稍后再问' : '所选文件已不可用（已删除或不再公开），请重新选择文件',
    );
  }
  const foreign = files.filter((f) => f.contentOwnerId !== null && f.contentOwnerId !== viewer.userId);
  const price = foreign.length ? config.answerCredits : 0;
  if (price > 0 && viewer.userId !== null) {
    const balance = await getBalance(db, viewer.userId);
    if (balance < price)
      throw new AppError(
        Code.FORBIDDEN,
        `算力不足：基于他人公开文件的回答每次 ${price} 算力，当前余额 ${balance}，请先充值`,
        { data: { need: price, power: balance } },
      );
  }
  return { conversation, files, scope, price };
}

export async function runTurn(
  deps: TurnDeps,
  viewer: Viewer,
  prepared: Awaited<ReturnType<typeof prepareTurn>>,
  question: string,
  stream: StreamWriter,
) {
  const { db, llm } = deps;
  const { conversation, files, scope } = prepared;
  const earlier = await db
    .select({ role: kbMessages.role, content: kbMessages.content, status: kbMessages.status })
    .from(kbMessages)
    .where(eq(kbMessages.conversationId, conversation.id))
    .orderBy(kbMessages.id);
  await db.insert(kbMessages).values({ conversationId: conversation.id, role: 'user', content: question });
  const [answerRow] = await db
    .insert(kbMessages)
    .values({ conversationId: conversation.id, role: 'assistant', status: 'streaming', engine: llm.engine })
    .returning({ id: kbMessages.id });
  const messageId = answerRow!.id;
  await db
    .update(kbConversations)
    .set({ updatedAt: new Date(), title: conversation.title || question.slice(0, 40) })
    .where(eq(kbConversations.id, conversation.id));
  stream.send({
    type: 'status',
    status: 'start',
    chatuuid: conversation.uuid,
    messageId,
    engine: llm.engine,
    isend: false,
  });
  // Let the start event reach the client before retrieval takes the thread (PGlite runs in it).
  await new Promise((resolve) => setImmediate(resolve));

  const signal = stream.signal;
  let content = '';
  let quotes: KbStoredQuote[] = [];
  let failure: AppError | undefined;
  try {
    let hits = await searchChunks(db, llm, { question, files: scope, limit: SOURCES, signal });
    if (!hits.length) hits = await leadChunks(db, scope);
    const sources: LlmSource[] = hits.map((h, i) => ({
      id: i + 1,
      title: [h.title, pageName(h), h.headingPath].filter(Boolean).join(' · '),
      // Headings go in the title: the text is what the passage says.
      text: withoutHeadingLines(withoutTocLines(h.text)).slice(0, SOURCE_CHARS),
      ref: { pid: h.fileId, page: h.pageNo },
    }));
    const history = earlier
      .filter((m) => m.status !== 'error' && m.content)
      .slice(-6)
      .map((m) => ({ role: m.role, content: m.content }));
    for await (const event of llm.generate({
      system: SYSTEM,
      messages: [...history, { role: 'user', content: question }],
      sources,
      signal,
      userId: viewer.userId ?? undefined,
      clientId: viewer.clientId || undefined,
      purpose: 'kbchat',
    })) {
      if (event.type !== 'delta') continue;
      if (signal.aborted) break;
      content += event.content;
      stream.send({ type: 'delta', content: event.content, isend: false });
    }
    quotes = await makeQuotes(db, content, hits, question);
    if (quotes.length) stream.send({ type: 'quote', quotes, isend: false });
  } catch (error) {
    failure =
      error instanceof AppError
        ? error
        : new AppError(Code.INTERNAL, '回答生成失败，请重试', { cause: error });
    if (!(error instanceof AppError))
      deps.log.error({ err: error, event: 'knowledge.turn_failed' }, 'kbchat failed');
  }
  const status = failure && !content ? 'error' : signal.aborted || failure ? 'stopped' : 'done';
  let bill: { credits: number; power: number | null } = { credits: 0, power: null };
  if (status !== 'error') {
    try {
      bill = await bill_(deps, viewer, messageId, quotes, files);
    } catch (error) {
      // The answer stands; it is left unpaid (and earns nobody anything) rather than lost.
      deps.log.error({ err: error, event: 'knowledge.bill_failed', messageId }, 'kbchat bill failed');
    }
  }
  await db
    .update(kbMessages)
    .set({ content, quotes, status, credits: bill.credits })
    .where(eq(kbMessages.id, messageId));
  if (failure && status === 'error') {
    stream.end({
      type: 'error',
      code: failure.code,
      msg: failure.message || codeMessages[failure.code],
      isend: true,
    });
    return;
  }
  stream.end({ type: 'status', status, messageId, credits: bill.credits, power: bill.power, isend: true });
}

/** Markdown heading lines (`# 第三章`), which read as a sentence to an extractive answer. */
const withoutHeadingLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^#{1,6}\s/.test(line))
    .join('\n');

const pageName = (h: ChunkHit) => (/^\d+$/.test(h.pageLabel) ? `第 ${h.pageLabel} 页` : h.pageLabel);

/** The first chunks of the first files, when no chunk shares a word with the question. */
async function leadChunks(db: Db, scope: ReturnType<typeof scopeOf>): Promise<ChunkHit[]> {
  const first = scope.slice(0, 3);
  const hits: ChunkHit[] = [];
  for (const f of first) {
    const rows = await selectRows<Record<string, unknown>>(
      db,
      sql`select file_id, idx, page_no, page_label, heading_path, text, start, "end", is_table from kb_chunks
        where file_id = ${f.id} order by idx limit 2`,
    );
    for (const r of rows)
      hits.push({
        fileId: Number(r.file_id),
        idx: Number(r.idx),
        pageNo: Number(r.page_no),
        pageLabel: String(r.page_label),
        headingPath: String(r.heading_path),
        text: String(r.text),
        start: Number(r.start),
        end: Number(r.end),
        isTable: Boolean(r.is_table),
        title: f.title,
        score: 0,
      });
  }
  return hits;
}

/** Quotes for the `[n]` the answer used, each a verbatim slice of its page. */
async function makeQuotes(
  db: Db,
  answer: string,
  hits: ChunkHit[],
  question: string,
): Promise<KbStoredQuote[]> {
  const cited = citedNumbers(answer).filter((n) => n >= 1 && n <= hits.length);
  if (!cited.length) return [];
  const wanted = cited.map((n) => hits[n - 1]!);
  const pages = await selectRows<{ file_id: string | number; page_no: number; text: string }>(
    db,
    sql`select file_id, page_no, text from kb_pages where (file_id, page_no) in
      (select * from unnest(${sql.raw(`ARRAY[${wanted.map((h) => h.fileId).join(',')}]::bigint[]`)},
        ${sql.raw(`ARRAY[${wanted.map((h) => h.pageNo).join(',')}]::int[]`)}))`,
  );
  const pageText = new Map(pages.map((p) => [`${p.file_id}:${p.page_no}`, p.text]));
  const claims = citedClaims(answer);
  return cited.flatMap((n) => {
    const hit = hits[n - 1]!;
    const page = pageText.get(`${hit.fileId}:${hit.pageNo}`);
    return page === undefined ? [] : [quoteFor(n, hit, page, claims.get(n) ?? '', question)];
  });
}

/**
 * Citation events for the hot list, and the bill: other users' cited files make the answer
 * paid. A charge that fails now (the balance was spent meanwhile) leaves the answer free and
 * earns nobody anything; it is logged.
 */
async function bill_(
  deps: TurnDeps,
  viewer: Viewer,
  messageId: number,
  quotes: KbStoredQuote[],
  files: Awaited<ReturnType<typeof conversationFiles>>,
): Promise<{ credits: number; power: number | null }> {
  const { db, config } = deps;
  const byContent = new Map(files.map((f) => [f.contentId, f]));
  const citedIds = [...new Set(quotes.map((q) => q.pid))];
  const others = citedIds
    .map((id) => byContent.get(id))
    .filter((f) => f && f.contentOwnerId !== viewer.userId);
  if (others.length)
    await db
      .insert(kbEvents)
      .values(others.map((f) => ({ fileId: f!.contentId, kind: 'cite' as const, actor: `m:${messageId}` })));
  const foreign = others.filter((f) => f!.contentOwnerId !== null);
  if (!foreign.length || viewer.userId === null || config.answerCredits <= 0)
    return { credits: 0, power: null };
  const result = await payWithIncome(db, config, {
    buyerId: viewer.userId,
    price: config.answerCredits,
    kind: 'answer',
    reference: `kbanswer:${messageId}`,
    what: `知识库付费回答（引用 ${foreign.length} 个他人文件）`,
    files: foreign.map((f) => ({ fileId: f!.contentId, ownerId: f!.contentOwnerId!, title: f!.title })),
  });
  if (!result.ok) {
    deps.log.info({ event: 'knowledge.answer_unpaid', messageId }, '余额不足，本次回答未收费');
    return { credits: 0, power: result.balance };
  }
  return { credits: config.answerCredits, power: result.balance };
}
