/**
 * The local engine's teaser: composed from the structured fields and sentences of the
 * plan's own text, section by section. It writes no number of its own: every figure in the
 * result appears in the sources (`unsupportedNumbers` checks it; sentences that would add
 * one are dropped), which the online engine's answer is held to as well.
 */
import { stageLabel, TEASER_SECTION_LABELS, TEASER_SECTIONS, type TeaserSection } from '@jq/contract';
import { industryName, regionName } from '../reference/index.js';
import type { TeaserRow } from './rows.js';

type Facts = Pick<
  TeaserRow,
  | 'companyName'
  | 'industries'
  | 'stage'
  | 'amount'
  | 'regionCode'
  | 'foundedYear'
  | 'tags'
  | 'facts'
  | 'sourceText'
  | 'isAnonymous'
>;

const KEYWORDS: Record<TeaserSection, RegExp> = {
  intro: /(公司|成立|致力|专注|定位|是一家|总部)/,
  product: /(产品|技术|专利|平台|系统|研发|算法|解决方案|软件|硬件|设备|工艺)/,
  market: /(市场|规模|客户|行业|需求|渗透|竞争|赛道|空间|用户群)/,
  team: /(团队|创始人|CEO|CTO|博士|硕士|毕业|曾任|经验|背景|核心成员)/,
  metrics: /(收入|营收|营业额|利润|客户数|用户数|订单|增长|同比|GMV|ARR|毛利|复购|出货|签约)/,
  financing: /(融资|本轮|估值|资金用途|用于|出让|募集)/,
  highlights: /(领先|首个|首家|第一|唯一|突破|壁垒|独家|核心优势|优势|认证|获奖|国家级|专精特新)/,
};

/** Plan sentences, split on Chinese and Latin sentence ends and line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => Array.from(s).length >= 8 && Array.from(s).length <= 220);
}

/** Numbers in a text (1.5, 2,000, 30%) as plain digit strings. */
export function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, ''));
}

/** The numbers of `text` that the sources do not hold. */
export function unsupportedNumbers(text: string, sources: string): string[] {
  const known = new Set(numbersIn(sources));
  return numbersIn(text).filter((n) => !known.has(n));
}

/** Everything the composition may draw numbers from. */
export function sourcesText(f: Facts): string {
  return [
    f.companyName,
    f.foundedYear ? String(f.foundedYear) : '',
    f.amount !== null ? String(f.amount) : '',
    stageLabel(f.stage),
    ...Object.values(f.facts),
    f.sourceText,
    f.tags.join(' '),
  ].join('\n');
}

function pick(sentences: string[], re: RegExp, used: Set<string>, max: number): string[] {
  const out: string[] = [];
  for (const s of sentences) {
    if (out.length >= max) break;
    if (!used.has(s) && re.test(s)) {
      used.add(s);
      out.push(s);
    }
  }
  return out;
}

const joinSentences = (parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (/[。！？.!?；;]$/.test(p) ? p : `${p}。`))
    .join('');

/** The seven sections (only those asked for), in order, each a short paragraph or bullet list. */
export function composeSections(f: Facts, only?: readonly TeaserSection[]): Record<TeaserSection, string> {
  const factSentences = (key: string) => sentencesOf(f.facts[key] ?? '');
  const plan = sentencesOf(f.sourceText);
  const all = [...factSentences('description'), ...plan];
  const used = new Set<string>();
  const industries = f.industries.map(industryName).filter(Boolean);
  const who = f.isAnonymous || !f.companyName ? '该公司' : f.companyName;
  const out = {} as Record<TeaserSection, string>;

  const introFacts = [
    `${who}${f.foundedYear ? `成立于 ${f.foundedYear} 年，` : ''}${f.regionCode ? `位于${regionName(f.regionCode)}，` : ''}${
      industries.length ? `专注于${industries.join('、')}领域` : '是一家创新企业'
    }`,
  ];
  const metrics = factSentences('metrics');
  // Figures go to 业务数据 before any other section can take their sentences.
  out.metrics = joinSentences(
    metrics.length
      ? metrics.slice(0, 4)
      : pick(
          all.filter((s) => /\d/.test(s)),
          KEYWORDS.metrics,
          used,
          3,
        ),
  );
  out.intro = joinSentences([...introFacts, ...pick(all, KEYWORDS.intro, used, 2)]);

  const products = factSentences('products');
  out.product = joinSentences(products.length ? products.slice(0, 4) : pick(all, KEYWORDS.product, used, 3));
  out.market = joinSentences(pick(all, KEYWORDS.market, used, 3));
  const team = factSentences('team');
  out.team = joinSentences(team.length ? team.slice(0, 4) : pick(all, KEYWORDS.team, used, 3));
  const round = f.stage ? `本轮为${stageLabel(f.stage)}融资` : '本轮融资';
  const amount = f.amount !== null && f.amount > 0 ? `，计划融资 ${f.amount} 万元` : '，融资金额可沟通';
  const uses = factSentences('useOfFunds');
  // Plan sentences that only restate the round and amount already said are left out.
  const restates = (s: string) =>
    f.amount !== null && s.includes(String(f.amount)) && /融资/.test(s) && !/(用于|用途)/.test(s);
  out.financing = joinSentences([
    `${round}${amount}`,
    ...(uses.length
      ? uses.slice(0, 3)
      : pick(
          all.filter((s) => !restates(s)),
          KEYWORDS.financing,
          used,
          2,
        )),
  ]);
  const highlights = [
    ...pick(all, KEYWORDS.highlights, used, 3),
    ...(f.tags.length ? [`关键词：${f.tags.slice(0, 6).join('、')}`] : []),
  ];
  out.highlights = highlights.map((h) => `- ${h.replace(/[。；;]$/, '')}`).join('\n');

  for (const key of TEASER_SECTIONS) {
    if (only && !only.includes(key)) continue;
    if (!out[key].trim()) out[key] = `（资料中暂无「${TEASER_SECTION_LABELS[key]}」的信息，请补充）`;
  }
  // Any sentence that would state a number the sources do not hold is dropped.
  const sources = sourcesText(f);
  for (const key of TEASER_SECTIONS) out[key] = keepSupported(out[key], sources);
  return out;
}

/** Drops the sentences (or bullet lines) of `text` that hold a number the sources do not. */
export function keepSupported(text: string, sources: string): string {
  const lines = text.split('\n');
  return lines
    .map((line) =>
      line
        .split(/(?<=[。！？!?；;])/)
        .filter((s) => unsupportedNumbers(s, sources).length === 0)
        .join(''),
    )
    .filter((line) => line.trim() && line.trim() !== '-')
    .join('\n');
}
