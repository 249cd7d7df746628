/**
 * What institutions and investors say about themselves: a noisy view of their latent
 * preferences (a stated industry they never invest in, an invested one they don't state, a
 * rounded cheque size), and the Chinese texts built from it and from their actual deals.
 */
import { stageLabel } from '@jq/contract';
import {
  adjacentTopIndustries,
  getRegion,
  INDUSTRIES,
  industryName,
  regionName,
} from '../reference/index.js';
import { formatWan, joinCn } from './format.js';
import type { InstitutionDraft } from './generate-institutions.js';
import { DEGREES, PREVIOUS_EMPLOYERS, UNIVERSITIES } from './names.js';
import { niceAmount, type Random } from './random.js';
import type { DemoInvestor, DemoProject, LatentPreference } from './types.js';

const TOP_IDS = INDUSTRIES.map((top) => top.id);

const STYLES: Record<string, string[]> = {
  VC: [
    '看重创始团队的技术积累与商业化落地能力。',
    '偏好具备核心技术壁垒和国产替代逻辑的企业。',
    '坚持长期主义，陪伴企业穿越周期。',
  ],
  天使: [
    '乐于在最早期支持优秀的连续创业者。',
    '关注高校与科研院所的科技成果转化。',
    '愿意为技术型创始人承担早期风险。',
  ],
  PE: [
    '重点关注具备上市潜力的细分行业龙头。',
    '擅长产业整合与并购重组。',
    '注重企业的盈利能力与现金流质量。',
  ],
  CVC: ['依托集团产业资源，为被投企业提供订单与渠道支持。', '围绕集团主业上下游进行战略布局。'],
  政府引导基金: ['服务地方产业培育与招商引资。', '引导社会资本投向战略性新兴产业。'],
  FOF: ['以子基金投资与直投相结合的方式布局。', '优选专业化、头部的子基金管理人。'],
  券商直投: ['依托券商投行资源助力企业登陆资本市场。', '聚焦具备上市潜力的成长期企业。'],
  家族办公室: ['以长期资本支持优秀企业家。', '注重稳健回报与产业协同。'],
};

const TYPE_TEXT: Record<string, string> = {
  VC: '专注于早期和成长期投资的创业投资机构',
  天使: '专注于种子轮和天使轮的早期投资机构',
  PE: '私募股权投资机构',
  CVC: '产业资本（企业风险投资）平台',
  政府引导基金: '政府出资设立的产业引导基金',
  FOF: '市场化母基金',
  券商直投: '证券公司旗下的股权直投平台',
  家族办公室: '服务企业家家族的家族办公室',
};

export interface StatedView {
  industries: string[];
  stages: number[];
  ticketMin: number;
  ticketMax: number;
  regions: string[];
}

/** The stated thesis: latent with some industries dropped, one added, sub-industries named. */
export function stateView(rng: Random, latent: LatentPreference): StatedView {
  const ranked = [...latent.industries].sort((a, b) => b.weight - a.weight).map((i) => i.id);
  if (ranked.length > 1 && rng.chance(0.25)) ranked.pop();
  if (rng.chance(0.35)) {
    const near = adjacentTopIndustries(ranked[0]!).filter((id) => !ranked.includes(id));
    const extra = near.length && rng.chance(0.6) ? rng.pick(near) : rng.pick(TOP_IDS);
    if (!ranked.includes(extra)) ranked.push(extra);
  }
  const subs = rng.chance(0.6)
    ? rng.sample(
        latent.subIndustries.filter((sub) => ranked.includes(sub.split('.')[0]!)),
        2,
      )
    : [];
  const stages = latent.stages.filter((s) => s.weight >= 0.12).map((s) => s.id);
  if (rng.chance(0.3)) {
    const edge = Math.max(...stages.filter((s) => s <= 8));
    if (Number.isFinite(edge) && edge < 8) stages.push(edge + 1);
  }
  const regions =
    latent.regionOpenness >= 0.6 && rng.chance(0.4)
      ? []
      : latent.regions.filter((_r, i) => i === 0 || !rng.chance(0.3)).map((r) => r.id);
  const min = niceAmount(latent.ticket.min * rng.logNormal(1, 0.2));
  return {
    industries: [...ranked, ...subs],
    stages: [...new Set(stages)].sort((a, b) => a - b),
    ticketMin: min,
    ticketMax: Math.max(niceAmount(latent.ticket.max * rng.logNormal(1, 0.2)), niceAmount(min * 1.5)),
    regions,
  };
}

export function stageBand(stages: number[]): string {
  const ladder = stages.filter((s) => (s >= 1 && s <= 8) || s === 32).sort((a, b) => a - b);
  const extra = stages.includes(10) ? '及战略投资' : '';
  if (!ladder.length) return '战略投资';
  const first = stageLabel(ladder[0]!);
  const last = stageLabel(ladder.at(-1)!);
  return `${first === last ? first : `${first}至${last}`}${extra}`;
}

function names(ids: string[]): string {
  return joinCn(ids.filter((id) => !id.includes('.')).map(industryName));
}

function regionText(regions: string[]): string {
  return regions.length ? `重点布局${joinCn(regions.map(regionName))}等地区的项目` : '投资地域不限';
}

export function describeInstitution(
  rng: Random,
  org: InstitutionDraft,
  stated: StatedView,
  portfolio: DemoProject[],
): { thesis: string; description: string } {
  const subs = stated.industries.filter((id) => id.includes('.'));
  const focus = subs.length ? `，重点关注${joinCn(subs.map(industryName))}等细分方向` : '';
  const thesis =
    `${org.shortName}专注于${names(stated.industries)}等领域的${stageBand(stated.stages)}投资${focus}。` +
    `单笔投资金额一般为${formatWan(stated.ticketMin)}至${formatWan(stated.ticketMax)}，${regionText(stated.regions)}。` +
    rng.pick(STYLES[org.type] ?? STYLES.VC!);
  const city = getRegion(org.hqCityCode)!;
  const cases = rng.sample(portfolio, 3).map((p) => p.brandName);
  const record = portfolio.length
    ? `截至目前，${org.shortName}已投资${portfolio.length}家企业，代表性投资包括${joinCn(cases)}等。`
    : `${org.shortName}目前处于新一期基金的投资期。`;
  const description =
    `${org.name}（简称“${org.shortName}”）成立于${org.foundedYear}年，总部位于${city.shortName}，` +
    `是一家${TYPE_TEXT[org.type] ?? '投资机构'}，管理资产规模约${formatWan(org.aumMin)}至${formatWan(org.aumMax)}。${record}`;
  return { thesis, description };
}

export function describeInvestor(
  rng: Random,
  investor: DemoInvestor,
  org: InstitutionDraft,
  stated: StatedView,
  portfolio: DemoProject[],
): string {
  const cases = rng.sample(portfolio, 3).map((p) => p.brandName);
  const record = cases.length
    ? `代表投资项目包括${joinCn(cases)}等`
    : `近期重点关注${joinCn(investor.latent.subIndustries.slice(0, 2).map(industryName))}方向`;
  return (
    `${investor.name}现任${org.shortName}${investor.title}，${rng.pick(UNIVERSITIES)}${rng.pick(DEGREES)}。` +
    `加入${org.shortName}前曾任职于${rng.pick(PREVIOUS_EMPLOYERS)}，拥有${rng.int(3, 20)}年股权投资经验。` +
    `主要关注${names(stated.industries)}领域的${stageBand(stated.stages)}项目，${record}。`
  );
}
