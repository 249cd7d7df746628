/**
 * The memo of an analysis. The local engine writes it from the report alone; the
 * OpenAI-compatible engine gets the extracted facts and peer figures as data and the cited
 * pages as its only sources, and may cite nothing else ([n] is a page number: the citation
 * filter drops any other). Either way every figure in the memo is one of the report's.
 */
import type { AnalysisReport } from '@jq/contract';
import type { LlmSource } from '../../platform/llm/index.js';
import type { PlanPage } from './extract.js';

const pct = (n: number) => `${Math.round(n * 100)}%`;
const wan = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000) / 10} 亿元` : `${Math.round(n)} 万元`);
const cite = (pages: number[]) =>
  [...new Set(pages)]
    .slice(0, 3)
    .map((p) => `[${p}]`)
    .join('');

/** Pages the report cites: the only ones the memo may cite. */
export function citedPages(report: AnalysisReport): Set<number> {
  const pages = new Set<number>();
  const f = report.facts;
  for (const x of [
    f.company,
    f.ask,
    ...f.team,
    ...f.marketClaims,
    ...f.traction,
    ...f.competitors,
    ...f.businessModel,
    ...f.useOfFunds,
  ])
    if (x && x.page > 0) pages.add(x.page);
  if (f.industry?.page) pages.add(f.industry.page);
  if (f.stage?.page) pages.add(f.stage.page);
  for (const d of report.dimensions) for (const e of d.evidence) if (e.page > 0) pages.add(e.page);
  for (const fl of report.flags) for (const p of fl.pages) pages.add(p);
  return pages;
}

export function composeLocal(report: AnalysisReport, mode: 'diagnosis' | 'investor', cites: boolean): string {
  const { facts, peers, dimensions, flags, readiness } = report;
  const c = (pages: number[]) => (cites ? cite(pages) : '');
  const out: string[] = [];
  const name = facts.company?.value ?? '该项目';
  out.push(mode === 'investor' ? `## ${name}：投资初筛备忘` : `## ${name}：商业计划书诊断`);
  const line = [
    facts.industry ? `所属行业：${facts.industry.name}${c([facts.industry.page])}` : '行业未能识别',
    facts.stage ? `本轮：${facts.stage.label}${c([facts.stage.page])}` : '未写明轮次',
    facts.ask?.number ? `融资金额：${wan(facts.ask.number)}${c([facts.ask.page])}` : '未写明融资金额',
  ];
  out.push(`${line.join('；')}。`);
  if (peers.roundCount) {
    out.push(
      `\n**同行对比**：资料库中${peers.industryName}${peers.stageLabel}已披露融资 ${peers.roundCount} 起（${peers.projectCount} 家）` +
        (peers.medianAmount !== null
          ? `，单轮中位数 ${wan(peers.medianAmount)}，四分位区间 ${wan(peers.p25Amount ?? 0)}–${wan(peers.p75Amount ?? 0)}`
          : '') +
        (peers.medianGapDays !== null
          ? `，到下一轮中位 ${Math.round(peers.medianGapDays / 30.4)} 个月`
          : '') +
        (peers.nextRoundRate !== null ? `，${pct(peers.nextRoundRate)} 进入了下一轮` : '') +
        '。',
    );
  }
  const top = [...dimensions].sort((a, b) => b.score - a.score);
  out.push(`\n**综合评分 ${report.overall}**，融资准备度 ${readiness.score}（${readiness.level}）。`);
  out.push(
    `\n较好的方面：${top
      .slice(0, 2)
      .map((d) => `${d.label}（${d.score}）${c(d.evidence.map((e) => e.page))}`)
      .join('、')}。`,
  );
  out.push(
    `需要加强：${top
      .slice(-3)
      .reverse()
      .map((d) => `${d.label}（${d.score}）：${d.summary}${c(d.evidence.map((e) => e.page))}`)
      .join('；')}`,
  );
  if (flags.length) {
    out.push('\n**需要核对的问题**');
    for (const f of flags) out.push(`- ${f.message}${c(f.pages)}`);
  }
  if (report.investor) {
    const v = report.investor;
    if (v.strengths.length) out.push(`\n**亮点**：${v.strengths.join('；')}。`);
    if (v.risks.length) out.push(`**风险**：${v.risks.join('；')}。`);
    if (v.chain) out.push(`**产业链位置**：${v.chain.chainName} · ${v.chain.nodeName}。`);
    else if (v.subIndustry) out.push(`**所属细分行业**：${v.subIndustry}。`);
    if (v.investors.length)
      out.push(
        `**该领域近三年活跃机构**：${v.investors.map((i) => `${i.name}（${i.deals} 起）`).join('、')}。`,
      );
  }
  return out.join('\n');
}

export const MODEL_SYSTEM = `你是金桥的投资分析师，为创业者诊断商业计划书、为投资人写初筛备忘。请用中文 Markdown 写一份不超过 600 字的点评。
要求：
- 只使用“提取结果与同行数据”里的事实与数字，不要编造任何数字、公司或人名；
- 提到计划书内容时在句末用 [页码] 标注出处（如 [3]），只能用资料里给出的页码；
- 同行对比只引用给出的同行数字；资料没有的就说没有。`;

/** The data the model writes from: facts and figures, without the advice text (which may be locked). */
export function modelInput(report: AnalysisReport): string {
  return JSON.stringify({
    facts: report.facts,
    peers: { ...report.peers, examples: report.peers.examples.map((e) => e.name) },
    scores: report.dimensions.map((d) => ({
      label: d.label,
      score: d.score,
      summary: d.summary,
      peer: d.peer,
    })),
    overall: report.overall,
    flags: report.flags.map((f) => f.message),
    readiness: report.readiness,
    investor: report.investor,
  });
}

/** The cited pages as the model's sources, numbered by page. */
export function modelSources(pages: PlanPage[], cited: Set<number>): LlmSource[] {
  return pages
    .filter((p) => cited.has(p.no))
    .slice(0, 40)
    .map((p) => ({
      id: p.no,
      title: `计划书 ${p.label || `第 ${p.no} 页`}`,
      text: p.text.slice(0, 1500),
      ref: { page: p.no },
    }));
}
