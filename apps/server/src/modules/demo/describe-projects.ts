/**
 * A project's texts from its industry vocabulary and its real rounds: description, products,
 * tags. `tags[0]` is always the product line, the competitor group the matching engine's
 * conflict check can rely on.
 */
import { stageLabel } from '@jq/contract';
import { getRegion, industryName } from '../reference/index.js';
import { fillTraction, formatWan, joinCn } from './format.js';
import type { ProjectDraft } from './generate-projects.js';
import { isHardTech } from './people.js';
import type { Random } from './random.js';
import type { DemoInstitution, DemoRound } from './types.js';
import { VOCAB } from './vocab/index.js';

const BENEFITS = [
  '相比传统方案效率提升{p}%',
  '综合成本降低{p}%',
  '已在{a}个客户场景规模化部署',
  '关键指标达到国际同类产品水平',
  '支持私有化部署与定制开发',
  '良品率提升至{p}%以上',
];

const USES: Record<string, string[]> = {
  default: ['产品研发与迭代', '市场拓展与团队建设', '核心人才引进'],
  hard: ['产线建设与产能扩充', '新一代产品研发', '量产验证与客户导入'],
  biomedicine: ['临床试验推进', '新管线研发', 'GMP生产基地建设'],
  consumer: ['品牌建设与渠道拓展', '新品研发', '供应链升级'],
};

function kindOf(rng: Random, industryId: string): string {
  if (isHardTech(industryId)) {
    return rng.chance(0.08)
      ? '国家级专精特新“小巨人”企业'
      : rng.pick(['高新技术企业', '科技型企业', '硬科技创业公司']);
  }
  return rng.pick(['创新型企业', '成长型企业', '新锐企业']);
}

function usesOf(industryId: string): string[] {
  if (industryId === 'biomedicine') return USES.biomedicine!;
  if (['consumer', 'new-retail', 'cross-border', 'health'].includes(industryId)) return USES.consumer!;
  return isHardTech(industryId) ? USES.hard! : USES.default!;
}

export function describeProject(
  rng: Random,
  project: ProjectDraft,
  rounds: DemoRound[],
  institutions: Map<number, DemoInstitution>,
): Pick<ProjectDraft, 'description' | 'products' | 'tags'> {
  const vocab = VOCAB[project.industryId]!;
  const city = getRegion(project.cityCode)!;
  const sub = industryName(project.subIndustryId);
  const next = () => rng.next();
  const traction = rng.sample(vocab.traction, 2).map((t) => fillTraction(t, next));
  let history = '';
  const last = rounds.at(-1);
  if (last) {
    const orgs = [
      ...new Set(rounds.flatMap((r) => r.investors.map((i) => institutions.get(i.institutionId)!.shortName))),
    ];
    const [year, month] = last.date.split('-');
    history =
      `公司已完成${rounds.length}轮融资，最近一轮为${year}年${Number(month)}月的${stageLabel(last.stage)}（${last.amountText}）` +
      (orgs.length ? `，投资方包括${joinCn(orgs.slice(0, 4))}等。` : '。');
  }
  const description =
    `${project.brandName}（${project.name}）成立于${project.foundedYear}年，总部位于${city.shortName}，` +
    `是一家专注于${sub}领域的${kindOf(rng, project.industryId)}。公司主营${project.productLine}，` +
    `核心技术包括${joinCn(project.techs)}，主要服务${joinCn(project.customers)}等客户。` +
    `${traction.join('，')}。${history}` +
    `本轮计划融资${formatWan(project.amountSought)}，资金主要用于${joinCn(rng.sample(usesOf(project.industryId), 2))}。`;

  const others = vocab.products[project.subIndustryId]!.filter((line) => line !== project.productLine);
  const lines = [project.productLine, ...rng.sample(others, rng.int(0, 1))];
  const products = lines
    .map((line, i) => {
      const benefit = fillTraction(rng.pick(BENEFITS), next);
      return `${project.brandName}${line}：采用${project.techs[i % project.techs.length]}，${benefit}。`;
    })
    .join('\n');

  const tags = [project.productLine, sub, ...project.techs];
  if (isHardTech(project.industryId) && rng.chance(0.3)) tags.push('国产替代');
  if (rng.chance(0.15)) tags.push('出海');
  return { description, products, tags: [...new Set(tags)] };
}
