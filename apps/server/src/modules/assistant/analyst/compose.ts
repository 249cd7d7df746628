/**
 * The local engine's analyst answers (issue 15): the conclusion first (a number, a ranked
 * list, a comparison table), then the evidence (a linked table, the filters used), then
 * follow-up questions. Numbers come only from the tools; names only from the library.
 */
import type { EntityLink, Quote } from '@jq/contract';
import { entityLink, escapeMd, type LinkContext, mdLink } from '../links.js';
import type { Metric, Plan } from './plan.js';
import {
  type AggregateResult,
  type CompareResult,
  GROUP_NAMES,
  type MatchResult,
  type RankResult,
  type UsedFilters,
} from './tools.js';

export interface AnalystAnswer {
  markdown: string;
  quotes: Quote[];
  cards: EntityLink[];
  suggestions: string[];
}

/** 万元 → 1.23 亿元 / 5432 万元 (one decimal under 100 万). */
export function money(wan: number | null | undefined): string {
  if (wan === null || wan === undefined || !Number.isFinite(wan)) return '未披露';
  if (wan >= 10_000) return `${Number((wan / 10_000).toFixed(2))} 亿元`;
  if (wan >= 100) return `${Math.round(wan)} 万元`;
  return `${Number(wan.toFixed(1))} 万元`;
}

const cell = (text: string | number | null | undefined) => escapeMd(String(text ?? '') || '—');

export function filtersLine(f: UsedFilters, withTime = true): string {
  const parts: string[] = [];
  if (f.kind) parts.push(`对象：${f.kind}`);
  if (f.industry?.length) parts.push(`行业：${f.industry.join('、')}`);
  if (f.stage?.length) parts.push(`轮次：${f.stage.join('、')}`);
  if (f.region?.length) parts.push(`地区：${f.region.join('、')}`);
  if (withTime || f.period)
    parts.push(f.period ? `时间：${f.period.label}（${f.period.from} 至 ${f.period.to}）` : '时间：全部');
  if (f.amount) {
    const { min, max } = f.amount;
    parts.push(
      min !== null && max !== null && min === max
        ? `金额：${money(min)}`
        : `单笔金额：${min !== null ? `≥ ${money(min)}` : ''}${min !== null && max !== null ? '，' : ''}${max !== null ? `≤ ${money(max)}` : ''}`,
    );
  }
  if (f.keyword) parts.push(`关键词：${f.keyword}`);
  if (f.groupBy) parts.push(`分组：按${f.groupBy}`);
  return `筛选条件：${parts.join('；')}`;
}

/** What the filters describe, for a sentence: 最近一年 · 新能源汽车 · A轮. */
function scope(f: UsedFilters): string {
  const when = f.period ? `${f.period.label}（${f.period.from} 至 ${f.period.to}）` : '';
  const what = [...(f.region ?? []), ...(f.industry ?? []), ...(f.stage ?? [])].join(' · ');
  return [when, what].filter(Boolean).join('，') || '平台全部';
}

const METRIC_NAMES: Record<Metric, string> = {
  count: '笔数',
  sum: '总额',
  avg: '平均金额',
  median: '中位数',
};

