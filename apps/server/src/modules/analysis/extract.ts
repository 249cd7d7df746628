/**
 * Facts of a business plan, each with the page it came from: company, industry on the
 * taxonomy, stage, ask, team, market-size claims (with or without a source), traction
 * figures, competitors, business model and use of funds. Pages are sorted into the plan's
 * sections by their titles (the first line of a slide or PDF page, a DOCX heading), then by
 * what their text says; figures are read line by line. Chinese and English plans both work.
 */
import { PLAN_SECTIONS, type PlanFacts, type PlanSectionKey, stageLabel } from '@jq/contract';
import { parseDescription } from '../matching/index.js';
import { getIndustry, parseStage } from '../reference/index.js';

export interface PlanPage {
  no: number;
  label: string;
  text: string;
}

/** A part of a page under one title: a slide, a PDF page, or a DOCX section. */
export interface Segment {
  page: number;
  title: string;
  text: string;
  section: PlanSectionKey | null;
}

const TITLE_WORDS: [PlanSectionKey, RegExp][] = [
  ['use_of_funds', /资金用途|资金使用|募集资金|用款计划|use of (?:funds|proceeds)/i],
  [
    'ask',
    /融资计划|融资需求|本轮融资|融资方案|融资安排|融资规划|the ask|funding (?:ask|request|plan)|fundrais/i,
  ],
  ['team', /团队|创始人|管理层|核心成员|关于我们的人|\bteam\b|founders?|management/i],
  ['market', /市场规模|市场空间|市场分析|行业规模|市场机会|市场概况|行业分析|market/i],
  ['competition', /竞争|竞品|对手|competi/i],
  ['business_model', /商业模式|盈利模式|收费模式|收入模式|business model|revenue model|monetiz/i],
  ['financials', /财务|营收预测|收入预测|盈利预测|financ|projection/i],
  [
    'traction',
    /运营数据|经营数据|经营业绩|核心数据|业务进展|发展历程|里程碑|客户案例|业绩|traction|milestone|key metrics/i,
  ],
  ['product', /产品|技术|解决方案|核心优势|研发|product|technology|solution/i],
];

/** The section a title names, if any. */
export function sectionOfTitle(title: string): PlanSectionKey | null {
  const t = title.slice(0, 40);
  for (const [key, re] of TITLE_WORDS) if (re.test(t)) return key;
  return null;
}

const clean = (s: string) => s.replace(/[ \t\u3000]+/g, ' ').trim();

/** Pages cut into titled segments: DOCX-like parts at their headings, other pages whole. */
export function segmentPages(
  pages: PlanPage[],
  headings?: Map<number, { text: string; start: number }[]>,
): Segment[] {
  const out: Segment[] = [];
  for (const page of pages) {
    const marks = headings?.get(page.no) ?? [];
    if (marks.length > 1) {
      const sorted = [...marks].sort((a, b) => a.start - b.start);
      if (sorted[0]!.start > 0) {
        const head = page.text.slice(0, sorted[0]!.start);
        if (head.trim()) out.push(segment(page.no, head));
      }
      sorted.forEach((mark, i) => {
        const end = sorted[i + 1]?.start ?? page.text.length;
        out.push(segment(page.no, page.text.slice(mark.start, end)));
      });
    } else out.push(segment(page.no, page.text));
  }
  return out;
}

