/**
 * A teaser's life: created as a draft from a source, written (aiGenerateTeaser) and edited
 * by its owner only, published (finishTeaser), and read by anyone once published, with the
 * company, people and contacts hidden as the owner chose and contacts masked until an
 * accepted unlock. Another user's draft or id answers exactly like a missing one.
 */
import {
  Code,
  type CreateTeaserRequest,
  type EditTeaserRequest,
  maskText,
  stageLabel,
  TEASER_SECTIONS,
  type Teaser,
  type TeaserContactState,
  type TeaserContacts,
} from '@jq/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { teaserFollows, teasers, teaserUnlocks, type User } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { isVipActive } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { getPricing } from '../billing/index.js';
import { industryName } from '../reference/index.js';
import {
  hiddenPeople,
  LIST_COLUMNS,
  redactionOf,
  redactText,
  revealsCompany,
  type TeaserRow,
  toSummary,
  vipOwnersAmong,
} from './rows.js';
import { resolveShare } from './shares.js';
import { applyFields, readSource, type SourceDeps, type SourceFacts } from './sources.js';

export const TEASER_GONE = 'Teaser 不存在或已删除';
export type PricingConfig = Pick<Config, 'billing' | 'pay'>;

export function defaultTitle(facts: Pick<SourceFacts, 'industries' | 'stage'>): string {
  const industry = facts.industries[0] ? industryName(facts.industries[0]) : '';
  const stage = facts.stage ? ` · ${stageLabel(facts.stage)}融资` : '';
  return `${industry || '创新'}领域企业${stage}`.slice(0, 100);
}

export async function createTeaser(deps: SourceDeps, userId: number, request: CreateTeaserRequest) {
  const facts = await readSource(deps, userId, request);
  const [row] = await deps.db
    .insert(teasers)
    .values({
      ownerId: userId,
      source: facts.source,
      projectId: facts.projectId,
      sourceFilename: facts.sourceFilename,
      sourceText: facts.sourceText,
      title: request.fields?.title || defaultTitle(facts),
      companyName: facts.companyName,
      isAnonymous: request.fields?.isAnonymous ?? true,
      industryId: facts.industries[0] ?? '',
      industries: facts.industries,
      stage: facts.stage,
      amount: facts.amount,
      regionCode: facts.regionCode,
      foundedYear: facts.foundedYear,
      tags: facts.tags,
      facts: facts.facts,
      contacts: facts.contacts,
      hiddenNames: hiddenPeople({
        people: facts.people,
        facts: facts.facts,
        sourceText: facts.sourceText,
        contactName: facts.contacts.name,
      }),
    })
    .returning();
  return row!;
}

/** The caller's own teaser, or "not found" (also for another user's id). */
export async function findOwn(db: Db, userId: number, id: number): Promise<TeaserRow> {
  const [row] = await db
    .select()
    .from(teasers)
    .where(and(eq(teasers.id, id), eq(teasers.ownerId, userId)))
    .limit(1);
  if (!row) throw notFound(TEASER_GONE);
  return row;
}

export async function findPublished(db: Db, id: number): Promise<TeaserRow> {
  const [row] = await db
    .select()
    .from(teasers)
    .where(and(eq(teasers.id, id), eq(teasers.status, 'published')))
    .limit(1);
  if (!row) throw notFound(TEASER_GONE);
  return row;
}

export async function editTeaser(db: Db, userId: number, request: EditTeaserRequest) {
  const row = await findOwn(db, userId, request.id);
  const facts = applyFields(
    {
      source: row.source,
      projectId: row.projectId,
      sourceFilename: row.sourceFilename,
      sourceText: row.sourceText,
      companyName: row.companyName,
      industries: row.industries,
      stage: row.stage,
      amount: row.amount,
      regionCode: row.regionCode,
      foundedYear: row.foundedYear,
      tags: row.tags,
      facts: row.facts,
      people: row.hiddenNames,
      contacts: row.contacts,
    },
    request,
  );
  const sections = { ...row.sections };
  for (const key of TEASER_SECTIONS) {
    const value = request.sections?.[key];
    if (value !== undefined) sections[key] = value;
  }
  if (row.status === 'published' && !sections.intro?.trim())
    throw badRequest('公司简介：已发布的 Teaser 不能清空公司简介');
  const [updated] = await db
    .update(teasers)
    .set({
      title: request.title || row.title,
      isAnonymous: request.isAnonymous ?? row.isAnonymous,
      companyName: facts.companyName,
      industryId: facts.industries[0] ?? '',
      industries: facts.industries,
      stage: facts.stage,
      amount: facts.amount,
      regionCode: facts.regionCode,
      foundedYear: facts.foundedYear,
      tags: facts.tags,
      facts: facts.facts,
      contacts: facts.contacts,
      hiddenNames: hiddenPeople({
        people: row.hiddenNames,
        facts: facts.facts,
        sourceText: row.sourceText,
        contactName: facts.contacts.name,
      }),
      sections,
      updatedAt: sql`now()`,
    })
    .where(and(eq(teasers.id, row.id), eq(teasers.ownerId, userId)))
    .returning();
  return updated!;
}

