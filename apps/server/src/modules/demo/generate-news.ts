/**
 * News: financing announcements written from real demo rounds (linked to the project and every
 * investing institution), institution news (fund closings, partner views) and industry news
 * citing a few projects. Most are recent, as a news feed is.
 */
import { stageLabel } from '@jq/contract';
import { INDUSTRIES, industryName } from '../reference/index.js';
import { addDays, formatWan, joinCn } from './format.js';
import { NEWS_SOURCES } from './names.js';
import type { Random } from './random.js';
import type { LibraryIndex } from './report-context.js';
import type { DemoInstitution, DemoInvestor, DemoNews, DemoProject, DemoRound } from './types.js';
import { VOCAB } from './vocab/index.js';

type Draft = Omit<DemoNews, 'id' | 'externalId'>;

function financingNews(
  rng: Random,
  round: DemoRound,
  project: DemoProject,
  index: LibraryIndex,
  investors: Map<number, DemoInvestor>,
  now: Date,
): Draft {
  const orgs = round.investors.map((i) => index.institutions.get(i.institutionId)!);
  const lead = orgs[0];
  const amount = round.amount ? formatWan(round.amount) : round.amountText.replace('人民币', '');
  const title = `${project.brandName}完成${amount}${stageLabel(round.stage)}融资${lead ? `，${lead.shortName}领投` : ''}`;
  const speaker = round.investors[0] ? investors.get(round.investors[0].investorId) : undefined;
  const quote = speaker
    ? `${speaker.name}（${lead!.shortName}${speaker.title}）表示：“${industryName(project.subIndustryId)}正处在快速发展期，${project.brandName}团队在${project.tags[2] ?? project.productLine}方面积累深厚，我们看好其成为细分领域的领先企业。”`
    : '';
  const content = [
    `近日，${project.name}（品牌：${project.brandName}）宣布完成${amount}${stageLabel(round.stage)}融资，${orgs.length > 1 ? `由${lead!.shortName}领投，${joinCn(orgs.slice(1).map((o) => o.shortName))}跟投` : lead ? `投资方为${lead.shortName}` : '投资方未披露'}。`,
    project.description,
    `本轮融资资金将主要用于产品研发、市场拓展与团队建设。`,
    quote,
  ].filter(Boolean);
  return {
    title,
    source: rng.pick(NEWS_SOURCES),
    publishedAt: new Date(
      Math.min(now.getTime(), addDays(new Date(`${round.date}T00:00:00Z`), rng.int(0, 6)).getTime()),
    ).toISOString(),
    summary: content[0]!,
    content: content.join('\n'),
    industries: [project.industryId, project.subIndustryId],
    institutionIds: orgs.map((o) => o.id),
    projectIds: [project.id],
  };
}

function institutionNews(rng: Random, org: DemoInstitution, now: Date): Draft {
  const industries = org.industries.filter((id) => !id.includes('.'));
  const names = joinCn(industries.slice(0, 3).map(industryName));
  const size = Math.max(1, Math.round((org.aumMin / 10_000) * rng.float(0.1, 0.4)));
  const isFund = rng.chance(0.5);
  const title = isFund
    ? `${org.shortName}完成${size}亿元新一期基金募集，重点投向${names}`
    : `${org.shortName}：持续看好${names}领域的长期机会`;
  const content = isFund
    ? [
        `${org.name}宣布完成新一期基金的最终关账，募资规模${size}亿元人民币。`,
        `新基金将延续${org.shortName}的投资策略：${org.thesis}`,
        `${org.shortName}表示，将继续陪伴被投企业成长，并加强投后赋能体系建设。`,
      ]
    : [
        `在近日举办的行业论坛上，${org.shortName}分享了对${names}等领域的最新观察。`,
        org.thesis,
        `${org.shortName}认为，具备核心技术与清晰商业模式的企业将在新一轮周期中脱颖而出。`,
      ];
  return {
    title,
    source: rng.pick(NEWS_SOURCES),
    publishedAt: addDays(now, -(rng.next() ** 1.5) * 700).toISOString(),
    summary: content[0]!,
    content: content.join('\n'),
    industries,
    institutionIds: [org.id],
    projectIds: [],
  };
}

function industryNews(rng: Random, index: LibraryIndex, now: Date): Draft {
  const top = rng.pick(INDUSTRIES);
  const vocab = VOCAB[top.id]!;
  const projects = rng.sample(index.projectsByIndustry.get(top.id) ?? [], 3);
  const driver = rng.pick(vocab.drivers);
  const content = [
    `${driver}，${top.name}行业迎来新的发展窗口。业内人士指出，${joinCn(rng.sample(top.subs, 2).map((s) => s.name))}等细分领域有望率先受益。`,
    `从技术路线看，${joinCn(rng.sample(vocab.techs, 2))}正加速成熟，产业链上下游协同持续加强。`,
    projects.length ? `平台收录的相关企业包括${joinCn(projects.map((p) => p.brandName))}等。` : '',
    `同时也需关注${rng.pick(vocab.risks)}等风险。`,
  ].filter(Boolean);
  return {
    title: `${top.name}行业观察：${driver}`,
    source: rng.pick(NEWS_SOURCES),
    publishedAt: addDays(now, -(rng.next() ** 1.5) * 500).toISOString(),
    summary: content[0]!,
    content: content.join('\n'),
    industries: [top.id],
    institutionIds: [],
    projectIds: projects.map((p) => p.id),
  };
}

export function generateNews(
  rng: Random,
  count: number,
  now: Date,
  data: {
    rounds: DemoRound[];
    projects: DemoProject[];
    institutions: DemoInstitution[];
    investors: DemoInvestor[];
  },
  index: LibraryIndex,
): DemoNews[] {
  const projects = new Map(data.projects.map((p) => [p.id, p]));
  const investors = new Map(data.investors.map((i) => [i.id, i]));
  const cutoff = addDays(now, -540).toISOString().slice(0, 10);
  const recent = data.rounds.filter((r) => r.date >= cutoff && r.investors.length > 0);
  const financing = rng.sample(recent, Math.round(count * 0.6));
  const drafts: Draft[] = financing.map((r) =>
    financingNews(rng, r, projects.get(r.projectId)!, index, investors, now),
  );
  const orgCount = Math.round(count * 0.2);
  for (let i = 0; i < orgCount && data.institutions.length; i++)
    drafts.push(institutionNews(rng, rng.pick(data.institutions), now));
  while (drafts.length < count) drafts.push(industryNews(rng, index, now));
  drafts.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
  return drafts.map((d, i) => ({
    id: i + 1,
    externalId: `demo-news-${String(i + 1).padStart(5, '0')}`,
    ...d,
  }));
}
