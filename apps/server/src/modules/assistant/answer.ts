/**
 * One answer: understand the question, retrieve what the agent's policy allows, then
 * either compose it locally (the local engine) or have the language model write it from
 * the same retrieved context as numbered sources, turning the `[n]` it cites back into
 * quote blocks and record links. Yields the pieces as they are ready.
 */
import {
  type ChatKind,
  type EntityLink,
  type InvestorCard,
  type OrgCard,
  type ProjectCard,
  type Quote,
  stageLabel,
} from '@jq/contract';
import type { Db } from '../../platform/database/index.js';
import type { LlmMessage, LlmPort, LlmSource } from '../../platform/llm/index.js';
import { estimateTokens, recordUsage } from '../../platform/llm/index.js';
import type { AgentDefinition } from './agents.js';
import { answerAsAnalyst } from './analyst/local.js';
import { generateWithTools } from './analyst/model-tools.js';
import { classifyQuestion, type Intent } from './classify.js';
import {
  amountText,
  type ComposedAnswer,
  composeLocalAnswer,
  type Retrieval,
  suggestionsFor,
} from './compose-local.js';
import { entityLink, type LinkContext } from './links.js';
import { citedNumbers, contentTokens, quoteFor, sourceWindow } from './passages.js';
import {
  type Found,
  findInstitutions,
  findInvestors,
  findProjects,
  type PagePassage,
  searchReportPages,
  understand,
} from './retrieve.js';

export type AnswerEvent =
  | { type: 'delta'; content: string }
  | { type: 'quotes'; quotes: Quote[] }
  | { type: 'cards'; cards: EntityLink[] }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  | { type: 'suggestions'; suggestions: string[] };

export interface AnswerInput {
  db: Db;
  llm: LlmPort;
  question: string;
  /** Earlier turns of this conversation (the caller's own), oldest first. */
  history: LlmMessage[];
  agent: AgentDefinition;
  kind: ChatKind;
  reportIds: number[];
  links: LinkContext;
  signal: AbortSignal;
  userId?: number | undefined;
  clientId?: string | undefined;
}

const PIECE_CHARS = 12;
const empty = <T>(): Found<T> => ({ list: [], total: 0 });

export async function retrieveFor(
  input: Pick<AnswerInput, 'db' | 'question' | 'history' | 'agent' | 'kind' | 'reportIds'>,
): Promise<Retrieval> {
  const { db, agent } = input;
  let u = await understand(db, input.question);
  // A follow-up without its own subject ("A轮的呢") keeps the subject of the previous question.
  const previous = [...input.history].reverse().find((m) => m.role === 'user')?.content;
  if (previous && !u.parsed.industryIds.length && !u.parsed.regionCodes.length) {
    const before = await understand(db, previous);
    if (before.parsed.industryIds.length)
      u = await understand(db, `${before.industryNames.join(' ')} ${input.question}`);
  }
  const { parsed } = u;
  const intent: Intent =
    input.kind === 'mixchat' ? mixIntent(input.question, parsed) : classifyQuestion(input.question, parsed);
  const allows = (kind: 'project' | 'institution' | 'investor' | 'report') => agent.retrieval.includes(kind);
  const wantsProjects = allows('project') && (intent === 'projects' || intent === 'industry');
  const wantsInvestors = intent === 'investors' && (allows('institution') || allows('investor'));
  const wantsPages = allows('report') && intent !== 'howto' && intent !== 'investors';
  const [projects, institutions, investors, pages] = await Promise.all([
    wantsProjects ? findProjects(db, parsed, 8) : empty<ProjectCard>(),
    wantsInvestors && allows('institution') ? findInstitutions(db, parsed, 8) : empty<OrgCard>(),
    wantsInvestors && allows('investor') ? findInvestors(db, parsed, 5) : empty<InvestorCard>(),
    wantsPages
      ? searchReportPages(db, {
          question: input.question,
          parsed,
          industryScope: u.industryScope,
          reportIds: input.reportIds,
          limit: intent === 'projects' ? 2 : Math.min(agent.maxSources, 6),
        })
      : ([] as PagePassage[]),
  ]);
  const stageWords = parsed.stages.map((s) => stageLabel(s));
  return {
    question: input.question,
    intent,
    industryNames: u.industryNames,
    understoodText: [...u.industryNames, ...stageWords].join(' · '),
    projects,
    institutions,
    investors,
    pages,
  };
}

function mixIntent(question: string, parsed: { stages: number[] }): Intent {
  return /(项目|公司)/.test(question) && parsed.stages.length ? 'projects' : 'report';
}

export async function* answerQuestion(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  if (input.kind === 'chat') {
    // Numbers, rankings, comparisons and advice (issue 15); other questions are answered by retrieval.
    const outcome =
      input.llm.engine === 'local'
        ? await answerAsAnalyst({
            db: input.db,
            question: input.question,
            history: input.history,
            links: input.links,
          })
        : null;
    if (outcome?.kind === 'answer') {
      yield* streamComposed(input, outcome.answer);
      return;
    }
    if (outcome) input = { ...input, question: outcome.question };
  }
  const retrieval = await retrieveFor(input);
  if (input.signal.aborted) return;
  if (input.llm.engine === 'local') yield* answerLocally(input, retrieval);
  else yield* answerWithModel(input, retrieval);
}

