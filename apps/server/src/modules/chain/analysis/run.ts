/**
 * One analysis, streamed and stored. The figures and the cited rounds and pages are computed
 * first (facts.ts, passages.ts) and numbered (compose.ts); then the text: written by this
 * module on the local engine, by the model on an OpenAI-compatible one, which receives the
 * numbered rounds and pages as its sources and the figures as data. Whatever the engine
 * writes, a `[n]` that names no source is removed before it is sent or stored, so an
 * analysis cites only real rounds and real report pages.
 */
import { Code } from '@jq/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { chainAnalyses } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { StreamWriter } from '../../../http/index.js';
import { CitationFilter } from '../../../lib/citation-filter.js';
import type { Db } from '../../../platform/database/index.js';
import type { LlmPort } from '../../../platform/llm/index.js';
import type { ChainDef } from '../data/index.js';
import type { NodeRef } from '../nodes.js';
import { composeLocal, numberSources, type Sources } from './compose.js';
import { type AnalysisFacts, chainFacts, nodeFacts } from './facts.js';
import { findPassages } from './passages.js';

export interface AnalysisOwner {
  userId: number | null;
  clientId: string;
}

export function ownedBy(owner: AnalysisOwner): SQL {
  return owner.userId !== null
    ? eq(chainAnalyses.userId, owner.userId)
    : (and(isNull(chainAnalyses.userId), eq(chainAnalyses.clientId, owner.clientId)) as SQL);
}

const SYSTEM = `你是金桥的产业链研究员。请根据给出的资料（编号的融资事件与研报页面）和“产业链数据”，用中文 Markdown 写一份简明的产业链分析，包括：集中度、热门环节、空白或薄弱环节、研报观点。
要求：
- 数字只用“产业链数据”里的，不要编造；
- 提到具体融资事件或研报观点时，在句末用 [编号] 标注来源，只能用资料里出现过的编号；
- 资料没有的内容就说没有；不超过 600 字。`;

function factsForModel(facts: AnalysisFacts): string {
  const { kind: _kind, ...rest } = facts;
  // Rounds go in as numbered sources; the figures as plain data.
  if (facts.kind === 'chain') {
    return JSON.stringify({ ...rest, hot: facts.hot.map(({ rounds: _r, ...h }) => h) });
  }
  return JSON.stringify({ ...rest, recent: undefined });
}

function modelSources(facts: AnalysisFacts, s: Sources) {
  const rounds = facts.kind === 'chain' ? facts.hot.flatMap((h) => h.rounds) : facts.recent;
  const byId = new Map(rounds.map((r) => [r.roundId, r]));
  return [
    ...s.rounds.map((c) => {
      const r = byId.get(c.roundId)!;
      return {
        id: c.n,
        title: `融资事件：${r.projectName} ${r.stageLabel}`,
        text: `${r.date}，${r.projectName}完成${r.stageLabel}，金额${r.amountText}${r.investors.length ? `，投资方包括${r.investors.join('、')}` : ''}。`,
        ref: { roundId: r.roundId },
      };
    }),
    ...s.passages.map(({ n, passage }) => ({
      id: n,
      title: `${passage.title} 第 ${passage.pageNo} 页`,
      text: passage.page,
      ref: { pid: passage.reportId, page: passage.pageNo },
    })),
  ];
}

export interface AnalyseTarget {
  chain: ChainDef;
  node: NodeRef | null;
}

export interface AnalyseDeps {
  db: Db;
  llm: LlmPort;
  generation: number;
  owner: AnalysisOwner;
}

