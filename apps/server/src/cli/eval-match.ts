/**
 * `npm run eval:match`: how well the engine predicts who invests, on the demo generator's
 * data (whose investors follow latent preferences the engine never sees). Prints NDCG@10
 * and recall@20 for random, industry-only and the full engine. Options: --seed N (data,
 * default 20261122), --scale default|large, --split-seed N, --adjacency taxonomy|chain|
 * taxonomy+chain|taxonomy+chain-subs|taxonomy+chain-tops (where "adjacent industry" comes
 * from; the default is the engine's INDUSTRY_ADJACENCY).
 */
import { parseArgs } from 'node:util';
import { generateDemoData } from '../modules/demo/index.js';
import {
  evaluateMatching,
  INDUSTRY_ADJACENCY,
  type IndustryAdjacency,
  industryAdjacency,
  useIndustryAdjacency,
} from '../modules/matching/index.js';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '20261122' },
    scale: { type: 'string', default: 'default' },
    'split-seed': { type: 'string', default: '7' },
    now: { type: 'string', default: '2026-11-22' },
    adjacency: { type: 'string', default: INDUSTRY_ADJACENCY },
  },
});
const ADJACENCIES: IndustryAdjacency[] = [
  'taxonomy',
  'chain',
  'taxonomy+chain',
  'taxonomy+chain-subs',
  'taxonomy+chain-tops',
];
if (!ADJACENCIES.includes(args.adjacency as IndustryAdjacency)) {
  console.error(`--adjacency 只能是 ${ADJACENCIES.join('、')}`);
  process.exit(2);
}
useIndustryAdjacency(args.adjacency as IndustryAdjacency);

const started = performance.now();
const data = generateDemoData({
  seed: Number(args.seed),
  scale: args.scale === 'large' ? 'large' : 'default',
  now: new Date(`${args.now}T00:00:00Z`),
});
console.info(
  `演示数据：${data.investors.length} 位投资人，${data.projects.length} 个项目，${data.rounds.length} 轮（生成 ${((performance.now() - started) / 1000).toFixed(1)} 秒）`,
);
const result = evaluateMatching(data, { seed: Number(args['split-seed']) });
const pct = (n: number) => n.toFixed(4);
console.info(
  `留出 ${result.heldOutSeats} 个投资席位（每位投资人 20%），${result.queries} 次查询（每个有留出席位的轮次一次），排序全部 ${result.investors} 位投资人；相邻行业：${industryAdjacency()}；用时 ${result.seconds.toFixed(1)} 秒\n`,
);
console.info('| 排序方式 | NDCG@10 | Recall@20 |');
console.info('|---|---:|---:|');
const names = {
  random: '随机',
  statedIndustry: '仅行业（公开的投资方向：二级行业 > 一级行业 > 相邻）',
  industry: '仅行业（引擎的行业分项：公开方向 + 实际投资）',
  full: '完整引擎',
} as const;
for (const key of ['random', 'statedIndustry', 'industry', 'full'] as const) {
  const r = result.rankers[key];
  console.info(`| ${names[key]} | ${pct(r.ndcg10)} | ${pct(r.recall20)} |`);
}
const baseline = Math.max(result.rankers.industry.ndcg10, result.rankers.statedIndustry.ndcg10);
const lift = result.rankers.full.ndcg10 / baseline - 1;
const ok = lift >= 0.3;
console.info(
  `\n完整引擎相对较强的仅行业排序 NDCG@10 提升 ${(lift * 100).toFixed(0)}%（要求 ≥ 30%）：${ok ? '达标' : '未达标'}`,
);
process.exit(ok ? 0 : 1);
