/**
 * The analysis text. Sources are numbered once (rounds first, then report pages) and both
 * engines cite those numbers only. The local engine writes the Markdown itself from the
 * figures: overview, concentration, hot nodes, gaps (for a chain) or trend, stages,
 * investors, regions and directions (for a node), then the report passages, quoted verbatim.
 */
import type { ChainQuote, ChainRoundCitation } from '@jq/contract';
import type { AnalysisFacts, ChainFacts, CitedRound, NodeFacts } from './facts.js';
import type { Passage } from './passages.js';

export interface Sources {
  rounds: ChainRoundCitation[];
  quotes: ChainQuote[];
  /** n of a round id. */
  roundN: Map<number, number>;
  passages: { n: number; passage: Passage }[];
}

export function citedRoundsOf(facts: AnalysisFacts): CitedRound[] {
  const rounds = facts.kind === 'chain' ? facts.hot.flatMap((h) => h.rounds) : facts.recent;
  const seen = new Set<number>();
  return rounds.filter((r) => !seen.has(r.roundId) && seen.add(r.roundId));
}

export function numberSources(facts: AnalysisFacts, passages: Passage[]): Sources {
  const rounds: ChainRoundCitation[] = [];
  const roundN = new Map<number, number>();
  for (const r of citedRoundsOf(facts)) {
    const n = rounds.length + 1;
    roundN.set(r.roundId, n);
    rounds.push({
      n,
      roundId: r.roundId,
      projectId: r.projectId,
      projectName: r.projectName,
      date: r.date,
      stageLabel: r.stageLabel,
      amountText: r.amountText,
    });
  }
  const numbered = passages.map((passage, i) => ({ n: rounds.length + i + 1, passage }));
  const quotes = numbered.map(({ n, passage }) => ({
    n,
    pid: passage.reportId,
    title: passage.title,
    pages: [passage.pageNo],
    text: passage.quote,
  }));
  return { rounds, quotes, roundN, passages: numbered };
}

const yi = (wan: number) => (wan >= 10_000 ? `${(wan / 10_000).toFixed(1)}亿元` : `${Math.round(wan)}万元`);
const pct = (x: number) => `${Math.round(x * 100)}%`;

function growth(now: number, before: number): string {
  if (before === 0) return now > 0 ? '前 12 个月没有融资' : '';
  const change = Math.round(((now - before) / before) * 100);
  return `前 12 个月 ${before} 起，${change >= 0 ? '增长' : '下降'} ${Math.abs(change)}%`;
}

function roundLine(r: CitedRound, n: number | undefined): string {
  const investors = r.investors.length ? `，投资方包括${r.investors.join('、')}` : '';
  return `${r.projectName}于 ${r.date} 完成${r.stageLabel}（${r.amountText}）${investors}${n ? ` [${n}]` : ''}`;
}

function hhiWords(hhi: number): string {
  if (hhi >= 0.25) return '资金高度集中在少数环节';
  if (hhi >= 0.15) return '资金较为集中';
  return '资金在各环节之间分布较为分散';
}

function chainText(f: ChainFacts, s: Sources): string[] {
  const lines = [
    '### 概览',
    `${f.name}共 ${f.totals.nodes} 个环节，平台收录相关企业 ${f.totals.companies} 家、活跃机构 ${f.totals.institutions} 家。近 12 个月发生融资 ${f.totals.deals12m} 起，披露金额约 ${yi(f.totals.amount12m)}${f.totals.dealsPrev12m || f.totals.deals12m ? `（${growth(f.totals.deals12m, f.totals.dealsPrev12m)}）` : ''}。`,
    '',
    '### 集中度',
  ];
  if (f.companyTop3.length) {
    lines.push(
      `- 企业最多的环节是${f.companyTop3.join('、')}，合计约占全链企业的 ${pct(f.companyTop3Share)}。`,
    );
  }
  if (f.totals.deals12m) {
    const shares = f.segmentDealShares.map((x) => `${x.segment} ${pct(x.share)}`).join('、');
    lines.push(
      `- 近 12 个月融资按环节计算的赫芬达尔指数为 ${f.dealHhi.toFixed(2)}，${hhiWords(f.dealHhi)}；按段看：${shares}。`,
    );
  } else {
    lines.push('- 近 12 个月平台未收录该产业链的融资事件。');
  }
  lines.push('', '### 热门环节');
  if (!f.hot.length) lines.push('近 12 个月没有环节发生融资。');
  f.hot.forEach((h, i) => {
    const examples = h.rounds.map((r) => roundLine(r, s.roundN.get(r.roundId))).join('；');
    lines.push(
      `${i + 1}. **${h.name}**（${h.segment}）：近 12 个月 ${h.deals12m} 起融资，披露约 ${yi(h.amount12m)}${h.dealsPrev12m || h.deals12m ? `，${growth(h.deals12m, h.dealsPrev12m)}` : ''}。${examples ? `例如${examples}。` : ''}`,
    );
  });
  lines.push('', '### 空白与薄弱环节');
  if (!f.gaps.length) lines.push('各环节近 24 个月都有多家企业获得融资，暂无明显空白。');
  for (const g of f.gaps) {
    if (g.companies === 0) {
      lines.push(
        `- **${g.name}**（${g.segment}）：平台暂未收录该环节的企业${g.sparse ? '（该环节多为资源型或大型企业，早期项目少）' : ''}。`,
      );
    } else {
      const funded = g.funded ? `获得融资的仅 ${g.funded} 家` : '没有企业获得融资';
      lines.push(
        `- **${g.name}**（${g.segment}）：收录 ${g.companies} 家企业，近 24 个月${funded}，可能是布局空白，也可能门槛较高。`,
      );
    }
  }
  return lines;
}

