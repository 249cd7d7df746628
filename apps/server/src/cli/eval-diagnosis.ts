/**
 * `npm run eval:diagnosis`: how well the BP diagnosis finds planted defects. A demo library is
 * loaded into a fresh PGlite folder; business plans are generated from demo projects (PDF and
 * PPTX, phrasing varied per plan) with planted defects — no team section, an ask 10× the peers'
 * median, revenue that differs between two pages, a market size without a source, no use of
 * funds — and clean plans beside them. Each plan is parsed and diagnosed exactly as an upload
 * is. Prints the found share per defect and format, and false flags on clean plans.
 * Goals: ≥ 90% of planted defects found, ≤ 10% of clean plans with a false flag.
 * Options: --plans N (candidate projects, default 10), --seed N (demo data, default 19).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import {
  buildReport,
  DEFECT_FLAGS,
  DEFECTS,
  type Defect,
  parsePlan,
  planCandidates,
  renderPlan,
} from '../modules/analysis/index.js';
import { loadDemoData } from '../modules/demo/index.js';
import { syncReferenceData } from '../modules/reference/index.js';
import { createPlatform } from '../platform/index.js';

const { values: args } = parseArgs({
  options: {
    plans: { type: 'string', default: '10' },
    seed: { type: 'string', default: '19' },
    today: { type: 'string', default: '2026-11-25' },
  },
});

const FORMATS = ['pdf', 'pptx'] as const;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-eval-diagnosis-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DEMO_DATA: 'false' });
  const platform = await createPlatform(config);
  const started = performance.now();
  try {
    await platform.database.migrate();
    const db = platform.database.db;
    await syncReferenceData(db);
    await loadDemoData(platform, {
      seed: Number(args.seed),
      scale: { institutions: 300, investors: 1500, projects: 6000, reports: 2, news: 2 },
      dataDir,
    });
    const candidates = await planCandidates(db, Number(args.plans), args.today);
    console.info(
      `演示资料库已加载（${((performance.now() - started) / 1000).toFixed(1)} 秒）；${candidates.length} 个项目生成计划书`,
    );
    // Plans: every candidate × format clean; every defect alone on every candidate (alternating
    // format); and a pair of defects on every other candidate.
    type Plan = { spec: (typeof candidates)[number]; defects: Defect[]; format: 'pdf' | 'pptx' };
    const plans: Plan[] = [];
    candidates.forEach((spec, i) => {
      for (const format of FORMATS) plans.push({ spec, defects: [], format });
      for (const [j, defect] of DEFECTS.entries())
        plans.push({ spec, defects: [defect], format: FORMATS[(i + j) % 2]! });
      if (i % 2 === 0)
        plans.push({
          spec,
          defects: [DEFECTS[i % 5]!, DEFECTS[(i + 2) % 5]!],
          format: FORMATS[i % 4 < 2 ? 0 : 1],
        });
    });
    const found: Record<string, { planted: number; found: number }> = {};
    const clean = { plans: 0, flagged: 0, flags: 0 };
    const extra = { plans: 0, flags: 0 };
    const misses: string[] = [];
    let n = 0;
    for (const plan of plans) {
      n += 1;
      const bytes = await renderPlan(
        { ...plan.spec, defects: plan.defects, seed: (plan.spec.seed ?? 1) * 31 + n },
        plan.format,
      );
      const parsed = await parsePlan({ filename: `plan.${plan.format}`, kind: plan.format, bytes }, {});
      const report = await buildReport(db, {
        pages: parsed.pages,
        isPlan: true,
        mode: 'diagnosis',
        today: args.today,
      });
      const flags = report.flags.map((f) => `${f.code}:${f.subject}`);
      const wanted = plan.defects.map((d) => `${DEFECT_FLAGS[d].code}:${DEFECT_FLAGS[d].subject}`);
      if (!plan.defects.length) {
        clean.plans += 1;
        clean.flags += flags.length;
        if (flags.length) {
          clean.flagged += 1;
          misses.push(
            `误报（${plan.format}，${plan.spec.project.name}）：${report.flags.map((f) => f.message).join('；')}`,
          );
        }
        continue;
      }
      const unexpected = flags.filter((f) => !wanted.includes(f));
      extra.plans += 1;
      extra.flags += unexpected.length;
      for (const [k, defect] of plan.defects.entries()) {
        const key = `${defect}|${plan.format}`;
        found[key] ??= { planted: 0, found: 0 };
        found[key].planted += 1;
        if (flags.includes(wanted[k]!)) found[key].found += 1;
        else
          misses.push(
            `漏报 ${defect}（${plan.format}，${plan.spec.project.name}）：标出 ${flags.join(', ') || '无'}`,
          );
      }
    }
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');
    const names: Record<Defect, string> = {
      no_team: '缺少团队部分',
      ask_10x: '融资金额为同行中位数 10 倍',
      revenue_mismatch: '两页收入不一致',
      market_no_source: '市场规模无来源',
      no_use_of_funds: '缺少资金用途',
    };
    console.info(
      `\n计划书 ${plans.length} 份（含缺陷 ${extra.plans} 份，干净 ${clean.plans} 份），用时 ${((performance.now() - started) / 1000).toFixed(1)} 秒\n`,
    );
    console.info('| 植入缺陷 | PDF 找到 | PPTX 找到 | 合计 |');
    console.info('|---|---:|---:|---:|');
    let planted = 0;
    let hit = 0;
    for (const defect of DEFECTS) {
      const pdf = found[`${defect}|pdf`] ?? { planted: 0, found: 0 };
      const pptx = found[`${defect}|pptx`] ?? { planted: 0, found: 0 };
      planted += pdf.planted + pptx.planted;
      hit += pdf.found + pptx.found;
      console.info(
        `| ${names[defect]} | ${pdf.found}/${pdf.planted} | ${pptx.found}/${pptx.planted} | ${pct(pdf.found + pptx.found, pdf.planted + pptx.planted)} |`,
      );
    }
    console.info(`| **全部** | | | **${pct(hit, planted)}**（${hit}/${planted}） |`);
    console.info(
      `\n干净计划书被误标的比例：${pct(clean.flagged, clean.plans)}（${clean.flagged}/${clean.plans}，共 ${clean.flags} 个标记）；含缺陷计划书上未植入的标记：${extra.flags} 个（${extra.plans} 份）`,
    );
    for (const line of misses.slice(0, 20)) console.info(`- ${line}`);
    const ok = hit / planted >= 0.9 && clean.flagged / clean.plans <= 0.1;
    console.info(`\n目标（找到 ≥ 90%，误报 ≤ 10%）：${ok ? '达标' : '未达标'}`);
    return ok;
  } finally {
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
