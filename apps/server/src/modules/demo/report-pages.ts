/**
 * The pages a research report is made of. Each builder returns one page: a heading (the first
 * line of the page text) and paragraphs. The market-size page states the figure, the year, the
 * growth and the forecast in one sentence, so a question like 储能行业的市场规模有多大 finds an
 * answer with a page to cite.
 */
import { stageLabel } from '@jq/contract';
import { industryName, regionName } from '../reference/index.js';
import { joinCn } from './format.js';
import {
  concentration,
  financingStats,
  marketSize,
  type ReportContext,
  sizeText,
  subShares,
} from './report-context.js';
import type { DemoProject } from './types.js';

export interface PageDraft {
  heading: string;
  paragraphs: string[];
}

const DISCLAIMER =
  '说明：本报告为金桥平台演示数据，由程序依据行业模板生成，所列数据与企业均为模拟，仅供功能演示，不构成投资建议。';

export function coverPage(ctx: ReportContext, viewpoints: string[]): PageDraft {
  return {
    heading: ctx.title,
    paragraphs: [
      `${ctx.publisher}｜发布日期：${ctx.publishedAt}`,
      '核心观点',
      ...viewpoints.map((v, i) => `${i + 1}. ${v}`),
      `风险提示：${joinCn(ctx.vocab.risks)}。`,
      DISCLAIMER,
    ],
  };
}

export function viewpointsOf(ctx: ReportContext): string[] {
  const y = ctx.dataYear;
  return [
    `${y}年中国${ctx.industry.name}市场规模约${sizeText(ctx, y)}，预计${ctx.forecastYear}年达到${sizeText(ctx, ctx.forecastYear)}，年均复合增长率约${ctx.vocab.market.cagr}%。`,
    `${ctx.vocab.drivers[0]}，${ctx.vocab.drivers[1] ?? ctx.vocab.drivers[0]}，行业景气度有望持续。`,
    `建议关注${joinCn(ctx.industry.subs.slice(0, 3).map((s) => s.name))}等细分方向中具备核心技术与规模化交付能力的企业。`,
  ];
}

export function tocPage(headings: string[]): PageDraft {
  return { heading: '目录', paragraphs: headings.map((h, i) => `${h} …… ${i + 3}`) };
}

export function overviewPage(ctx: ReportContext): PageDraft {
  const subs = ctx.industry.subs.map((s) => s.name);
  return {
    heading: `${ctx.industry.name}行业概述`,
    paragraphs: [
      `${ctx.industry.name}行业涵盖${joinCn(subs)}等细分领域，是当前国家重点支持的战略性产业之一。行业内企业以技术驱动为主，产品与服务覆盖${joinCn(ctx.vocab.customers.slice(0, 3))}等客户群体。`,
      `从产业链看，上游主要为${ctx.vocab.chain.up}；中游为${ctx.vocab.chain.mid}；下游为${ctx.vocab.chain.down}。`,
      `从发展阶段看，${ctx.industry.name}正由技术验证期迈向规模化应用期，${ctx.vocab.drivers[0]}。行业常用的其他称谓包括${joinCn(ctx.industry.synonyms.slice(0, 3))}。`,
    ],
  };
}

export function marketPage(ctx: ReportContext): PageDraft {
  const y = ctx.dataYear;
  const series = [y - 4, y - 3, y - 2, y - 1, y].map((year) => `${year}年${sizeText(ctx, year)}`);
  const shares = subShares(ctx.industry);
  const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return {
    heading: `${ctx.industry.name}市场规模`,
    paragraphs: [
      `根据${ctx.publisher}测算，${y}年中国${ctx.industry.name}市场规模约为${sizeText(ctx, y)}，同比增长${ctx.vocab.market.cagr}%。预计到${ctx.forecastYear}年，${ctx.industry.name}市场规模将达到${sizeText(ctx, ctx.forecastYear)}，${y}—${ctx.forecastYear}年年均复合增长率约为${ctx.vocab.market.cagr}%。`,
      `回顾过去五年，${ctx.industry.name}市场规模依次为：${series.join('，')}，保持稳定增长。`,
      `分细分领域看，${top.map(([id, share]) => `${industryName(id)}占比约${share}%，规模约${((marketSize(ctx.vocab, y) * share) / 100).toFixed(0)}亿元`).join('；')}。`,
      `增长的主要动力来自：${joinCn(ctx.vocab.drivers)}。`,
    ],
  };
}

