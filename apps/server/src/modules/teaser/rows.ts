/**
 * A teaser row as the wire sees it: the summary for lists, the redaction an anonymous
 * teaser gets for readers who have not been let in (company name and people replaced,
 * contacts masked), and the VIP owners whose teasers get the priority benefit.
 */
import { maskText, stageLabel, type TeaserSummary } from '@jq/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { teasers } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { can } from '../billing/index.js';
import { industryName, regionName } from '../reference/index.js';

export type TeaserRow = typeof teasers.$inferSelect;
/** A row as lists read it: everything but the plan's text. */
export type TeaserListRow = Omit<TeaserRow, 'sourceText'>;

/** The columns lists select (the plan's text can be 60,000 characters a row). */
export const { sourceText: _sourceText, ...LIST_COLUMNS } = getTableColumns(teasers);

/** The shorter ways a company name appears in a plan: 深圳市某某科技有限公司 → 某某科技, 某某. */
export function companyAliases(name: string): string[] {
  const out = new Set<string>();
  const trimmed = name.trim();
  if (trimmed.length >= 2) out.add(trimmed);
  let core = trimmed
    .replace(/^(中国)?(.{2,3}?(省|市|自治区))?(.{2,3}?市)?/, '')
    .replace(/(股份)?有限(责任)?公司$|集团$|公司$/, '');
  const suffix = /(科技|技术|网络|信息|智能|医疗|生物|电子|数据|软件|半导体|新能源|能源|材料)$/;
  while (core.length >= 2) {
    out.add(core);
    const shorter = core.replace(suffix, '');
    if (shorter === core) break;
    core = shorter;
  }
  return [...out].sort((a, b) => b.length - a.length);
}

const TITLE_BEFORE_NAME =
  /(?:创始人|联合创始人|CEO|CTO|COO|CFO|总经理|董事长|总裁|负责人|合伙人|首席\S{1,4}官)(?:兼\S{1,6})?[：:\s]*([\u4e00-\u9fa5]{2,3}?)(?=博士|教授|先生|女士|[，,。；;（(、\s]|$)/g;

/** People's names a plan or form names after a title (创始人张伟，…), to keep out of anonymous teasers. */
export function peopleIn(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(TITLE_BEFORE_NAME)) out.add(m[1]!);
  return [...out];
}

/** Replaces the company's names with 该公司 and people's names with their masked form. */
export function redactText(text: string, companyNames: string[], people: string[]): string {
  let out = text;
  for (const name of companyNames) if (name.length >= 2) out = out.split(name).join('该公司');
  for (const name of [...people].sort((a, b) => b.length - a.length))
    if (name.length >= 2) out = out.split(name).join(maskText(name));
  return out;
}

/** The people a teaser must not name to anonymous readers (computed when it is saved). */
export function hiddenPeople(input: {
  people: string[];
  facts: Record<string, string>;
  sourceText: string;
  contactName: string;
}): string[] {
  return [
    ...new Set([
      ...input.people,
      ...(input.contactName ? [input.contactName] : []),
      ...peopleIn(input.facts.team ?? '', input.facts.description ?? '', input.sourceText.slice(0, 20_000)),
    ]),
  ].slice(0, 50);
}

export function redactionOf(row: TeaserListRow) {
  return {
    companies: companyAliases(row.companyName).concat(row.facts.brand ? companyAliases(row.facts.brand) : []),
    people: row.contacts.name ? [...row.hiddenNames, row.contacts.name] : row.hiddenNames,
  };
}

export function summaryText(row: TeaserListRow, redact: boolean): string {
  const intro = row.sections.intro || row.facts.description || '';
  const { companies, people } = redactionOf(row);
  const text = redact ? redactText(intro, companies, people) : intro;
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > 120 ? `${chars.slice(0, 120).join('')}…` : chars.join('');
}

/** Whether the reader sees the company as is: its owner, a non-anonymous teaser, or an accepted unlock. */
export const revealsCompany = (row: TeaserListRow, isOwner: boolean, accepted: boolean) =>
  isOwner || accepted || !row.isAnonymous;

export function toSummary(row: TeaserListRow, options: { reveal: boolean; vip: boolean }): TeaserSummary {
  const { companies, people } = redactionOf(row);
  const title = options.reveal ? row.title : redactText(row.title, companies, people);
  return {
    id: row.id,
    title,
    status: row.status,
    source: row.source,
    companyName: options.reveal ? row.companyName : '',
    isAnonymous: row.isAnonymous,
    industries: row.industries,
    industryNames: row.industries.map(industryName),
    stage: row.stage,
    stageName: stageLabel(row.stage),
    amount: row.amount,
    region: row.regionCode,
    regionName: row.regionCode ? regionName(row.regionCode) : '',
    tags: row.tags,
    summary: summaryText(row, !options.reveal),
    isVipPriority: options.vip,
    views: row.viewCount,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Of these users, those whose VIP "teaser shown with priority" benefit is active now. */
export async function vipOwnersAmong(db: Db, ownerIds: number[], now = new Date()): Promise<Set<number>> {
  const ids = [...new Set(ownerIds)];
  if (!ids.length) return new Set();
  const rows = await selectRows<{ id: number | string; vip_expires_at: string | Date | null }>(
    db,
    sql`select id, vip_expires_at from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and vip_expires_at > ${now.toISOString()}`,
  );
  return new Set(
    rows
      .filter((r) =>
        can({ vipExpiresAt: r.vip_expires_at ? new Date(r.vip_expires_at) : null }, 'teaserPriority', now),
      )
      .map((r) => Number(r.id)),
  );
}

/** Summaries of published rows for anyone (anonymised as their owners chose), VIP flags read once. */
export async function publicSummaries(db: Db, rows: TeaserListRow[], readerId: number | null) {
  const vip = await vipOwnersAmong(
    db,
    rows.map((r) => r.ownerId),
  );
  return rows.map((row) =>
    toSummary(row, { reveal: row.ownerId === readerId || !row.isAnonymous, vip: vip.has(row.ownerId) }),
  );
}
