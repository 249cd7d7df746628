/**
 * The capital-markets page some reports carry: where the industry's companies list (科创板,
 * 创业板, 北交所, 港股), what the exchanges' inquiry letters (问询函) ask and how companies
 * reply, how long review takes, and the exit paths of the investors (IPO, 并购, 老股转让, 回购).
 * It is what `acchat/ipoinquiry` quotes. Written from its own random stream (`fork`), so adding
 * it reshuffles nothing else in the report or the reports after it.
 */
import { industryName } from '../reference/index.js';
import { joinCn } from './format.js';
import type { Random } from './random.js';
import type { ReportContext } from './report-context.js';
import type { PageDraft } from './report-pages.js';

/** Industries whose companies mostly list on 科创板 (hard tech) or in Hong Kong (consumer, internet). */
const STAR_MARKET = new Set([
  'semiconductor',
  'ai',
  'biomedicine',
  'medical-device',
  'new-materials',
  'aerospace',
  'robotics',
  'advanced-manufacturing',
  'cybersecurity',
  'cloud-bigdata',
  'frontier-tech',
  'energy-storage',
  'hydrogen',
  'photovoltaic',
  'iot',
]);
const HONG_KONG = new Set(['consumer', 'new-retail', 'games', 'culture-media', 'education', 'cross-border']);

const ISSUES = [
  '核心技术的来源、先进性以及是否存在权属纠纷',
  '收入确认时点与前五大客户的集中度',
  '研发费用的归集口径与研发人员的认定',
  '毛利率高于同行业可比公司的原因及其可持续性',
  '关联交易的公允性与业务独立性',
  '募投项目的必要性与新增产能的消化能力',
  '对赌协议的清理情况及对控制权稳定性的影响',
  '应收账款与存货的周转情况及减值计提是否充分',
  '报告期内突击入股股东的入股价格与资金来源',
];

const REPLIES = [
  '与主要客户的合作年限、订单获取方式及期后回款情况',
  '核心技术人员的任职经历与发明专利的形成过程',
  '与同行业可比公司的毛利率对比及差异原因',
  '研发项目的立项、投入与成果转化明细',
  '募投项目的在手订单与产能利用率测算',
  '历次股权转让的定价依据与对赌条款的解除协议',
];

const pct = (rng: Random, min: number, max: number) => rng.int(min, max);

export function listingPage(ctx: ReportContext, rng: Random): PageDraft {
  const name = ctx.industry.name;
  const year = ctx.dataYear;
  const board = STAR_MARKET.has(ctx.industry.id)
    ? '科创板'
    : HONG_KONG.has(ctx.industry.id)
      ? '港股'
      : '创业板';
  const listed = rng.int(12, 160);
  const filed = rng.int(4, 30);
  const accepted = Math.max(2, Math.round(filed * rng.float(0.6, 0.9)));
  const inquired = Math.max(1, Math.round(accepted * rng.float(0.5, 0.8)));
  const passed = Math.max(1, Math.round(inquired * rng.float(0.3, 0.7)));
  const sub = rng.pick(ctx.industry.subs).name;
  const issues = rng.sample(ISSUES, 3);
  const paragraphs = [
    `截至${year}年末，A股与港股已上市的${name}企业约${listed}家，其中${board}上市公司占比约${pct(rng, 35, 70)}%。${year}年共有${filed}家${name}企业提交IPO申请，其中${accepted}家已获交易所受理，${inquired}家进入问询阶段，${passed}家通过上市委审议并提交注册。`,
    boardParagraph(board, name, rng),
    `从交易所问询函看，${name}企业被问询最多的问题集中在${joinCn(issues)}，以及${sub}产品的市场空间与技术替代风险。多数企业需要经过2至3轮问询，首轮问询函平均提出约${rng.int(18, 45)}个问题。`,
    caseParagraph(ctx, rng, board, sub),
    `从受理到注册生效，${board === '港股' ? '港股' : board}IPO平均审核周期约${rng.int(8, 16)}个月；${year}年${name}企业首发平均募资约${rng.int(6, 40)}亿元，发行市盈率中位数约${rng.int(25, 60)}倍。`,
    `对投资机构而言，${name}项目的退出路径主要包括IPO、并购、老股转让与回购。${year}年行业内通过IPO实现退出的案例占比约${pct(rng, 25, 55)}%，并购退出占比约${pct(rng, 15, 35)}%；IPO退出的平均持有期约${rng.int(4, 8)}年，账面回报倍数中位数约${rng.float(2.5, 8).toFixed(1)}倍。`,
    `随着注册制全面实行与并购重组政策优化，${name}领域早期投资的退出渠道更加多元；但审核对突击入股、估值合理性与对赌协议的关注也在提高，建议投资机构提前规划上市进程中的股权清理，并关注与${joinCn(ctx.industry.adjacent.slice(0, 2).map(industryName))}等相邻产业的并购退出机会。`,
  ];
  return { heading: rng.pick(HEADINGS), paragraphs };
}

const HEADINGS = ['上市进程与IPO问询分析', '资本市场：上市进程、问询要点与退出路径', 'IPO审核与退出路径'];

function boardParagraph(board: string, name: string, rng: Random): string {
  if (board === '科创板')
    return `${name}企业以科创板为首选上市板块。科创板审核重点关注“硬科技”属性，交易所会逐项核查研发投入占比、发明专利数量与营业收入增长等科创属性指标，并在问询中追问核心技术是否具备持续创新能力；${rng.pick(['部分企业也选择创业板或北交所作为备选', '尚未盈利的企业可适用第五套上市标准'])}。`;
  if (board === '创业板')
    return `${name}企业主要在创业板上市。创业板注册制下，审核重点关注企业的成长性与“三创四新”特征，问询集中在业绩增长的可持续性、商业模式的创新性以及与传统产业的融合程度；${rng.pick(['规模较小的企业则更多选择北交所', '具备硬科技属性的企业也会申报科创板'])}。`;
  return `受A股审核节奏影响，近年来部分${name}企业转道港股上市，港交所主板与第18C章特专科技公司规则为尚未盈利的企业提供了上市通道；联交所的问询更关注经营数据的真实性、合规经营与用户数据安全。`;
}

function caseParagraph(ctx: ReportContext, rng: Random, board: string, sub: string): string {
  const late = ctx.projects
    .filter((p) => p.stage >= 5 && p.stage <= 8)
    .concat(ctx.projects.filter((p) => p.stage >= 32));
  const company = late.length ? rng.pick(late).brandName : `一家拟在${board}上市的${sub}企业`;
  const [asked, other] = rng.sample(ISSUES, 2);
  return `以${company}为例，其在首轮问询中被要求说明${asked}；公司在问询回复中披露了${rng.pick(REPLIES)}，并补充说明了${other}。第二轮问询则进一步要求保荐机构对上述事项发表核查意见。`;
}