export function driversPage(ctx: ReportContext): PageDraft {
  return {
    heading: '政策环境与驱动因素',
    paragraphs: [
      ...ctx.vocab.drivers.map(
        (d, i) =>
          `驱动因素${i + 1}：${d}。这一因素直接带动${ctx.industry.subs[i % ctx.industry.subs.length]!.name}等环节的需求增长，并推动行业加快技术迭代与商业化落地。`,
      ),
      `政策层面，国家与地方层面陆续出台支持${ctx.industry.name}发展的指导意见和专项政策，在研发补贴、示范应用、首台（套）采购与融资支持等方面给予扶持，为行业发展提供了良好的制度环境。`,
    ],
  };
}

export function chainPage(ctx: ReportContext): PageDraft {
  const c = ctx.vocab.chain;
  return {
    heading: `${ctx.industry.name}产业链分析`,
    paragraphs: [
      `上游：${c.up}。上游环节技术门槛高，关键原材料和核心部件的国产化率仍有提升空间，价格波动会直接影响中游企业的毛利率。`,
      `中游：${c.mid}。中游是产业链价值最集中的环节，企业竞争围绕技术路线、成本控制与交付能力展开。`,
      `下游：${c.down}。下游需求的扩张决定了行业的成长空间，头部客户对供应商的认证周期通常在6至24个月。`,
      `与${ctx.industry.name}相邻的产业包括${joinCn(ctx.industry.adjacent.map(industryName))}，产业链协同效应明显。`,
    ],
  };
}

export function subPage(ctx: ReportContext, subId: string, n: number): PageDraft {
  const sub = ctx.industry.subs.find((s) => s.id === subId)!;
  const share = subShares(ctx.industry).get(subId)!;
  const size = ((marketSize(ctx.vocab, ctx.dataYear) * share) / 100).toFixed(0);
  const players = ctx.projects
    .filter((p) => p.subIndustryId === subId)
    .slice(0, 4)
    .map((p) => p.brandName);
  return {
    heading: `细分领域分析（${n}）：${sub.name}`,
    paragraphs: [
      `${sub.name}是${ctx.industry.name}的重要细分领域，${ctx.dataYear}年市场规模约${size}亿元，约占${ctx.industry.name}整体的${share}%。`,
      `主流产品形态包括${joinCn(ctx.vocab.products[subId] ?? [])}。技术演进方向集中在${joinCn(ctx.rng.sample(ctx.vocab.techs, 2))}。`,
      players.length
        ? `代表企业包括${joinCn(players)}等，均已在金桥平台建立项目档案。`
        : `该领域仍处于早期，尚未出现明显的头部企业。`,
    ],
  };
}

export function competitionPage(ctx: ReportContext): PageDraft {
  const cr5 = concentration(ctx.industry);
  const leaders = [...ctx.projects].sort((a, b) => (b.totalRaised ?? 0) - (a.totalRaised ?? 0)).slice(0, 5);
  return {
    heading: '竞争格局',
    paragraphs: [
      `${ctx.industry.name}行业集中度${cr5 >= 45 ? '较高' : '相对分散'}，${ctx.dataYear}年CR5约为${cr5}%。${cr5 >= 45 ? '头部企业凭借规模与客户资源占据优势，新进入者需在细分场景形成差异化。' : '大量中小企业在细分场景中竞争，行业整合仍在进行。'}`,
      leaders.length
        ? `按累计融资额计，平台收录的领先企业包括${joinCn(leaders.map((p) => `${p.brandName}（${industryName(p.subIndustryId)}）`))}。`
        : '平台暂未收录该行业的领先企业。',
      `竞争要素主要包括技术路线与专利布局、成本控制、量产与交付能力、客户认证与品牌影响力。`,
    ],
  };
}