export function composeAggregate(
  plan: Extract<Plan, { kind: 'aggregate' }>,
  result: AggregateResult,
  filters: UsedFilters,
): AnalystAnswer {
  const lines: string[] = [];
  const where = scope(filters);
  const t = result.total;
  if (!t) {
    lines.push(`在所给条件下（${where}）平台没有融资记录，所以没有可计算的数据。`, '', filtersLine(filters));
    return { markdown: lines.join('\n'), quotes: [], cards: [], suggestions: broaden(filters) };
  }
  const metrics = plan.metrics;
  const amountsOk = t.disclosed > 0;
  const said = (m: Metric): string => {
    if (m === 'count') return `共 **${t.count}** 笔融资`;
    if (!amountsOk) return '';
    if (m === 'sum') return `披露金额合计 **${money(t.sum)}**`;
    if (m === 'avg') return `平均单笔 **${money(t.avg)}**`;
    return `中位数 **${money(t.median)}**`;
  };
  if (plan.rankBy && result.groups.length) {
    const sorted = [...result.groups].sort((a, b) =>
      plan.rankBy === 'sum' ? (b.sum ?? 0) - (a.sum ?? 0) : b.count - a.count,
    );
    const first = sorted[0]!;
    const second = sorted[1];
    const value = (g: typeof first) => (plan.rankBy === 'sum' ? money(g.sum) : `${g.count} 笔`);
    lines.push(
      `${where}，融资${plan.rankBy === 'sum' ? '总额' : '笔数'}最多的${GROUP_NAMES[result.groupBy]}是 **${escapeMd(first.label)}**（${value(first)}）${second ? `，其次是 ${escapeMd(second.label)}（${value(second)}）` : ''}。`,
      '',
    );
    result.groups = sorted;
  } else {
    const head = metrics.map(said).filter(Boolean);
    if (metrics.length === 1 && metrics[0] !== 'count') {
      lines.push(
        amountsOk
          ? `${where}的融资${METRIC_NAMES[metrics[0]!]}为 **${money(metrics[0] === 'avg' ? t.avg : metrics[0] === 'sum' ? t.sum : t.median)}**（按 ${t.disclosed} 笔披露金额的融资计算，共 ${t.count} 笔）。`
          : `${where}共有 ${t.count} 笔融资，但都没有披露金额，无法计算${METRIC_NAMES[metrics[0]!]}。`,
        '',
      );
    } else {
      lines.push(`${where}：${[said('count'), ...head.filter((h) => !h.startsWith('共'))].join('，')}。`, '');
      if (amountsOk && t.disclosed < t.count)
        lines.push(`金额按其中 ${t.disclosed} 笔披露金额的融资计算。`, '');
      if (!amountsOk) lines.push('这些融资都没有披露金额，无法计算金额。', '');
    }
  }
  if (result.groups.length) {
    const shown = result.groups.slice(0, 12);
    lines.push(
      `| ${GROUP_NAMES[result.groupBy]} | 笔数 | 披露金额笔数 | 总额 | 平均 | 中位数 |`,
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const g of shown)
      lines.push(
        `| ${cell(g.label)} | ${g.count} | ${g.disclosed} | ${cell(money(g.sum))} | ${cell(money(g.avg))} | ${cell(money(g.median))} |`,
      );
    if (result.groups.length > shown.length)
      lines.push('', `另有 ${result.groups.length - shown.length} 组未列出。`);
    lines.push('');
  }
  lines.push(
    filtersLine(filters),
    '',
    '数据来源：平台资料库的融资记录（金额单位为人民币，未披露金额的融资只计入笔数）。',
  );
  const industry = filters.industry?.[0];
  return {
    markdown: lines.join('\n'),
    quotes: [],
    cards: [],
    suggestions: industry
      ? [
          `${industry}领域最近一年最活跃的投资机构有哪些`,
          `${industry}各轮次的平均融资金额`,
          `${industry}每年的融资笔数`,
        ]
      : ['哪个行业最近一年融资笔数最多', '各轮次的平均融资金额是多少', '最近一年最活跃的投资机构有哪些'],
  };
}

function broaden(f: UsedFilters): string[] {
  const out: string[] = [];
  const industry = f.industry?.[0];
  if (industry && f.period) out.push(`${industry}的融资笔数和平均金额`);
  if (industry && f.stage?.length) out.push(`${industry}各轮次的融资笔数`);
  if (!industry) out.push('哪个行业最近一年融资笔数最多');
  out.push('最近一年最活跃的投资机构有哪些');
  return out.slice(0, 3);
}

