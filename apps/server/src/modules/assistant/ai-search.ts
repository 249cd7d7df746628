/**
 * AI search (aiSearch) and fusion search (aiFusionSearch): the library hits of a question,
 * streamed as a `card` event, then a streamed summary — the local engine's overview with
 * links (fusion adds report passages with quote blocks), or the language model's answer
 * over the same hits as numbered sources. Each question is an interaction stored in the
 * caller's search session; follow-ups pass its searchId.
 */
import { randomUUID } from 'node:crypto';
import { type AiInteraction, type AiSearchRequest, Code, type Quote } from '@jq/contract';
import { and, asc, eq } from 'drizzle-orm';
import { aiSearches, aiSearchInteractions, homeSearches, type StoredHits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { enforceLimits } from '../account/index.js';
import { DEFAULT_AGENT } from './agents.js';
import type { AnswerEvent } from './answer.js';
import { answerQuestion } from './answer.js';
import { amountText } from './compose-local.js';
import type { AssistantDeps, Log } from './context.js';
import { entityLink, type LinkContext, mdLink } from './links.js';
import { isOwner, type Owner, ownerValues } from './owner.js';
import { understand } from './retrieve.js';
import { turnLimits } from './run-turn.js';
import { findHits } from './search-hits.js';

export type SearchKind = 'search' | 'fusion';

/** Another caller's search answers exactly as one that does not exist. */
const searchNotFound = () => new AppError(Code.NOT_FOUND, '搜索记录不存在');

export async function getOwnedSearch(db: Db, uuid: string, owner: Owner) {
  const [row] = await db.select().from(aiSearches).where(eq(aiSearches.uuid, uuid));
  if (!row || !isOwner(row, owner)) throw searchNotFound();
  return row;
}

export interface SearchInput {
  owner: Owner;
  kind: SearchKind;
  body: AiSearchRequest;
  log: Log;
}

/** One question of a search session, streamed (hits as a card event, then the summary). */
export async function runAiSearch(
  deps: AssistantDeps,
  { owner, kind, body, log }: SearchInput,
  open: () => StreamWriter,
) {
  const { db, config } = deps;
  let search = body.searchId ? await getOwnedSearch(db, body.searchId, owner) : undefined;
  await enforceLimits(db, turnLimits(owner));
  if (!search) {
    [search] = await db
      .insert(aiSearches)
      .values({
        uuid: randomUUID(),
        ...ownerValues(owner),
        title: Array.from(body.question).slice(0, 50).join(''),
      })
      .returning();
  } else {
    await db.update(aiSearches).set({ updatedAt: new Date() }).where(eq(aiSearches.id, search.id));
  }
  const [interaction] = await db
    .insert(aiSearchInteractions)
    .values({ searchId: search!.id, kind, question: body.question })
    .returning({ id: aiSearchInteractions.id });
  await db.insert(homeSearches).values({
    ...ownerValues(owner),
    keyword: Array.from(body.question).slice(0, 200).join(''),
    kind,
    searchUuid: search!.uuid,
  });

  const stream = open();
  const links: LinkContext = { product: config.product, isSignedIn: owner.isSignedIn };
  stream.send({
    type: 'status',
    status: 'start',
    chatuuid: '',
    searchId: search!.uuid,
    messageId: interaction!.id,
    engine: deps.llm.engine,
    isend: false,
  });
  let answer = '';
  let quotes: Quote[] = [];
  let hits: StoredHits = { projects: [], institutions: [], investors: [], reports: [] };
  let failure: AppError | undefined;
  try {
    const u = await understand(db, body.question);
    const found = await findHits(db, u, 5, body.scope);
    hits = {
      projects: found.projects,
      institutions: found.institutions,
      investors: found.investors,
      reports: found.reports,
    };
    const cards = [
      ...found.projects.map((p) => entityLink('project', p.id, p.brandName || p.name, links)),
      ...found.institutions.map((o) => entityLink('institution', o.id, o.shortName || o.name, links)),
      ...found.investors.map((i) => entityLink('investor', i.id, i.name, links)),
      ...found.reports.map((r) => entityLink('report', r.id, r.title, links)),
    ];
    stream.send({ type: 'card', cards, hits, isend: false });
    const send = (content: string) => {
      answer += content;
      stream.send({ type: 'delta', content, isend: false });
    };
    if (deps.llm.engine === 'local') {
      send(overview(found, links));
    }
    // Fusion (and the model engine) add an answer over report passages and records.
    if (kind === 'fusion' || deps.llm.engine !== 'local') {
      const events: AsyncGenerator<AnswerEvent> = answerQuestion({
        db,
        llm: deps.llm,
        question: body.question,
        history: [],
        agent: DEFAULT_AGENT,
        kind: 'chat',
        reportIds: [],
        links,
        signal: stream.signal,
        userId: owner.userId ?? undefined,
        clientId: owner.clientId || undefined,
      });
      if (deps.llm.engine === 'local') send('\n\n---\n\n');
      for await (const event of events) {
        if (event.type === 'delta') send(event.content);
        else if (event.type === 'quotes') {
          quotes = event.quotes;
          stream.send({ type: 'quote', quotes, isend: false });
        }
      }
    }
  } catch (error) {
    failure =
      error instanceof AppError ? error : new AppError(Code.INTERNAL, '搜索失败，请重试', { cause: error });
    if (!(error instanceof AppError))
      log.error({ err: error, event: 'assistant.search.failed' }, 'search failed');
  }
  const status = failure ? 'error' : stream.signal.aborted ? 'stopped' : 'done';
  await db
    .update(aiSearchInteractions)
    .set({ answer, quotes, hits, status })
    .where(eq(aiSearchInteractions.id, interaction!.id));
  if (failure) {
    stream.end({ type: 'error', code: failure.code, msg: failure.message, isend: true });
    return;
  }
  stream.end({
    type: 'status',
    status: status === 'done' ? 'done' : 'stopped',
    messageId: interaction!.id,
    suggestions: [],
    isend: true,
  });
}

type Found = Awaited<ReturnType<typeof findHits>>;

/** The local engine's summary of the hits: counts, then the first few of each kind with links. */
function overview(found: Found, links: LinkContext): string {
  const lines = ['（本地引擎）以下是平台资料库中的搜索结果：', ''];
  const t = found.totals;
  const counts = [
    t.project && `项目 ${t.project} 个`,
    t.institution && `投资机构 ${t.institution} 家`,
    t.investor && `投资人 ${t.investor} 位`,
    t.report && `研报 ${t.report} 份`,
  ].filter(Boolean);
  if (!counts.length) {
    lines.push('没有找到相关的项目、机构、投资人或研报，可以换个关键词再试。');
    return lines.join('\n');
  }
  lines.push(`共找到${counts.join('、')}。`, '');
  const section = (title: string, items: string[]) => {
    if (items.length) lines.push(`**${title}**`, '', ...items.slice(0, 3), '');
  };
  section(
    '项目',
    found.projects.map((p) => {
      const link = entityLink('project', p.id, p.brandName || p.name, links);
      return `- ${mdLink(link.name, link.url)}：${p.industryName} · ${p.stageLabel} · ${p.regionName || '地区未知'} · 拟融资 ${amountText(p.amountSought)}`;
    }),
  );
  section(
    '投资机构',
    found.institutions.map((o) => {
      const link = entityLink('institution', o.id, o.shortName || o.name, links);
      return `- ${mdLink(link.name, link.url)}：${o.type}，关注 ${o.industryNames.slice(0, 3).join('、') || '多个行业'}`;
    }),
  );
  section(
    '投资人',
    found.investors.map((i) => {
      const link = entityLink('investor', i.id, i.name, links);
      return `- ${mdLink(link.name, link.url)}：${[i.institutionName, i.title].filter(Boolean).join(' · ')}`;
    }),
  );
  section(
    '研报',
    found.reports.map((r) => {
      const link = entityLink('report', r.id, r.title, links);
      return `- ${mdLink(link.name, link.url)}（${r.publisher}，${r.publishedAt.slice(0, 10)}）`;
    }),
  );
  return lines.join('\n').trim();
}

export async function getSearchResult(db: Db, uuid: string, owner: Owner) {
  const search = await getOwnedSearch(db, uuid, owner);
  const rows = await db
    .select()
    .from(aiSearchInteractions)
    .where(eq(aiSearchInteractions.searchId, search.id))
    .orderBy(asc(aiSearchInteractions.id));
  return {
    searchId: search.uuid,
    title: search.title,
    interactions: rows.map((r) => toInteraction(r, search.uuid)),
  };
}

export async function getInteraction(db: Db, id: number, owner: Owner): Promise<AiInteraction> {
  const [row] = await db
    .select({ interaction: aiSearchInteractions, search: aiSearches })
    .from(aiSearchInteractions)
    .innerJoin(aiSearches, eq(aiSearches.id, aiSearchInteractions.searchId))
    .where(and(eq(aiSearchInteractions.id, id)));
  if (!row || !isOwner(row.search, owner)) throw searchNotFound();
  return toInteraction(row.interaction, row.search.uuid);
}

function toInteraction(row: typeof aiSearchInteractions.$inferSelect, searchId: string): AiInteraction {
  return {
    id: row.id,
    searchId,
    kind: row.kind,
    question: row.question,
    answer: row.answer,
    hits: row.hits as AiInteraction['hits'],
    quotes: row.quotes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