export function regionalPage(ctx: ReportContext): PageDraft {
  const byProvince = new Map<string, number>();
  for (const p of ctx.projects) byProvince.set(p.provinceCode, (byProvince.get(p.provinceCode) ?? 0) + 1);
  const total = ctx.projects.length || 1;
  const top = [...byProvince].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return {
    heading: '区域分布',
    paragraphs: [
      top.length
        ? `从区域分布看，${ctx.industry.name}企业主要集中在${top.map(([code, n]) => `${regionName(code)}（${Math.round((n / total) * 100)}%）`).join('、')}。`
        : `${ctx.industry.name}企业的区域分布尚不集中。`,
      '长三角、珠三角与京津冀凭借人才、资本与产业配套优势，仍是创新企业最集中的区域；中西部城市依托政策与成本优势加快承接产业转移。',
    ],
  };
}

export function financingPage(ctx: ReportContext): PageDraft {
  const years = [ctx.dataYear - 2, ctx.dataYear - 1, ctx.dataYear].map((y) => financingStats(ctx, y));
  const last = years.at(-1)!;
  return {
    heading: '投融资动态',
    paragraphs: [
      `据金桥平台收录数据，${years.map((s) => `${s.year}年${ctx.industry.name}领域发生融资事件${s.deals}起、披露金额约${s.disclosedYi.toFixed(1)}亿元`).join('；')}。`,
      last.deals
        ? `${last.year}年早期（种子轮至A轮）事件占比约${last.earlyShare}%，轮次分布以${joinCn(last.stages)}为主。活跃投资机构包括${joinCn(last.activeOrgs)}。`
        : `${last.year}年平台收录的融资事件较少。`,
      '整体看，资本更加青睐具备核心技术与明确商业化路径的企业，单笔融资金额向头部项目集中。',
    ],
  };
}

export function techPage(ctx: ReportContext): PageDraft {
  return {
    heading: '技术趋势',
    paragraphs: ctx.vocab.techs
      .slice(0, 4)
      .map(
        (t, i) =>
          `趋势${i + 1}：${t}。该技术正在从实验室走向规模化应用，预计将在未来3至5年显著改变${ctx.industry.subs[i % ctx.industry.subs.length]!.name}环节的成本结构与竞争格局。`,
      ),
  };
}

export function casePage(ctx: ReportContext, project: DemoProject, n: number): PageDraft {
  const rounds = ctx.index.roundsByProject.get(project.id) ?? [];
  const history = rounds.length
    ? `融资历程：${rounds.map((r) => `${r.date.slice(0, 7)} ${stageLabel(r.stage)}（${r.amountText}）`).join('；')}。`
    : '该企业尚未披露融资记录。';
  return {
    heading: `典型企业案例（${n}）：${project.brandName}`,
    paragraphs: [project.description, project.products.replace(/\n/g, ''), history],
  };
}

export function risksPage(ctx: ReportContext): PageDraft {
  return {
    heading: '风险提示',
    paragraphs: [
      ...ctx.vocab.risks.map(
        (r, i) => `风险${i + 1}：${r}。若相关风险加剧，可能对行业增速与企业盈利能力造成不利影响。`,
      ),
      '宏观经济波动风险：下游需求受宏观经济影响，存在增速不及预期的可能。',
    ],
  };
}

export function advicePage(ctx: ReportContext): PageDraft {
  const subs = ctx.rng.sample(ctx.industry.subs, 3).map((s) => s.name);
  return {
    heading: '投资建议',
    paragraphs: [
      `我们看好${ctx.industry.name}的中长期发展，建议重点关注${joinCn(subs)}等细分方向。`,
      '早期阶段关注团队的技术原创性与核心专利布局；成长期关注规模化交付能力、客户结构与单位经济模型；后期阶段关注盈利能力与资本市场退出路径。',
    ],
  };
}

export function appendixPage(ctx: ReportContext, n: number): PageDraft {
  const shares = subShares(ctx.industry);
  const year = ctx.dataYear - ((n - 1) % 4);
  return {
    heading: `附录${n}：${year}年细分领域规模估算`,
    paragraphs: [
      ...ctx.industry.subs.map(
        (s) =>
          `${s.name}：约${((marketSize(ctx.vocab, year) * shares.get(s.id)!) / 100).toFixed(0)}亿元（占比${shares.get(s.id)}%）`,
      ),
      DISCLAIMER,
    ],
  };
}