function segment(page: number, text: string): Segment {
  const lines = text.split('\n').map(clean).filter(Boolean);
  const title = (lines[0] ?? '').replace(/^[#\d.、\s一二三四五六七八九十]+/, '').slice(0, 60);
  return { page, title, text, section: sectionOfTitle(title) };
}

// ---- Numbers ----
const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?`;
/** An amount: 3200万元, 1.2亿元, 5,000 万, 800万美元, $5M, USD 3 million. */
const AMOUNT = new RegExp(
  String.raw`(?:(?:US)?\$|USD\s?|RMB\s?|¥|￥)?\s?${NUM}\s?(万亿|亿|万|千万|百万|million|m\b|billion|bn\b|k\b)?\s?(美元|元|人民币|USD|RMB)?`,
  'gi',
);

export interface Amount {
  wan: number;
  text: string;
  index: number;
}

/** Amounts in a line, in 万元 (US dollars at 7.2). Bare numbers without a unit are skipped. */
export function amountsIn(line: string): Amount[] {
  const out: Amount[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const whole = m[0]!;
    const unit = (m[3] ?? '').toLowerCase();
    const currency = m[4] ?? '';
    const dollars = /\$|usd/i.test(whole);
    if (!unit && !currency && !dollars) continue;
    if (!unit && (currency === '元' || currency === '人民币') && !dollars) {
      // 元 alone: a price, not an amount in 万.
      const n = Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? 0}`);
      out.push({ wan: n / 10_000, text: whole.trim(), index: m.index! });
      continue;
    }
    let n = Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? 0}`);
    switch (unit) {
      case '万亿':
        n *= 1e8;
        break;
      case '亿':
        n *= 1e4;
        break;
      case '千万':
        n *= 1e3;
        break;
      case '百万':
        n *= 100;
        break;
      case 'million':
      case 'm':
        n *= 100;
        break;
      case 'billion':
      case 'bn':
        n *= 1e5;
        break;
      case 'k':
        n /= 10;
        break;
      default:
        if (!unit && dollars) n /= 10_000;
    }
    if (dollars || /美元|usd/i.test(currency)) n *= 7.2;
    if (/^\d{4}$/.test(m[1]!) && !m[2] && !unit) continue;
    out.push({ wan: Math.round(n * 100) / 100, text: whole.trim(), index: m.index! });
  }
  return out;
}

const lineList = (text: string) => text.split('\n').map(clean).filter(Boolean);
const quoteOf = (line: string) => (line.length > 120 ? `${line.slice(0, 118)}…` : line);

// ---- The extraction ----
const ASK_RE =
  /(?:拟|计划|本轮|寻求)?融资(?:金额|需求|规模|额度)?|募集|raising|raise|seeking|funding ask|the ask/i;
const REVENUE_RE = /营业收入|营收|销售收入|销售额|总收入|收入|revenue|sales|\bARR\b|GMV/i;
const MARKET_RE =
  /市场规模|市场空间|市场容量|行业规模|\bTAM\b|\bSAM\b|\bSOM\b|market size|market (?:is|of|worth)/i;
const SOURCE_RE =
  /来源|出处|据|引自|资料|报告|统计局|艾瑞|艾媒|IDC|Gartner|弗若斯特|沙利文|Frost|前瞻|头豹|中商|易观|麦肯锡|McKinsey|Statista|《|source|according to/i;
const GROWTH_RE = /(?:同比|年|环比)?增长\s?(\d+(?:\.\d+)?)\s?%|(\d+(?:\.\d+)?)\s?%\s?(?:growth|YoY|增长)/i;
const USERS_RE = /(\d+(?:\.\d+)?)\s?(万|亿)?\s?(?:名|个|位)?\s?(注册用户|活跃用户|用户|users)/i;
const CUSTOMERS_RE =
  /(\d+(?:\.\d+)?)\s?(万|千)?\s?(家|个)?\s?(付费客户|客户|企业客户|customers|clients)|(?:客户|customers)[^\d\n]{0,6}(\d+)\s?(家|个)/i;
const TITLE_ROLE_RE =
  /(CEO|CTO|COO|CFO|CMO|创始人|联合创始人|董事长|总裁|总经理|副总裁|首席[\u4e00-\u9fa5]{1,6}官|合伙人|负责人|总监|founder|co-founder|chief [a-z]+ officer)/i;
const YEAR_RE = /(20\d{2})\s?年?/;
const COMPANY_RE = /([\u4e00-\u9fa5（）()]{2,30}(?:股份)?有限(?:责任)?公司)/;
const STAGE_RE =
  /(种子|天使|Pre-?A\+?|A\+{0,2}|B\+?|C\+?|D|E|Pre-?IPO)\s?轮|(seed|angel|series [a-e]|pre-?a)\b/i;

const hasCjk = (text: string) => /[\u4e00-\u9fa5]/.test(text);

function languageOf(pages: PlanPage[]): 'zh' | 'en' {
  const text = pages
    .map((p) => p.text)
    .join('\n')
    .slice(0, 20_000);
  const cjk = (text.match(/[\u4e00-\u9fa5]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]+/g) ?? []).length;
  return cjk >= latin * 0.3 ? 'zh' : 'en';
}

const fact = (value: string, number: number | null, page: number, line: string) => ({
  value: clean(value).slice(0, 200),
  number,
  page,
  quote: quoteOf(line),
});

export function extractFacts(pages: PlanPage[], segments: Segment[] = segmentPages(pages)): PlanFacts {
  const language = languageOf(pages);
  const bySection = new Map<PlanSectionKey, Segment[]>();
  for (const s of segments) {
    if (!s.section) continue;
    bySection.set(s.section, [...(bySection.get(s.section) ?? []), s]);
  }
  const linesOf = (key: PlanSectionKey) =>
    (bySection.get(key) ?? []).flatMap((s) => lineList(s.text).map((line) => ({ line, page: s.page })));
  const allLines = segments.flatMap((s) =>
    lineList(s.text).map((line) => ({ line, page: s.page, section: s.section })),
  );

  // Company: a registered name, else the cover's first line.
  let company: PlanFacts['company'] = null;
  for (const { line, page } of allLines) {
    const m = COMPANY_RE.exec(line);
    if (m && !/竞争|对手|客户/.test(line)) {
      company = fact(m[1]!, null, page, line);
      break;
    }
  }
  if (!company && pages[0]) {
    const first = lineList(pages[0].text)[0];
    if (first)
      company = fact(
        first.replace(/商业计划书|business plan|BP/gi, '').trim() || first,
        null,
        pages[0].no,
        first,
      );
  }

  // Industry: the cover, overview and product pages say what the company does; competitors' pages do not.
  const industryPages = segments.filter(
    (s) => s.page <= (pages[0]?.no ?? 1) + 2 || s.section === 'product' || s.section === 'market',
  );
  let industry: PlanFacts['industry'] = null;
  for (const s of industryPages) {
    const parsed = parseDescription(s.text.slice(0, 4000));
    const id = parsed.industries.find((i) => i.includes('.')) ?? parsed.industries[0];
    if (id && getIndustry(id)) {
      industry = { id, name: getIndustry(id)!.name, page: s.page };
      if (id.includes('.')) break;
    }
  }

  // Stage and ask: the ask section first, then anywhere.
  const askLines = [...linesOf('ask'), ...allLines.filter((l) => l.section !== 'ask')];
  let stage: PlanFacts['stage'] = null;
  for (const { line, page } of askLines) {
    const m = STAGE_RE.exec(line);
    if (!m) continue;
    const code = parseStage((m[1] ?? m[2] ?? '').replace(/\s+/g, ''));
    if (code !== undefined && code > 0) {
      stage = { code, label: stageLabel(code), page };
      break;
    }
  }
  let ask: PlanFacts['ask'] = null;
  for (const { line, page } of askLines) {
    if (!ASK_RE.test(line) || /已完成|累计|历史|曾获|获得了|completed|raised \$/i.test(line)) continue;
    const amount = amountsIn(line)[0];
    if (amount && amount.wan >= 10) {
      ask = fact(amount.text, amount.wan, page, line);
      break;
    }
  }

  // Team: lines of the team section that name a person and a role.
  const team: PlanFacts['team'] = [];
  for (const { line, page } of linesOf('team')) {
    if (!TITLE_ROLE_RE.test(line)) continue;
    const name = hasCjk(line)
      ? (/^([\u4e00-\u9fa5]{2,4})(?=[\s，,：:（(|｜—-]|CEO|CTO|COO|CFO|创始|联合|董事|总|副|首席)/.exec(
          line,
        )?.[1] ?? '')
      : (/^([A-Z][a-z]+(?: [A-Z][a-z]+)+)/.exec(line)?.[1] ?? '');
    if (!name || team.some((m) => m.value.startsWith(name))) continue;
    team.push(fact(line, null, page, line));
    if (team.length >= 12) break;
  }

  // Market-size claims, each with the source the same or the next line names.
  const marketClaims: PlanFacts['marketClaims'] = [];
  for (const [i, { line, page }] of allLines.entries()) {
    if (!MARKET_RE.test(line)) continue;
    const amount = amountsIn(line).find((a) => a.wan >= 10_000);
    if (!amount) continue;
    const next = allLines[i + 1];
    const sourceLine = SOURCE_RE.test(line)
      ? line
      : next && next.page === page && SOURCE_RE.test(next.line)
        ? next.line
        : '';
    const source = sourceLine
      ? (/(?:来源|出处|source)[:：]?\s*(.{2,60})/i.exec(sourceLine)?.[1] ??
        /《[^》]{2,60}》/.exec(sourceLine)?.[0] ??
        /(艾瑞|艾媒|IDC|Gartner|弗若斯特沙利文|沙利文|Frost & Sullivan|前瞻产业研究院|头豹|中商产业研究院|易观|麦肯锡|McKinsey|Statista|国家统计局)/i.exec(
          sourceLine,
        )?.[1] ??
        sourceLine)
      : '';
    marketClaims.push({ ...fact(amount.text, amount.wan, page, line), source: clean(source).slice(0, 80) });
    if (marketClaims.length >= 10) break;
  }

  // Traction: revenue by year, users, customers, growth.
  const traction: PlanFacts['traction'] = [];
  for (const { line, page, section } of allLines) {
    if (section === 'market' || section === 'competition') continue;
    if (
      REVENUE_RE.test(line) &&
      !MARKET_RE.test(line) &&
      !/预测|预计|目标|forecast|projected|expected/i.test(line)
    ) {
      const amount = amountsIn(line).find((a) => a.wan > 0);
      if (amount) {
        const year = YEAR_RE.exec(line)?.[1] ?? '';
        traction.push({ ...fact(amount.text, amount.wan, page, line), metric: 'revenue', year });
      }
    }
    const growth = GROWTH_RE.exec(line);
    if (growth && !MARKET_RE.test(line) && !/复合|CAGR/i.test(line)) {
      const n = Number(growth[1] ?? growth[2]);
      traction.push({
        ...fact(`${n}%`, n, page, line),
        metric: 'growth',
        year: YEAR_RE.exec(line)?.[1] ?? '',
      });
    }
    const users = USERS_RE.exec(line);
    if (users) {
      const n = Number(users[1]) * (users[2] === '万' ? 10_000 : users[2] === '亿' ? 1e8 : 1);
      traction.push({ ...fact(users[0]!, n, page, line), metric: 'users', year: '' });
    }
    const customers = CUSTOMERS_RE.exec(line);
    if (customers) {
      const n =
        Number(customers[1] ?? customers[5]) *
        (customers[2] === '万' ? 10_000 : customers[2] === '千' ? 1000 : 1);
      if (n > 0) traction.push({ ...fact(customers[0]!, n, page, line), metric: 'customers', year: '' });
    }
    if (traction.length >= 40) break;
  }

  // Competitors: named companies in the competition section.
  const competitors: PlanFacts['competitors'] = [];
  for (const { line, page } of linesOf('competition')) {
    const list = /(?:竞争对手|竞品|对手|competitors?)(?:包括|主要有|有|：|:)\s*(.+)/i.exec(line)?.[1];
    const names = list
      ? list.split(/[、，,；;和及]|\band\b/).map((n) => clean(n).replace(/[。.]$/, ''))
      : [
          ...line.matchAll(/([\u4e00-\u9fa5A-Za-z]{2,16}(?:公司|科技|集团|智能|网络|医疗|Inc\.?|Ltd\.?))/g),
        ].map((m) => m[1]!);
    for (const name of names) {
      if (name.length < 2 || name.length > 30 || competitors.some((c) => c.value === name)) continue;
      competitors.push(fact(name, null, page, line));
    }
    if (competitors.length >= 10) break;
  }

  const businessModel = linesOf('business_model')
    .filter(({ line }) => line.length >= 8)
    .slice(1, 6)
    .map(({ line, page }) => fact(line, null, page, line));

  const useOfFunds: PlanFacts['useOfFunds'] = [];
  for (const { line, page } of linesOf('use_of_funds')) {
    const share = /(\d{1,3}(?:\.\d+)?)\s?%/.exec(line);
    const amount = amountsIn(line)[0];
    if (share || amount || /用于|for\b/i.test(line))
      useOfFunds.push(fact(line, share ? Number(share[1]) : (amount?.wan ?? null), page, line));
    if (useOfFunds.length >= 10) break;
  }

  const sections = PLAN_SECTIONS.map(({ key, label }) => ({
    key,
    label,
    pages: [...new Set((bySection.get(key) ?? []).map((s) => s.page))],
  }));
  return {
    language,
    company,
    industry,
    stage,
    ask,
    team,
    marketClaims,
    traction,
    competitors,
    businessModel,
    useOfFunds,
    sections,
  };
}