async function* answerLocally(input: AnswerInput, retrieval: Retrieval): AsyncGenerator<AnswerEvent> {
  yield* streamComposed(input, composeLocalAnswer(retrieval, input.links));
}

async function* streamComposed(input: AnswerInput, answer: ComposedAnswer): AsyncGenerator<AnswerEvent> {
  if (answer.cards.length) yield { type: 'cards', cards: answer.cards };
  const chars = Array.from(answer.markdown);
  for (let i = 0; i < chars.length; i += PIECE_CHARS) {
    if (input.signal.aborted) break;
    yield { type: 'delta', content: chars.slice(i, i + PIECE_CHARS).join('') };
  }
  if (answer.quotes.length) yield { type: 'quotes', quotes: answer.quotes };
  const promptTokens = estimateTokens(input.question.length);
  const completionTokens = estimateTokens(answer.markdown.length);
  await recordUsage(input.db, {
    userId: input.userId,
    clientId: input.clientId,
    purpose: input.kind,
    engine: 'local',
    model: 'local-compose',
    promptTokens,
    completionTokens,
    isEstimated: true,
    finishReason: input.signal.aborted ? 'aborted' : 'stop',
  }).catch(() => {});
  yield { type: 'usage', promptTokens, completionTokens };
  if (!input.signal.aborted) yield { type: 'suggestions', suggestions: answer.suggestions };
}

type SourceRef = { kind: 'page'; page: PagePassage } | { kind: 'entity'; link: EntityLink };

/** The retrieved context as numbered sources: report pages first, then records. */
export function buildSources(
  retrieval: Retrieval,
  links: LinkContext,
): { sources: LlmSource[]; refs: Map<number, SourceRef> } {
  const sources: LlmSource[] = [];
  const refs = new Map<number, SourceRef>();
  const wanted = contentTokens(retrieval.question);
  const add = (title: string, text: string, ref: SourceRef) => {
    const id = sources.length + 1;
    sources.push({ id, title, text, ref });
    refs.set(id, ref);
  };
  for (const page of retrieval.pages) {
    add(`《${page.title}》第 ${page.pageNo} 页（${page.publisher}）`, sourceWindow(page, wanted), {
      kind: 'page',
      page,
    });
  }
  for (const p of retrieval.projects.list) {
    add(
      `项目：${p.brandName || p.name}（${p.name}）`,
      `行业：${p.industryName}；轮次：${p.stageLabel}；地区：${p.regionName || '未知'}；拟融资：${amountText(p.amountSought)}；最近融资：${p.latestRoundAt?.slice(0, 10) ?? '未知'}。简介：${p.summary}`,
      { kind: 'entity', link: entityLink('project', p.id, p.brandName || p.name, links) },
    );
  }
  for (const o of retrieval.institutions.list) {
    add(
      `投资机构：${o.name}`,
      `类型：${o.type}；关注行业：${o.industryNames.join('、')}；交易数：${o.dealCount}。简介：${o.summary}`,
      { kind: 'entity', link: entityLink('institution', o.id, o.shortName || o.name, links) },
    );
  }
  for (const i of retrieval.investors.list) {
    add(
      `投资人：${i.name}`,
      `机构：${i.institutionName}；职位：${i.title}；关注行业：${i.industryNames.join('、')}。${i.summary}`,
      {
        kind: 'entity',
        link: entityLink('investor', i.id, i.name, links),
      },
    );
  }
  return { sources, refs };
}

async function* answerWithModel(input: AnswerInput, retrieval: Retrieval): AsyncGenerator<AnswerEvent> {
  const { sources, refs } = buildSources(retrieval, input.links);
  const system = `${input.agent.system}\n记录的详情链接会由界面在回答下方列出，回答中不要自己编写链接。`;
  let text = '';
  const messages: LlmMessage[] = [...input.history.slice(-6), { role: 'user', content: input.question }];
  const request = {
    system,
    messages,
    sources,
    temperature: 0.3,
    maxTokens: 1500,
    signal: input.signal,
    userId: input.userId,
    clientId: input.clientId,
    purpose: input.kind,
  };
  // Chats give the model the analyst's tools (issue 15); what they return is cited like the sources.
  const events =
    input.kind === 'chat'
      ? generateWithTools(input.llm, request, { db: input.db, now: new Date(), links: input.links, refs })
      : input.llm.generate(request);
  for await (const event of events) {
    if (event.type === 'delta') {
      text += event.content;
      yield { type: 'delta', content: event.content };
    } else if (event.type === 'usage') {
      yield { type: 'usage', promptTokens: event.promptTokens, completionTokens: event.completionTokens };
    }
  }
  // Only numbers that name a source become quotes and links; anything else the model wrote is left as text.
  const wanted = contentTokens(retrieval.question);
  const quotes: Quote[] = [];
  const cards: EntityLink[] = [];
  for (const n of citedNumbers(text)) {
    const ref = refs.get(n);
    if (ref?.kind === 'page') quotes.push(quoteFor(n, ref.page, wanted));
    else if (ref?.kind === 'entity') cards.push(ref.link);
  }
  for (const quote of quotes) {
    if (!cards.some((c) => c.kind === 'report' && c.id === quote.pid))
      cards.push(entityLink('report', quote.pid, quote.title, input.links));
  }
  if (quotes.length) yield { type: 'quotes', quotes };
  if (cards.length) yield { type: 'cards', cards };
  if (!input.signal.aborted) yield { type: 'suggestions', suggestions: suggestionsFor(retrieval) };
}