function nodeText(f: NodeFacts, s: Sources): string[] {
  const g = f.figures;
  const lines = [
    '### 概览',
    g.companies
      ? `**${f.name}**位于${f.chainName}${f.segment}，平台收录 ${g.companies} 家企业，近 24 个月获得融资的有 ${g.funded} 家。近 12 个月发生融资 ${g.deals12m} 起，披露约 ${yi(g.amount12m)}${g.dealsPrev12m || g.deals12m ? `（${growth(g.deals12m, g.dealsPrev12m)}）` : ''}，融资活跃度在全链 ${f.nodesInChain} 个环节中排第 ${f.rank} 位。`
      : `**${f.name}**位于${f.chainName}${f.segment}，平台暂未收录该环节的企业，是产业链上的空白环节。`,
  ];
  if (f.stages.length) {
    lines.push(
      '',
      '### 轮次结构',
      `近 24 个月的融资以${f.stages
        .slice(0, 3)
        .map((x) => `${x.label}（${x.deals} 起）`)
        .join(
          '、',
        )}为主，种子轮至 A 轮约占 ${pct(f.earlyShare)}，${f.earlyShare >= 0.6 ? '整体仍处早期' : f.earlyShare >= 0.35 ? '早期与成长期并存' : '已进入成长与扩张期'}。`,
    );
  }
  if (f.topInvestors.length) {
    lines.push(
      '',
      '### 投资机构集中度',
      `最活跃的机构是${f.topInvestors.map((i) => `${i.name}（${i.deals} 笔）`).join('、')}，合计参与了近 24 个月约 ${pct(f.investorTop3Share)} 的融资${f.investorTop3Share >= 0.5 ? '，资金来源较为集中' : ''}。`,
    );
  }
  if (f.topRegions.length && g.companies) {
    lines.push(
      '',
      '### 区域分布',
      `企业主要分布在${f.topRegions.map((r) => `${r.name}（${Math.round((r.companies / g.companies) * 100)}%）`).join('、')}。`,
    );
  }
  if (f.directions.length) {
    const crowded = f.directions[0]!;
    const thin = f.directions.at(-1)!;
    lines.push(
      '',
      '### 细分方向',
      `企业最多的方向是${crowded.name}（${crowded.companies} 家）${f.directions.length > 1 ? `，${thin.name}仅 ${thin.companies} 家，竞争相对不拥挤` : ''}。`,
    );
  }
  if (f.recent.length) {
    lines.push('', '### 近期融资');
    for (const r of f.recent) lines.push(`- ${roundLine(r, s.roundN.get(r.roundId))}。`);
  }
  return lines;
}

/** The local engine's whole answer. */
export function composeLocal(facts: AnalysisFacts, s: Sources): string {
  const lines = [
    `> 本地引擎根据平台收录数据生成（截至 ${facts.today}），数字均可在企业列表与投融资图表中核对。`,
    '',
    ...(facts.kind === 'chain' ? chainText(facts, s) : nodeText(facts, s)),
  ];
  if (s.passages.length) {
    lines.push('', '### 研报观点');
    for (const { n, passage } of s.passages) lines.push(`- ${passage.quote} [${n}]`);
  }
  return `${lines.join('\n')}\n`;
}