export function composeRank(result: RankResult, filters: UsedFilters, links: LinkContext): AnalystAnswer {
  const where = scope(filters);
  const who = result.target === 'institution' ? '投资机构' : '投资人';
  const cards: EntityLink[] = [];
  if (!result.list.length) {
    return {
      markdown: [
        `在所给条件下（${where}）平台没有${who}参与融资的记录，所以无法排名。`,
        '',
        filtersLine(filters),
      ].join('\n'),
      quotes: [],
      cards,
      suggestions: broaden(filters),
    };
  }
  const display = (r: RankResult['list'][number]) =>
    result.target === 'institution' ? r.alias || r.name : r.name;
  const [first, second, third] = result.list;
  const lines = [
    `${where}出手最多的${who}是 **${escapeMd(display(first!))}**（${first!.deals} 笔，其中领投 ${first!.leads} 笔）${
      second
        ? `，其次是 ${[second, third]
            .filter(Boolean)
            .map((r) => `${escapeMd(display(r!))}（${r!.deals} 笔）`)
            .join('、')}`
        : ''
    }。`,
    '',
    `| 排名 | ${who} | ${result.target === 'investor' ? '所在机构 | ' : ''}参与笔数 | 领投笔数 | 最近一笔 |`,
    `| ---: | --- | ${result.target === 'investor' ? '--- | ' : ''}---: | ---: | --- |`,
  ];
  result.list.forEach((r, i) => {
    const link = entityLink(r.kind, r.id, display(r), links);
    cards.push(link);
    lines.push(
      `| ${i + 1} | ${mdLink(link.name, link.url)} | ${result.target === 'investor' ? `${cell(r.alias)} | ` : ''}${r.deals} | ${r.leads} | ${cell(r.lastDate)} |`,
    );
  });
  lines.push(
    '',
    `统计范围内共 ${result.rounds} 笔融资、${result.participants} 个${who}参与；同一笔融资只计一次，按参与笔数、领投笔数排序。`,
    '',
    filtersLine(filters),
  );
  const industry = filters.industry?.[0];
  const top = display(first!);
  return {
    markdown: lines.join('\n'),
    quotes: [],
    cards,
    suggestions: [
      second ? `对比${top}和${display(second)}` : `${top}的情况`,
      industry ? `${industry}的平均融资金额是多少` : '哪个行业最近一年融资笔数最多',
      industry ? `${industry}领域最近半年最活跃的投资人` : '最近半年最活跃的投资人有哪些',
    ],
  };
}

