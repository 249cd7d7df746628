/**
 * exportbp: a business-plan draft from a conversation, streamed. The local engine fills
 * the plan's sections from what the conversation established (the industry, quoted market
 * figures, the projects and institutions it found) and marks what the founder must supply;
 * the language model writes it from the transcript and the same quotes as numbered sources.
 */
import { Code, type EntityLink, type Quote } from '@jq/contract';
import type { ChatConversationRow, ChatMessageRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { LlmPort, LlmSource } from '../../platform/llm/index.js';
import type { AssistantDeps, Log } from './context.js';
import { getMessages, getOwnedConversation } from './conversations.js';
import { escapeMd, type LinkContext, mdLink } from './links.js';
import type { Owner } from './owner.js';
import { contentTokens, quoteFor } from './passages.js';
import { searchReportPages, understand } from './retrieve.js';

export type BpEvent = { type: 'delta'; content: string } | { type: 'quotes'; quotes: Quote[] };

const BP_SYSTEM = `你是金桥平台的商业计划书顾问。根据对话记录与参考资料，为创业企业写一份商业计划书草稿（Markdown）。
结构：一、项目概述；二、行业与市场；三、痛点与解决方案；四、产品与技术；五、竞争分析；六、商业模式；七、团队；八、财务与融资计划。
市场数据必须来自参考资料并标注编号；对话中没有的信息写“（待补充：……）”，不要编造公司数据。`;

export async function* exportBusinessPlan(input: {
  db: Db;
  llm: LlmPort;
  conversation: ChatConversationRow;
  projectName?: string | undefined;
  links: LinkContext;
  signal: AbortSignal;
  userId: number;
}): AsyncGenerator<BpEvent> {
  const { db } = input;
  const messages = await getMessages(db, input.conversation.id);
  const questions = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const u = await understand(db, questions.join(' ').slice(0, 100));
  const industry = u.industryNames[0] ?? '';
  let quotes = collectQuotes(messages);
  if (!quotes.length && industry) {
    const market = await understand(db, `${industry}市场规模`);
    const pages = await searchReportPages(db, {
      question: `${industry}市场规模`,
      parsed: market.parsed,
      industryScope: market.industryScope,
      limit: 2,
    });
    const wanted = contentTokens(`${industry}市场规模`);
    quotes = pages.map((p, i) => quoteFor(i + 1, p, wanted));
  }
  const cards = messages.flatMap((m) => m.cards);
  const name = input.projectName || '（待补充：项目名称）';

  if (input.llm.engine === 'local') {
    const text = composeBp(name, industry, quotes, cards, questions);
    const chars = Array.from(text);
    for (let i = 0; i < chars.length && !input.signal.aborted; i += 16) {
      yield { type: 'delta', content: chars.slice(i, i + 16).join('') };
    }
  } else {
    const sources: LlmSource[] = quotes.map((q) => ({
      id: q.n,
      title: `《${q.title}》第 ${q.pages.join('、')} 页`,
      text: q.text,
    }));
    const transcript = messages
      .filter((m) => m.status !== 'error')
      .map((m) => `${m.role === 'user' ? '用户' : '助手'}：${m.content}`)
      .join('\n\n')
      .slice(-8000);
    for await (const event of input.llm.generate({
      system: BP_SYSTEM,
      messages: [
        {
          role: 'user',
          content: `项目名称：${name}\n\n对话记录：\n${transcript}\n\n请据此写商业计划书草稿。`,
        },
      ],
      sources,
      maxTokens: 2500,
      signal: input.signal,
      userId: input.userId,
      purpose: 'exportbp',
    })) {
      if (event.type === 'delta') yield { type: 'delta', content: event.content };
    }
  }
  if (quotes.length) yield { type: 'quotes', quotes };
}

function collectQuotes(messages: ChatMessageRow[]): Quote[] {
  const out: Quote[] = [];
  for (const m of messages) {
    for (const q of m.quotes) {
      if (!out.some((o) => o.pid === q.pid && o.text === q.text)) out.push({ ...q, n: out.length + 1 });
    }
  }
  return out.slice(0, 8);
}

function composeBp(
  name: string,
  industry: string,
  quotes: Quote[],
  cards: EntityLink[],
  questions: string[],
): string {
  const peers = dedupe(cards.filter((c) => c.kind === 'project')).slice(0, 6);
  const investors = dedupe(cards.filter((c) => c.kind === 'institution' || c.kind === 'investor')).slice(
    0,
    6,
  );
  const lines = [
    `# ${escapeMd(name)} 商业计划书（草稿）`,
    '',
    '（本地引擎）本草稿根据对话内容与平台数据整理，未使用大模型；标注“待补充”的部分请由团队填写。',
    '',
    '## 一、项目概述',
    '',
    `- 所属行业：${industry || '（待补充）'}`,
    '- 一句话介绍：（待补充：用一句话说明为谁解决什么问题）',
    ...(questions.length
      ? ['- 对话中关注的问题：', ...questions.slice(0, 5).map((q) => `  - ${escapeMd(q.slice(0, 80))}`)]
      : []),
    '',
    '## 二、行业与市场',
    '',
    ...(quotes.length
      ? quotes.map((q) => `- ${escapeMd(q.text)}[${q.n}]`)
      : ['- （待补充：市场规模、增速与驱动因素，建议引用研报数据）']),
    '',
    '## 三、痛点与解决方案',
    '',
    '- 客户痛点：（待补充）',
    '- 解决方案：（待补充）',
    '',
    '## 四、产品与技术',
    '',
    '- 核心产品与技术壁垒：（待补充）',
    '',
    '## 五、竞争分析',
    '',
    ...(peers.length
      ? ['可对标的平台收录项目：', '', ...peers.map((p) => `- ${mdLink(p.name, p.url)}`)]
      : ['- （待补充：主要竞争对手与差异化）']),
    '',
    '## 六、商业模式',
    '',
    '- 收入来源与定价：（待补充）',
    '',
    '## 七、团队',
    '',
    '- 创始人与核心成员：（待补充）',
    '',
    '## 八、财务与融资计划',
    '',
    '- 本轮融资金额与出让比例：（待补充）',
    '- 资金用途：（待补充）',
    ...(investors.length
      ? ['- 可接洽的投资方：', ...investors.map((i) => `  - ${mdLink(i.name, i.url)}`)]
      : []),
  ];
  if (quotes.length) {
    lines.push('', '## 参考来源', '');
    for (const q of quotes) lines.push(`${q.n}. 《${escapeMd(q.title)}》第 ${q.pages.join('、')} 页`);
  }
  return lines.join('\n');
}

function dedupe(cards: EntityLink[]): EntityLink[] {
  const seen = new Set<string>();
  return cards.filter((c) => !seen.has(`${c.kind}:${c.id}`) && seen.add(`${c.kind}:${c.id}`));
}

/**
 * exportbp: the plan for the caller's conversation, streamed (start, deltas, quotes, a last
 * status). A failure of the model after the start ends the stream with an error event.
 */
export async function streamBusinessPlan(
  deps: AssistantDeps,
  input: { owner: Owner; chatuuid: string; projectName?: string | undefined; log: Log },
  open: () => StreamWriter,
) {
  const { db, llm, config } = deps;
  const conversation = await getOwnedConversation(db, input.chatuuid, input.owner);
  const stream = open();
  stream.send({
    type: 'status',
    status: 'start',
    chatuuid: conversation.uuid,
    messageId: 0,
    engine: llm.engine,
    isend: false,
  });
  try {
    for await (const event of exportBusinessPlan({
      db,
      llm,
      conversation,
      projectName: input.projectName,
      links: { product: config.product, isSignedIn: true },
      signal: stream.signal,
      userId: input.owner.userId!,
    })) {
      if (event.type === 'delta') stream.send({ type: 'delta', content: event.content, isend: false });
      else stream.send({ type: 'quote', quotes: event.quotes, isend: false });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    input.log.error({ err: error, event: 'assistant.exportbp.failed' }, 'exportbp failed');
    throw new AppError(Code.INTERNAL, '商业计划书生成失败，请重试');
  }
  stream.end({
    type: 'status',
    status: stream.signal.aborted ? 'stopped' : 'done',
    messageId: 0,
    suggestions: [],
    isend: true,
  });
}