/** Streams an analysis of a chain or node and stores it; the stream's events are written to `stream`. */
export async function runAnalysis(deps: AnalyseDeps, target: AnalyseTarget, stream: StreamWriter) {
  const { db, llm, generation, owner } = deps;
  const facts = target.node
    ? await nodeFacts(db, target.node, generation)
    : await chainFacts(db, target.chain, generation);
  const passages = await findPassages(db, target.chain, target.node?.node ?? null);
  const sources = numberSources(facts, passages);
  const [row] = await db
    .insert(chainAnalyses)
    .values({
      ...owner,
      chainId: target.chain.industryId,
      nodeId: target.node?.id ?? null,
      engine: llm.engine,
      model: llm.model,
      status: 'streaming',
      facts: facts as unknown as Record<string, unknown>,
      citations: [...sources.rounds, ...sources.quotes] as unknown as Record<string, unknown>[],
      generation,
    })
    .returning({ id: chainAnalyses.id });
  const analysisId = row!.id;
  const name = target.node ? (target.node.child?.name ?? target.node.node.name) : target.chain.name;
  stream.send({
    type: 'status',
    status: 'start',
    analysisId,
    engine: llm.engine,
    target: { id: target.node?.id ?? target.chain.industryId, name, kind: target.node ? 'node' : 'chain' },
    isend: false,
  });
  stream.send({ type: 'card', card: 'facts', facts, isend: false });
  if (sources.rounds.length)
    stream.send({ type: 'card', card: 'rounds', rounds: sources.rounds, isend: false });
  if (sources.quotes.length) stream.send({ type: 'quote', quotes: sources.quotes, isend: false });

  const valid = new Set([...sources.rounds.map((r) => r.n), ...sources.quotes.map((q) => q.n)]);
  const filter = new CitationFilter(valid);
  let content = '';
  const emit = (text: string) => {
    if (!text) return;
    content += text;
    stream.send({ type: 'delta', content: text, isend: false });
  };
  let status: 'done' | 'stopped' | 'error' = 'done';
  try {
    if (llm.engine === 'local') {
      const text = composeLocal(facts, sources);
      // In pieces, as a model would stream it: the page shows progress the same way.
      for (let i = 0; i < text.length && !stream.signal.aborted; i += 24)
        emit(filter.push(text.slice(i, i + 24)));
    } else {
      const events = llm.generate({
        system: SYSTEM,
        messages: [{ role: 'user', content: `产业链数据：${factsForModel(facts)}\n\n请分析“${name}”。` }],
        sources: modelSources(facts, sources),
        temperature: 0.3,
        maxTokens: 1200,
        signal: stream.signal,
        userId: owner.userId ?? undefined,
        clientId: owner.clientId || undefined,
        purpose: 'chain-analysis',
      });
      for await (const event of events) if (event.type === 'delta') emit(filter.push(event.content));
    }
    emit(filter.flush());
    if (stream.signal.aborted) status = 'stopped';
  } catch (error) {
    status = 'error';
    emit(filter.flush());
    await db.update(chainAnalyses).set({ status, content }).where(eq(chainAnalyses.id, analysisId));
    throw error;
  }
  await db.update(chainAnalyses).set({ status, content }).where(eq(chainAnalyses.id, analysisId));
  stream.end({ type: 'status', status, analysisId, isend: true });
}

/** A stored analysis of the caller: by id, or the latest of a chain or node. Another caller's is -404. */
export async function readAnalysis(db: Db, owner: AnalysisOwner, by: { analysisId?: number; id?: string }) {
  const conditions = [ownedBy(owner)];
  if (by.analysisId !== undefined) conditions.push(eq(chainAnalyses.id, by.analysisId));
  if (by.id !== undefined) {
    const [chainId] = by.id.split('/');
    conditions.push(eq(chainAnalyses.chainId, chainId!));
    conditions.push(by.id.includes('/') ? eq(chainAnalyses.nodeId, by.id) : isNull(chainAnalyses.nodeId));
  }
  const [row] = await db
    .select()
    .from(chainAnalyses)
    .where(and(...conditions))
    .orderBy(desc(chainAnalyses.createdAt), desc(chainAnalyses.id))
    .limit(1);
  if (!row) throw new AppError(Code.NOT_FOUND, '没有找到这份分析，请重新生成');
  return row;
}
