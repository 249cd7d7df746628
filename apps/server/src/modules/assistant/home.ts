/**
 * The home page's data: the search box (quick library hits, recorded in the caller's
 * history), the caller's own search history and recent actions, recommendations by the
 * industries the caller cares about (profile, recent views and questions; else the busiest
 * industries), recommended searches and quick questions.
 */

import { and, desc, eq, sql } from 'drizzle-orm';
import { aiSearches, chatConversations, homeSearches, userProfiles, viewEvents } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { industryNames, listSampleReports } from '../library/index.js';
import { AGENTS, findAgent } from './agents.js';
import { type Owner, ownedBy, ownerValues } from './owner.js';
import { findInstitutions, findProjects, understand } from './retrieve.js';
import { findHits } from './search-hits.js';

export async function homeSearch(db: Db, owner: Owner, keyword: string, limit: number) {
  const u = await understand(db, keyword);
  const hits = await findHits(db, u, limit);
  await db.insert(homeSearches).values({ ...ownerValues(owner), keyword, kind: 'home' });
  const subject = u.industryNames[0] ?? keyword;
  return {
    keyword,
    projects: hits.projects,
    institutions: hits.institutions,
    investors: hits.investors,
    reports: hits.reports,
    questions: [
      `${subject}领域有哪些值得关注的项目`,
      `有哪些关注${subject}的投资机构`,
      `${subject}行业的市场规模有多大`,
    ],
  };
}

export async function homeSearchHistory(db: Db, owner: Owner, page: number, pageSize: number) {
  const where = ownedBy(homeSearches, owner);
  const [total] = await db.select({ n: sql<number>`count(*)` }).from(homeSearches).where(where);
  const rows = await db
    .select()
    .from(homeSearches)
    .where(where)
    .orderBy(desc(homeSearches.createdAt), desc(homeSearches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      keyword: r.keyword,
      kind: r.kind,
      searchId: r.searchUuid,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  };
}

export async function homeUserActions(db: Db, owner: Owner, product: string, limit = 10) {
  const chats = await db
    .select()
    .from(chatConversations)
    .where(ownedBy(chatConversations, owner))
    .orderBy(desc(chatConversations.updatedAt))
    .limit(limit);
  const searches = await db
    .select()
    .from(aiSearches)
    .where(ownedBy(aiSearches, owner))
    .orderBy(desc(aiSearches.updatedAt))
    .limit(limit);
  const list = [
    ...chats.map((c) => ({
      type: c.kind,
      title: c.title || '新对话',
      url: `/${product}/${c.kind}?chatuuid=${c.uuid}`,
      at: c.updatedAt.toISOString(),
    })),
    ...searches.map((s) => ({
      type: 'search' as const,
      title: s.title,
      url: `/homechat?searchId=${s.uuid}`,
      at: s.updatedAt.toISOString(),
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, limit);
  return { list };
}

/** Industry ids the caller cares about: profile, recent views, recent questions; else the busiest industries. */
async function interestIndustries(db: Db, owner: Owner): Promise<string[]> {
  const ids: string[] = [];
  if (owner.userId !== null) {
    const [profile] = await db
      .select({ industry: userProfiles.industry })
      .from(userProfiles)
      .where(eq(userProfiles.userId, owner.userId));
    if (profile?.industry) ids.push(...(await understand(db, profile.industry)).parsed.industryIds);
    const viewed = await selectRows<{ industry_id: string }>(
      db,
      sql`select p.industry_id from ${viewEvents} v join projects p on p.id::text = v.target_id
        where v.user_id = ${owner.userId} and v.target_type = 'project' order by v.viewed_at desc limit 20`,
    );
    ids.push(...viewed.map((v) => v.industry_id));
  }
  const asked = await db
    .select({ title: chatConversations.title })
    .from(chatConversations)
    .where(and(ownedBy(chatConversations, owner)))
    .orderBy(desc(chatConversations.updatedAt))
    .limit(5);
  for (const a of asked) ids.push(...(await understand(db, a.title)).parsed.industryIds);
  const top = (list: string[]) => {
    const counts = new Map<string, number>();
    for (const id of list) counts.set(id.split('.')[0]!, (counts.get(id.split('.')[0]!) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  };
  const mine = top(ids);
  if (mine.length) return mine.slice(0, 3);
  const busiest = await selectRows<{ industry_id: string }>(
    db,
    sql`select split_part(industry_id, '.', 1) as industry_id from projects where latest_round_at is not null
      group by 1 order by max(latest_round_at) desc, count(*) desc limit 3`,
  );
  return busiest.map((b) => b.industry_id);
}

export async function aiRecommend(db: Db, owner: Owner, limit: number) {
  const industries = await interestIndustries(db, owner);
  const basis = await industryNames(db, industries);
  const parsed = (await understand(db, basis.join(' '))).parsed;
  const [projects, institutions, reports] = await Promise.all([
    basis.length ? findProjects(db, parsed, limit) : { list: [] },
    basis.length ? findInstitutions(db, parsed, limit) : { list: [] },
    listSampleReports(db, limit),
  ]);
  const wanted = new Set(industries);
  const sorted = [...reports.list].sort(
    (a, b) =>
      Number(wanted.has(b.industryId.split('.')[0]!)) - Number(wanted.has(a.industryId.split('.')[0]!)),
  );
  return { basis, projects: projects.list, institutions: institutions.list, reports: sorted };
}

export async function aiRecommendSearch(db: Db, owner: Owner) {
  const names = await industryNames(db, await interestIndustries(db, owner));
  const list = names.flatMap((n) => [`${n}领域的A轮项目`, `关注${n}的投资机构`, `${n}市场规模`]);
  return { list: list.slice(0, 8) };
}

const SCENE_QUESTIONS: Record<string, string[]> = {
  home: [
    '帮我找新能源汽车领域的A轮项目',
    '储能行业的市场规模有多大',
    '有哪些关注人工智能的投资机构',
    '怎么解锁更多对话次数',
  ],
  mixchat: [
    '储能行业的市场规模有多大',
    '新能源汽车产业链有哪些环节',
    '半导体行业面临哪些风险',
    '光伏行业的竞争格局如何',
  ],
  search: ['深圳的人工智能天使轮项目', '关注医疗器械的投资机构', '机器人行业研报'],
};

export function quickQuestions(scene: string, agentId?: string) {
  const agent = findAgent(agentId);
  if (agent) return { list: agent.questions.map((text) => ({ text, agent: agent.id })) };
  if (scene === 'chat')
    return { list: AGENTS.flatMap((a) => a.questions.slice(0, 1).map((text) => ({ text, agent: a.id }))) };
  return { list: (SCENE_QUESTIONS[scene] ?? SCENE_QUESTIONS.home!).map((text) => ({ text, agent: null })) };
}