export async function deleteDraft(db: Db, userId: number, id: number) {
  const row = await findOwn(db, userId, id);
  if (row.status !== 'draft') throw new AppError(Code.CONFLICT, '已发布的 Teaser 不能删除，只有草稿可以删除');
  await db
    .delete(teasers)
    .where(and(eq(teasers.id, id), eq(teasers.ownerId, userId), eq(teasers.status, 'draft')));
  return { id };
}

export async function finishTeaser(db: Db, userId: number, id: number) {
  const row = await findOwn(db, userId, id);
  if (!row.sections.intro?.trim()) throw badRequest('公司简介：请先生成或填写「公司简介」再发布');
  if (!row.industries.length) throw badRequest('行业：请先选择行业再发布（投资人按行业匹配）');
  const [updated] = await db
    .update(teasers)
    .set({
      status: 'published',
      publishedAt: row.publishedAt ?? sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(teasers.id, id), eq(teasers.ownerId, userId)))
    .returning();
  return updated!;
}

export async function teaserHistory(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; status?: 'draft' | 'published' | undefined },
) {
  const where = and(eq(teasers.ownerId, userId), query.status ? eq(teasers.status, query.status) : undefined);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(teasers)
    .where(where)
    .orderBy(desc(teasers.updatedAt), desc(teasers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(teasers).where(where);
  const vip = await vipOwnersAmong(db, [userId]);
  return {
    list: rows.map((row) => toSummary(row, { reveal: true, vip: vip.has(userId) })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function maskPhone(phone: string): string {
  if (/^\d{11}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  return maskText(phone);
}

function maskContacts(c: TeaserContacts): TeaserContacts {
  const [local, domain] = c.email.split('@');
  return {
    name: maskText(c.name),
    phone: maskPhone(c.phone),
    email: c.email ? `${maskText(local)}${domain ? `@${domain}` : ''}` : '',
    wechat: maskText(c.wechat),
  };
}

export function watermarkOf(user: Pick<User, 'name' | 'phone'> | null, clientId: string | null): string {
  if (!user) return `访客 ${(clientId ?? '').slice(0, 8)}`.trim();
  return [user.name || '用户', user.phone ? maskPhone(user.phone) : ''].filter(Boolean).join(' ');
}

export interface Reader {
  user: User | null;
  clientId: string | null;
}

/** getTeaser: by id (a published teaser, or the owner's draft) or by a share link's token. */
export async function readTeaser(
  db: Db,
  reader: Reader,
  request: { id?: number | undefined; shareToken?: string | undefined },
  config: PricingConfig,
): Promise<Teaser> {
  let row: TeaserRow | undefined;
  if (request.shareToken) {
    const share = await resolveShare(db, request.shareToken);
    row = share.teaser;
    if (request.id && request.id !== row.id) throw notFound(TEASER_GONE);
  } else {
    if (!request.id) throw badRequest('缺少 Teaser 编号');
    [row] = await db.select().from(teasers).where(eq(teasers.id, request.id)).limit(1);
  }
  const userId = reader.user?.id ?? null;
  const isOwner = !!row && row.ownerId === userId;
  if (!row || (row.status !== 'published' && !isOwner)) throw notFound(TEASER_GONE);
  const [unlock] = userId
    ? await db
        .select()
        .from(teaserUnlocks)
        .where(and(eq(teaserUnlocks.teaserId, row.id), eq(teaserUnlocks.investorId, userId)))
        .limit(1)
    : [];
  const [follow] = userId
    ? await db
        .select({ at: teaserFollows.createdAt })
        .from(teaserFollows)
        .where(and(eq(teaserFollows.teaserId, row.id), eq(teaserFollows.userId, userId)))
        .limit(1)
    : [];
  const accepted = unlock?.status === 'accepted';
  const reveal = revealsCompany(row, isOwner, accepted);
  const { companies, people } = redactionOf(row);
  const sections: Record<string, string> = {};
  for (const key of TEASER_SECTIONS) {
    const text = row.sections[key] ?? '';
    sections[key] = reveal ? text : redactText(text, companies, people);
  }
  const contactState: TeaserContactState = isOwner
    ? 'owner'
    : accepted
      ? 'unlocked'
      : unlock?.status === 'pending'
        ? 'pending'
        : unlock?.status === 'declined'
          ? 'declined'
          : 'locked';
  const vip = await vipOwnersAmong(db, [row.ownerId]);
  const facts: Record<string, string> = {};
  if (isOwner) Object.assign(facts, row.facts);
  return {
    ...toSummary(row, { reveal, vip: vip.has(row.ownerId) }),
    projectId: isOwner ? row.projectId : null,
    sourceFilename: isOwner ? row.sourceFilename : '',
    foundedYear: row.foundedYear,
    sections,
    facts,
    contacts: isOwner || accepted ? row.contacts : maskContacts(row.contacts),
    contactState,
    unlock: unlock
      ? { id: unlock.id, status: unlock.status, expiresAt: unlock.expiresAt.toISOString() }
      : null,
    isOwner,
    isFollowed: !!follow,
    engine: row.engine,
    watermark: isOwner ? '' : watermarkOf(reader.user, reader.clientId),
    unlockCredits:
      isOwner || (reader.user && isVipActive(reader.user))
        ? 0
        : getPricing(config).perUse.DockPerCharge.credits,
  };
}