export function composeCompare(result: CompareResult, links: LinkContext): AnalystAnswer {
  const lines: string[] = [];
  const cards: EntityLink[] = [];
  const label = (f: CompareResult['found'][number]) => (f.alias && f.kind !== 'investor' ? f.alias : f.name);
  if (result.missing.length) {
    const seen = new Set<string>();
    const closest = result.missing
      .flatMap((m) => m.closest)
      .sort((a, b) => b.similarity - a.similarity)
      .filter((c) => !seen.has(`${c.kind}:${c.id}`) && seen.add(`${c.kind}:${c.id}`))
      .slice(0, 4)
      .map((c) => {
        const link = entityLink(c.kind, c.id, c.alias || c.name, links);
        cards.push(link);
        return mdLink(link.name, link.url);
      });
    lines.push(
      `平台资料库中没有收录${result.missing.map((m) => `「${escapeMd(m.name)}」`).join('和')}，所以无法给出${result.missing.length > 1 ? '它们' : '它'}的数据。${
        closest.length ? `资料库里名称最接近的是 ${closest.join('、')}，可以换成它们比较。` : ''
      }`,
      '',
    );
  }
  const found = result.found;
  if (found.length >= 2) {
    const kinds = new Set(found.map((f) => f.kind));
    lines.push(
      `${found.map((f) => `**${escapeMd(label(f))}**`).join(' 与 ')}的对比如下（数据来自平台资料库）：`,
      '',
    );
    if (kinds.size > 1) lines.push('注意：它们不是同一类记录（机构、项目或投资人），部分指标不可比。', '');
  } else if (found.length === 1) {
    lines.push(`**${escapeMd(label(found[0]!))}** 的资料如下（数据来自平台资料库）：`, '');
  }
  if (found.length) {
    const rowLabels: string[] = [];
    for (const f of found)
      for (const fact of f.facts) if (!rowLabels.includes(fact.label)) rowLabels.push(fact.label);
    const heads = found.map((f) => {
      const link = entityLink(f.kind, f.id, label(f), links);
      cards.push(link);
      return mdLink(link.name, link.url);
    });
    lines.push(`| 指标 | ${heads.join(' | ')} |`, `| --- | ${found.map(() => '---').join(' | ')} |`);
    for (const row of rowLabels)
      lines.push(
        `| ${row} | ${found.map((f) => cell(f.facts.find((x) => x.label === row)?.value)).join(' | ')} |`,
      );
    lines.push('');
    const deals = found.map((f) => ({
      f,
      n: Number(f.facts.find((x) => x.label === '参与交易')?.value.replace(/\D/g, '') ?? NaN),
    }));
    const comparable = deals.filter((d) => Number.isFinite(d.n));
    if (comparable.length >= 2) {
      const best = [...comparable].sort((a, b) => b.n - a.n)[0]!;
      lines.push(`从参与交易笔数看，${escapeMd(label(best.f))}更活跃（${best.n} 笔）。`, '');
    }
  } else if (!result.missing.some((m) => m.closest.length)) {
    lines.push('可以换成平台收录的机构或项目名称再比较，或先问“最近一年最活跃的投资机构有哪些”。', '');
  }
  const first = found[0] ? label(found[0]) : result.missing[0]?.closest[0]?.alias;
  return {
    markdown: lines.join('\n').trim(),
    quotes: [],
    cards: dedupeCards(cards),
    suggestions: [
      '最近一年最活跃的投资机构有哪些',
      first ? `${first}最近投了哪些行业` : '哪个行业最近一年融资笔数最多',
      '帮我找新能源汽车领域的A轮项目',
    ],
  };
}

export function composeMatch(result: MatchResult, filters: UsedFilters, links: LinkContext): AnalystAnswer {
  const cards: EntityLink[] = [];
  const lines: string[] = [];
  const conditions = [
    filters.industry?.join('、'),
    filters.stage?.join('、'),
    filters.region?.join('、'),
    filters.amount ? `约 ${money(filters.amount.min)}` : '',
  ]
    .filter(Boolean)
    .join('，');
  if (!result.list.length) {
    lines.push(
      `按你的条件（${conditions}）撮合引擎暂时没有找到匹配的${result.side === 'investors' ? '投资机构' : '项目'}。`,
    );
    return { markdown: lines.join('\n'), quotes: [], cards, suggestions: broaden(filters) };
  }
  if (result.side === 'investors') {
    lines.push(
      `按你的条件（${conditions}），撮合引擎找到 **${result.total}** 家可能匹配的投资机构，最值得优先接触的是 **${escapeMd(result.list[0]!.alias || result.list[0]!.name)}**。匹配度最高的 ${result.list.length} 家：`,
      '',
      '| 排名 | 机构 | 匹配度 | 主要理由 |',
      '| ---: | --- | ---: | --- |',
    );
  } else {
    lines.push(
      `按你的投资方向（${conditions}），撮合引擎找到 **${result.total}** 个可能匹配的项目，最契合的是 **${escapeMd(result.list[0]!.alias || result.list[0]!.name)}**。匹配度最高的 ${result.list.length} 个：`,
      '',
      '| 排名 | 项目 | 匹配度 | 主要理由 |',
      '| ---: | --- | ---: | --- |',
    );
  }
  result.list.forEach((r, i) => {
    const link = entityLink(r.kind, r.id, r.alias || r.name, links);
    cards.push(link);
    lines.push(`| ${i + 1} | ${mdLink(link.name, link.url)} | ${Math.round(r.score)} | ${cell(r.reason)} |`);
  });
  lines.push(
    '',
    '匹配度 0–100，综合行业、轮次、金额、地区与过往投资；完整名单与理由见“智能撮合”页面。',
    '',
    filtersLine(filters, false),
  );
  const top = result.list[0]!.alias || result.list[0]!.name;
  return {
    markdown: lines.join('\n'),
    quotes: [],
    cards: dedupeCards(cards),
    suggestions:
      result.side === 'investors'
        ? [
            `${top}的情况`,
            `${filters.industry?.[0] ?? ''}领域最近一年最活跃的投资机构有哪些`,
            '如何准备一份商业计划书',
          ]
        : [
            `${top}的情况`,
            `${filters.industry?.[0] ?? ''}的平均融资金额是多少`,
            `${filters.industry?.[0] ?? ''}各轮次的融资笔数`,
          ],
  };
}

