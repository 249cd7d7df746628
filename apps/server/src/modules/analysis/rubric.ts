/**
 * The diagnosis of a plan from its facts and its funded peers: a score per rubric dimension
 * with the evidence (page and line) it rests on and the peer figure it is compared with;
 * flags (a missing section, the same figure differing between pages, an ask far outside the
 * peers' range, a market size without a source); a financing-readiness estimate with the
 * basis it was computed from; and concrete advice per dimension. Deterministic: the same plan
 * and the same library give the same report.
 */
import {
  type Dimension,
  type Flag,
  type PeerFigures,
  PLAN_SECTIONS,
  type PlanFacts,
  RUBRIC,
  type RubricKey,
} from '@jq/contract';
import type { Segment } from './extract.js';

/** An ask more than this many times the peers' upper quartile (or below lower / this) is flagged. */
export const ASK_OUTSIDE_FACTOR = 3;
/** Two readings of one figure further apart than this (relative) disagree. */
export const DISAGREE_TOLERANCE = 0.05;

export interface Diagnosis {
  dimensions: Dimension[];
  overall: number;
  flags: Flag[];
  readiness: { score: number; level: '高' | '中' | '低'; basis: string[] };
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const wan = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000) / 10} 亿元` : `${Math.round(n)} 万元`);
const months = (days: number) => `${Math.round(days / 30.4)} 个月`;
const clamp = (n: number, lo = 0, hi = 100) => Math.max(lo, Math.min(hi, Math.round(n)));
const label = (key: string) => PLAN_SECTIONS.find((s) => s.key === key)?.label ?? key;

function sectionPages(facts: PlanFacts, key: string): number[] {
  return facts.sections.find((s) => s.key === key)?.pages ?? [];
}

function textOf(segments: Segment[], key: string) {
  return segments
    .filter((s) => s.section === key)
    .map((s) => s.text)
    .join('\n');
}

/** Flags of a plan. Missing sections only count for plans (a project record has no sections). */
export function findFlags(facts: PlanFacts, peers: PeerFigures, isPlan: boolean): Flag[] {
  const flags: Flag[] = [];
  if (isPlan) {
    for (const { key } of PLAN_SECTIONS) {
      if (sectionPages(facts, key).length) continue;
      // A section may be missing as a title yet present as content (an ask line on the cover).
      if (key === 'ask' && facts.ask) continue;
      if (
        key === 'traction' &&
        facts.traction.some((t) => t.metric === 'revenue' || t.metric === 'customers')
      )
        continue;
      if (key === 'financials' && sectionPages(facts, 'traction').length) continue;
      const severe = key === 'team' || key === 'ask' || key === 'use_of_funds' || key === 'market';
      flags.push({
        code: 'missing_section',
        subject: key,
        severity: severe ? 'high' : 'medium',
        message: `缺少“${label(key)}”部分`,
        pages: [],
      });
    }
  }
  // The same metric for the same year read on two pages with different values.
  const byKey = new Map<string, { value: number; page: number; text: string }[]>();
  for (const t of facts.traction) {
    if (t.metric !== 'revenue' || t.number === null || !t.year) continue;
    const key = `${t.metric}:${t.year}`;
    byKey.set(key, [...(byKey.get(key) ?? []), { value: t.number, page: t.page, text: t.value }]);
  }
  for (const [key, readings] of byKey) {
    const pages = new Set(readings.map((r) => r.page));
    if (pages.size < 2) continue;
    const values = readings.map((r) => r.value);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    if (hi - lo <= DISAGREE_TOLERANCE * hi) continue;
    const [, year] = key.split(':');
    const shown = [...new Map(readings.map((r) => [`${r.page}`, r])).values()];
    flags.push({
      code: 'numbers_disagree',
      subject: `revenue:${year}`,
      severity: 'high',
      message: `${year} 年收入在不同页写法不一致：${shown.map((r) => `第 ${r.page} 页 ${r.text}`).join('，')}`,
      pages: [...pages].sort((a, b) => a - b),
    });
  }
  if (facts.ask?.number && peers.p75Amount && peers.p25Amount && peers.amountCount >= 5) {
    const ask = facts.ask.number;
    if (ask > peers.p75Amount * ASK_OUTSIDE_FACTOR || ask < peers.p25Amount / ASK_OUTSIDE_FACTOR) {
      flags.push({
        code: 'ask_outside_peers',
        subject: 'ask',
        severity: 'high',
        message: `本轮融资 ${wan(ask)}，同${peers.basis === 'sub' ? '细分' : ''}行业${peers.stageLabel}已融资项目的常见区间为 ${wan(peers.p25Amount)}–${wan(peers.p75Amount)}（中位数 ${wan(peers.medianAmount ?? 0)}，${peers.amountCount} 起）`,
        pages: [facts.ask.page],
      });
    }
  }
  const unsourced = facts.marketClaims.filter((m) => !m.source);
  if (unsourced.length) {
    flags.push({
      code: 'market_no_source',
      subject: 'market',
      severity: 'medium',
      message: `市场规模 ${unsourced.map((m) => m.value).join('、')} 未注明数据来源`,
      pages: [...new Set(unsourced.map((m) => m.page))],
    });
  }
  return flags;
}

interface Scored {
  score: number;
  evidence: { page: number; quote: string }[];
  peer: string;
  summary: string;
  advice: string[];
}

const ev = (items: { page: number; quote: string }[], n = 4) =>
  items.slice(0, n).map(({ page, quote }) => ({ page, quote }));

function scoreDimension(
  key: RubricKey,
  facts: PlanFacts,
  peers: PeerFigures,
  segments: Segment[],
  flags: Flag[],
  isPlan: boolean,
): Scored {
  const present = (k: string) => sectionPages(facts, k).length > 0 || !isPlan;
  const missing = (k: string) => flags.some((f) => f.code === 'missing_section' && f.subject === k);
  const peerNote = peers.roundCount
    ? `对比 ${peers.industryName}${peers.stageLabel} ${peers.roundCount} 起已披露融资`
    : '资料库中暂无同行业同阶段的融资记录可比';
  switch (key) {
    case 'team': {
      const members = facts.team;
      const rich = members.filter((m) =>
        /经验|曾任|博士|硕士|教授|年|former|years|PhD/i.test(m.quote),
      ).length;
      const score = missing('team')
        ? 10
        : clamp(35 + 15 * Math.min(members.length, 3) + 6 * Math.min(rich, 3));
      const peer =
        peers.teamMedian !== null
          ? `同阶段已融资项目平均列出 ${peers.teamMedian} 名核心成员，本计划书列出 ${members.length} 名`
          : '';
      return {
        score,
        evidence: ev(members),
        peer,
        summary: missing('team')
          ? '计划书没有团队介绍，投资人无法判断执行能力。'
          : `列出 ${members.length} 名核心成员，其中 ${rich} 人写明了相关经历。`,
        advice: [
          missing('team')
            ? '增加“核心团队”一页：创始人、技术与业务负责人的姓名、职务、过往经历与在本公司的分工。'
            : '为每位核心成员补充与本业务直接相关的经历（年限、曾任职务、代表成果），避免只写头衔。',
          peers.teamMedian !== null && members.length < peers.teamMedian
            ? `同阶段已融资项目平均披露 ${peers.teamMedian} 名核心成员，建议补齐关键岗位（技术、销售、财务）。`
            : '说明团队持股与激励安排，以及关键岗位的招聘计划。',
        ],
      };
    }
    case 'market': {
      const claims = facts.marketClaims;
      const sourced = claims.filter((c) => c.source);
      const growth = /复合增长|CAGR|年均增长/i.test(textOf(segments, 'market'));
      const score = missing('market')
        ? 10
        : clamp(
            30 +
              (claims.length ? 30 : 0) +
              (claims.length && sourced.length === claims.length ? 25 : 0) +
              (growth ? 15 : 0),
          );
      return {
        score,
        evidence: ev(claims),
        peer: '',
        summary: !claims.length
          ? '没有给出可核对的市场规模数字。'
          : `给出 ${claims.length} 个市场规模数字，${sourced.length} 个注明了来源。`,
        advice: [
          sourced.length < claims.length || !claims.length
            ? '每个市场规模数字都注明来源（机构、报告名与年份），并区分总体市场（TAM）与可服务市场（SAM）。'
            : '补充自下而上的测算：目标客户数 × 客单价 × 渗透率，与引用的行业数字相互印证。',
          growth ? '说明增长驱动因素与政策环境，给出近三年的实际增速。' : '补充市场的年复合增长率及其来源。',
        ],
      };
    }
    case 'product': {
      const text = textOf(segments, 'product');
      const patents = /专利|patent/i.test(text);
      const tech = /自研|算法|核心技术|平台|壁垒|proprietary|algorithm/i.test(text);
      const score = !present('product')
        ? 10
        : clamp(40 + (patents ? 20 : 0) + (tech ? 20 : 0) + (text.length > 200 ? 20 : 0));
      const lines = segments
        .filter((s) => s.section === 'product')
        .flatMap((s) =>
          s.text
            .split('\n')
            .filter((l) => /专利|自研|算法|核心技术|产品/.test(l))
            .map((quote) => ({ page: s.page, quote: quote.trim().slice(0, 120) })),
        );
      return {
        score,
        evidence: ev(lines),
        peer:
          peers.patentShare !== null
            ? `同阶段已融资项目中 ${pct(peers.patentShare)} 拥有专利${patents ? '，本计划书提到了专利' : '，本计划书未提专利'}`
            : '',
        summary: !present('product')
          ? '没有单独介绍产品与技术。'
          : `${patents ? '提到了专利' : '未提专利'}，${tech ? '说明了核心技术' : '核心技术描述不足'}。`,
        advice: [
          patents
            ? '列出专利清单（名称、类型、授权状态），说明哪些专利保护核心产品。'
            : `补充知识产权情况${peers.patentShare !== null ? `：同阶段已融资项目中 ${pct(peers.patentShare)} 拥有专利` : ''}。`,
          '用一页讲清产品解决的问题、关键技术指标与替代方案的差距，配产品截图或实物图。',
        ],
      };
    }
    case 'traction': {
      const t = facts.traction;
      const revenue = t.filter((x) => x.metric === 'revenue');
      const growth = t.filter((x) => x.metric === 'growth');
      const users = t.filter((x) => x.metric === 'users' || x.metric === 'customers');
      const disagree = flags.some((f) => f.code === 'numbers_disagree');
      const score = clamp(
        (t.length ? 25 : 10) +
          (revenue.length ? 35 : 0) +
          (growth.length ? 20 : 0) +
          (users.length ? 20 : 0) -
          (disagree ? 25 : 0),
        5,
      );
      return {
        score,
        evidence: ev([...revenue, ...growth, ...users]),
        peer:
          peers.nextRoundRate !== null
            ? `${peerNote}；其中 ${pct(peers.nextRoundRate)} 在 18 个月内外完成了下一轮`
            : peerNote,
        summary: !t.length
          ? '没有可核对的经营数据。'
          : `披露了 ${revenue.length} 处收入、${growth.length} 处增速、${users.length} 处用户或客户数据${disagree ? '，但不同页的收入数字不一致' : ''}。`,
        advice: [
          disagree
            ? '统一各页的收入口径与数字（同一年份只能有一个数），并注明是否经审计。'
            : '补充近 12 个月的月度收入与留存，给出同比与环比增速。',
          users.length
            ? '补充付费客户数、客单价与续约率。'
            : '披露客户或用户数量，以及头部客户的名称与合作年限。',
        ],
      };
    }
    case 'business_model': {
      const text = textOf(segments, 'business_model');
      const pricing = /收费|订阅|单价|客单价|按年|按次|license|subscription|pricing/i.test(text);
      const margin = /毛利|gross margin/i.test(text);
      const score = missing('business_model') ? 10 : clamp(45 + (pricing ? 30 : 0) + (margin ? 25 : 0));
      return {
        score,
        evidence: ev(facts.businessModel),
        peer: '',
        summary: missing('business_model')
          ? '没有说明怎么赚钱。'
          : `${pricing ? '说明了收费方式' : '收费方式不清楚'}，${margin ? '给出了毛利率' : '未给毛利率'}。`,
        advice: [
          pricing
            ? '拆分收入结构（产品、服务、订阅）与各自占比。'
            : '写清收费方式：向谁收、按什么收、价格多少。',
          margin ? '说明毛利率随规模变化的趋势与原因。' : '补充毛利率与获客成本、客户生命周期价值。',
        ],
      };
    }
    case 'competition': {
      const text = textOf(segments, 'competition');
      const edge = /优势|差异|壁垒|领先|advantage|moat/i.test(text);
      const score = missing('competition')
        ? 10
        : clamp(40 + Math.min(facts.competitors.length, 3) * 10 + (edge ? 30 : 0));
      return {
        score,
        evidence: ev(facts.competitors),
        peer: peers.projectCount
          ? `资料库中同${peers.basis === 'sub' ? '细分' : ''}行业同阶段已融资项目 ${peers.projectCount} 家`
          : '',
        summary: missing('competition')
          ? '没有竞争分析。'
          : `点名 ${facts.competitors.length} 家竞争对手，${edge ? '说明了差异化' : '差异化不清楚'}。`,
        advice: [
          facts.competitors.length >= 2
            ? '用对比表从价格、性能、客户、融资阶段比较主要对手。'
            : `点名至少 3 家直接竞争对手${
                peers.examples.length
                  ? `（例如资料库中同阶段已融资的 ${peers.examples
                      .slice(0, 2)
                      .map((e) => e.name)
                      .join('、')}）`
                  : ''
              }并说明差异。`,
          '说明壁垒能维持多久：技术、数据、渠道或资质。',
        ],
      };
    }
    case 'financials': {
      const text = textOf(segments, 'financials');
      const years = new Set(
        facts.traction.filter((t) => t.metric === 'revenue' && t.year).map((t) => t.year),
      );
      const profit = /利润|毛利率|现金流|净利|盈亏|profit|cash flow|EBITDA/i.test(text);
      const forecast = /预测|预计|forecast|projection/i.test(text);
      const score = missing('financials')
        ? 10
        : clamp(30 + Math.min(years.size, 2) * 15 + (profit ? 25 : 0) + (forecast ? 15 : 0));
      return {
        score,
        evidence: ev(facts.traction.filter((t) => t.metric === 'revenue')),
        peer: '',
        summary: missing('financials')
          ? '没有财务信息。'
          : `披露了 ${years.size} 个年度的收入${profit ? '，有利润或现金流数据' : '，缺少利润与现金流'}。`,
        advice: [
          '给出近两年的实际收入、毛利、净利润与经营现金流，以及未来三年的预测和主要假设。',
          profit ? '说明盈亏平衡的时间点与前提。' : '补充利润与现金流：投资人据此判断这轮钱能用多久。',
        ],
      };
    }
    case 'ask': {
      const outside = flags.find((f) => f.code === 'ask_outside_peers');
      const funds = facts.useOfFunds;
      const shares = funds.filter((f) => /%/.test(f.quote));
      const score = !facts.ask
        ? 10
        : clamp(
            40 +
              (funds.length ? 20 : 0) +
              (shares.length >= 2 ? 10 : 0) +
              (outside ? -20 : peers.amountCount ? 30 : 15),
            10,
          );
      const peer =
        peers.medianAmount !== null
          ? `同阶段已融资项目单轮中位数 ${wan(peers.medianAmount)}（四分位 ${wan(peers.p25Amount ?? 0)}–${wan(peers.p75Amount ?? 0)}，${peers.amountCount} 起）${peers.medianGapDays !== null ? `，距下一轮中位 ${months(peers.medianGapDays)}` : ''}`
          : peerNote;
      return {
        score,
        evidence: ev([...(facts.ask ? [facts.ask] : []), ...funds]),
        peer,
        summary: !facts.ask
          ? '没有写明本轮融资金额。'
          : `本轮融资 ${wan(facts.ask.number ?? 0)}${outside ? '，明显偏离同行区间' : ''}；${funds.length ? `资金用途列了 ${funds.length} 项` : '没有资金用途'}。`,
        advice: [
          !facts.ask
            ? `写明本轮融资金额与出让比例${peers.medianAmount !== null ? `，同阶段已融资项目单轮中位数为 ${wan(peers.medianAmount)}` : ''}。`
            : outside
              ? `融资金额与同行差距过大：同阶段常见区间 ${wan(peers.p25Amount ?? 0)}–${wan(peers.p75Amount ?? 0)}，请核对金额单位，或说明为何需要更多资金。`
              : '说明本轮资金能支撑多少个月，以及届时要达到的里程碑。',
          funds.length
            ? '资金用途按研发、市场、运营列出金额与占比，并对应到里程碑。'
            : '增加“资金用途”一页：各项用途的金额、占比与要达到的目标。',
        ],
      };
    }
    case 'completeness': {
      const found = PLAN_SECTIONS.filter(
        ({ key }) => !flags.some((f) => f.code === 'missing_section' && f.subject === key),
      ).length;
      const score = clamp(
        (100 * found) / PLAN_SECTIONS.length - 6 * flags.filter((f) => f.code !== 'missing_section').length,
      );
      return {
        score,
        evidence: facts.sections
          .filter((s) => s.pages.length)
          .slice(0, 9)
          .map((s) => ({ page: s.pages[0]!, quote: `${s.label}：第 ${s.pages.join('、')} 页` })),
        peer: '',
        summary: `${PLAN_SECTIONS.length} 个常见部分中有 ${found} 个，另有 ${flags.filter((f) => f.code !== 'missing_section').length} 处需要核对的问题。`,
        advice: [
          found < PLAN_SECTIONS.length
            ? `补齐缺少的部分：${flags
                .filter((f) => f.code === 'missing_section')
                .map((f) => label(f.subject))
                .join('、')}。`
            : '按“问题—方案—市场—产品—数据—商业模式—竞争—团队—财务—融资”的顺序组织，每页一个结论标题。',
          '在第一页放一页摘要：一句话介绍、核心数据、本轮融资金额与用途。',
        ],
      };
    }
  }
}

export function diagnose(
  facts: PlanFacts,
  peers: PeerFigures,
  segments: Segment[],
  isPlan: boolean,
): Diagnosis {
  const flags = findFlags(facts, peers, isPlan);
  const dimensions: Dimension[] = RUBRIC.map(({ key, label: name }) => {
    const s = scoreDimension(key, facts, peers, segments, flags, isPlan);
    return {
      key,
      label: name,
      score: s.score,
      evidence: s.evidence,
      peer: s.peer,
      summary: s.summary,
      advice: s.advice,
    };
  });
  const overall = Math.round(dimensions.reduce((sum, d) => sum + d.score, 0) / dimensions.length);
  const high = flags.filter((f) => f.severity === 'high').length;
  const rate = peers.nextRoundRate;
  const base = rate !== null ? overall * 0.7 + rate * 100 * 0.3 : overall;
  const score = clamp(base - 6 * high - 2 * (flags.length - high), 5, 95);
  const basis = [
    `计划书综合评分 ${overall}（九个维度平均）${rate !== null ? '，权重 70%' : ''}`,
    rate !== null
      ? `同${peers.basis === 'sub' ? '细分' : ''}行业（${peers.industryName}）${peers.stageLabel}已融资项目进入下一轮的比例 ${pct(rate)}（${peers.nextRoundBase} 起满 18 个月的融资），权重 30%`
      : '资料库中没有足够的同行业同阶段融资记录，仅按计划书评分估计',
    flags.length
      ? `扣分：${high} 个严重问题各 6 分，${flags.length - high} 个一般问题各 2 分`
      : '没有发现需要扣分的问题',
  ];
  return {
    dimensions,
    overall,
    flags,
    readiness: { score, level: score >= 70 ? '高' : score >= 45 ? '中' : '低', basis },
  };
}