export const INTRO_MARKDOWN = [
  '你好，我是金桥助手，可以用平台资料库的数据帮你做融资与投资分析：',
  '',
  '- **算数**：某个行业、轮次、地区、时间段的融资笔数、总额、平均与中位数金额；',
  '- **排名**：一段时间内在某个行业最活跃的投资机构或投资人；',
  '- **对比**：两三家机构或项目的关键数据并排对比；',
  '- **撮合**：按你的行业、轮次和金额推荐该接触的投资机构，或按投资方向推荐项目；',
  '- **找资料**：按条件找项目、机构、投资人，引用平台研报的原文回答行业问题。',
  '',
  '可以这样问我：',
].join('\n');

export const INTRO_EXAMPLES = [
  '最近一年人工智能领域最活跃的投资机构有哪些',
  '新能源汽车A轮融资的平均金额是多少',
  '我们是做储能的A轮公司，想融5000万，应该找哪些机构',
];

export function composeIntro(): AnalystAnswer {
  return {
    markdown: `${INTRO_MARKDOWN}\n\n${INTRO_EXAMPLES.map((e) => `- ${e}`).join('\n')}`,
    quotes: [],
    cards: [],
    suggestions: INTRO_EXAMPLES,
  };
}

export function composeRefusal(reason: 'privacy' | 'injection'): AnalystAnswer {
  return {
    markdown:
      reason === 'privacy'
        ? '抱歉，我不能提供其他用户的信息，只能回答平台公开资料库的数据和你自己对话里的内容。'
        : '抱歉，我不能改变或透露自己的工作规则，但可以继续回答平台资料库里关于项目、机构和融资的问题。',
    quotes: [],
    cards: [],
    suggestions: INTRO_EXAMPLES,
  };
}

export function composeClarify(plan: Extract<Plan, { kind: 'clarify' }>): AnalystAnswer {
  return {
    markdown: `「${escapeMd(plan.word)}」在平台的行业分类里包括 ${plan.choices.map((c) => `**${escapeMd(c)}**`).join('、')}。你想看哪一个？可以直接回复行业名称，或点下面的问题。`,
    quotes: [],
    cards: [],
    suggestions: plan.choices.slice(0, 4).map((c) => plan.question.replace(plan.word, c)),
  };
}

export function composeImpossible(message: string): AnalystAnswer {
  return {
    markdown: message,
    quotes: [],
    cards: [],
    suggestions: [
      '最近一年的融资笔数和平均金额',
      '2024年以来最活跃的投资机构有哪些',
      '今年上半年各行业的融资笔数',
    ],
  };
}

export function composeToolError(error: string): AnalystAnswer {
  return {
    markdown: `这个问题我没法按条件算出来：${escapeMd(error)}。`,
    quotes: [],
    cards: [],
    suggestions: INTRO_EXAMPLES,
  };
}

function dedupeCards(cards: EntityLink[]): EntityLink[] {
  const seen = new Set<string>();
  return cards.filter((c) => {
    const key = `${c.kind}:${c.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Drops a line (or table row) that repeats an earlier one word for word. */
export function withoutRepeats(markdown: string): string {
  const seen = new Set<string>();
  return markdown
    .split('\n')
    .filter((line) => {
      const key = line.trim();
      if (!key || /^\|[\s\-:|]+\|$/.test(key)) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join('\n');
}
