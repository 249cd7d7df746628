/**
 * Generated business plans for tests, `npm run eval:diagnosis` and `npm run bench:diagnosis`:
 * a demo project written out as a deck (PDF slides in Noto Sans SC, or PPTX), with planted
 * defects — no team section, an ask ten times the peers' median, revenue that differs between
 * two pages, a market size without a source, no use of funds. Nothing binary is checked in.
 */
import { stageLabel } from '@jq/contract';
import { cjkFont } from '../../lib/cjk-fonts.js';
import { zip } from '../../lib/zip.js';
import { industryName } from '../reference/index.js';

export const DEFECTS = [
  'no_team',
  'ask_10x',
  'revenue_mismatch',
  'market_no_source',
  'no_use_of_funds',
] as const;
export type Defect = (typeof DEFECTS)[number];

export interface PlanProject {
  name: string;
  brandName: string;
  subIndustry: string;
  stage: number;
  description: string;
  products: string;
  foundedYear: number | null;
  team: { name: string; title: string; bio?: string }[];
  patents: number;
}

export interface PlanSpec {
  project: PlanProject;
  /** The ask in 万元 before defects (a clean plan asks about the peers' median). */
  ask: number;
  /** Peer median, for the 10× defect. */
  peerMedian: number;
  competitors: string[];
  defects: Defect[];
  /** Pad with further pages up to this many (a 30-page plan for the bench). */
  pages?: number;
  language?: 'zh' | 'en';
  seed?: number;
}

export interface Slide {
  title: string;
  lines: string[];
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The slides of a plan (the text both renderers lay out). */
export function planSlides(spec: PlanSpec): Slide[] {
  if (spec.language === 'en') return englishSlides(spec);
  const r = rng(spec.seed ?? 7);
  const p = spec.project;
  const brand = p.brandName || p.name.replace(/(股份)?有限(责任)?公司$/, '');
  const sub = industryName(p.subIndustry);
  const has = (d: Defect) => spec.defects.includes(d);
  const revenue = Math.round(800 + r() * 6000);
  const growth = Math.round(40 + r() * 120);
  const customers = Math.round(20 + r() * 300);
  const market = Math.round(200 + r() * 3000);
  const ask = has('ask_10x') ? Math.round(spec.peerMedian * 10) : Math.round(spec.ask);
  const stage = stageLabel(spec.project.stage);
  const pick = <T>(options: T[]): T => options[Math.floor(r() * options.length)]!;
  const money = (n: number) => (n >= 10_000 && r() < 0.5 ? `${Math.round(n / 100) / 100} 亿元` : `${n} 万元`);
  const slides: Slide[] = [
    {
      title: `${brand}商业计划书`,
      lines: [p.name, `所属行业：${sub}`, `${stage}融资 · 2026 年`, '仅供投资人参考，请勿外传'],
    },
    {
      title: pick(['公司概况', '公司简介', '关于我们']),
      lines: [
        `${p.name}${p.foundedYear ? `成立于 ${p.foundedYear} 年` : ''}，专注${sub}领域。`,
        p.description.slice(0, 120),
      ],
    },
    {
      title: pick(['行业痛点', '我们解决的问题']),
      lines: [
        `${sub}领域的客户普遍面临效率低、成本高、标准化程度不足的问题。`,
        '现有方案交付周期长，难以规模化复制。',
      ],
    },
    {
      title: pick(['产品与技术', '核心产品', '技术优势']),
      lines: [
        p.products.slice(0, 120) || `${brand}自研核心平台，服务${sub}客户。`,
        `核心技术全部自研，已获专利 ${Math.max(p.patents, 1)} 项，形成技术壁垒。`,
        '产品已迭代至第三代，关键指标领先行业平均水平。',
      ],
    },
    {
      title: pick(['市场规模', '市场空间', '市场分析']),
      lines: has('market_no_source')
        ? [
            pick([
              `我们判断 2025 年中国${sub}市场规模将超过 ${market} 亿元，未来五年保持高速增长。`,
              `${sub}市场空间广阔，整体规模约 ${market} 亿元。`,
              `预计到 2027 年${sub}市场规模可达 ${market} 亿元。`,
            ]),
            '行业集中度低，头部企业份额不足 10%。',
          ]
        : pick([
            [
              `据艾瑞咨询《2025年中国${sub}行业研究报告》，2025 年中国${sub}市场规模达 ${market} 亿元。`,
              '预计 2025—2030 年复合增长率 18%。',
            ],
            [
              `2025 年中国${sub}市场规模约 ${market} 亿元，年复合增长率 16%。`,
              '数据来源：弗若斯特沙利文，2025 年行业报告',
            ],
            [
              `根据国家统计局与前瞻产业研究院数据，${sub}行业规模已达 ${market} 亿元。`,
              '行业集中度低，头部企业份额不足 10%。',
            ],
          ]),
    },
    {
      title: pick(['商业模式', '盈利模式']),
      lines: [
        '采用“软件订阅 + 实施服务”的收费模式，按年收取订阅费。',
        '客单价约 30 万元/年，综合毛利率 62%。',
        '通过直销与渠道伙伴两条路径获客。',
      ],
    },
    {
      title: pick(['运营数据', '经营业绩', '核心数据']),
      lines: [
        pick([
          `2025 年营收 ${money(revenue)}，同比增长 ${growth}%。`,
          `2025 年实现营业收入 ${money(revenue)}，较上年增长 ${growth}%。`,
          `2025 年度收入：${money(revenue)}（同比增长 ${growth}%）`,
        ]),
        `累计服务付费客户 ${customers} 家，续约率 85%。`,
        '头部客户覆盖行业前十中的四家。',
      ],
    },
    {
      title: pick(['竞争分析', '竞争格局', '竞品对比']),
      lines: [
        pick([
          `主要竞争对手：${spec.competitors.slice(0, 3).join('、')}`,
          `竞争对手包括${spec.competitors.slice(0, 3).join('、')}等`,
        ]),
        '我们的优势：技术自研、交付周期短、客户续约率高，形成差异化壁垒。',
      ],
    },
  ];
  if (!has('no_team')) {
    slides.push({
      title: pick(['核心团队', '管理团队', '创始团队']),
      lines: p.team
        .slice(0, 4)
        .map(
          (m, i) =>
            `${m.name}，${m.title || (i ? '联合创始人' : '创始人兼CEO')}，${(m.bio || `${8 + i} 年行业经验`).slice(0, 40)}`,
        ),
    });
  }
  const reported = has('revenue_mismatch') ? Math.round(revenue * pick([1.45, 1.3, 0.6])) : revenue;
  slides.push({
    title: pick(['财务预测', '财务状况', '财务数据']),
    lines: [
      pick([
        `2025 年营收 ${money(reported)}（经审计），毛利率 62%，经营现金流为正。`,
        `2025 年实际收入 ${money(reported)}，净利润率 8%。`,
      ]),
      `2026 年营收预测 ${Math.round(reported * 1.8)} 万元，2027 年营收预测 ${Math.round(reported * 3)} 万元。`,
      '预计 2027 年实现盈亏平衡。',
    ],
  });
  slides.push({
    title: pick(['融资计划', '融资需求', '本轮融资']),
    lines: [
      pick([
        `本轮为${stage}融资，拟融资 ${money(ask)}，出让 10%—15% 股权。`,
        `${stage}融资需求：${money(ask)}，出让股权不超过 15%。`,
        `我们计划在${stage}募集 ${money(ask)}。`,
      ]),
      '资金预计支撑 24 个月的发展。',
    ],
  });
  if (!has('no_use_of_funds')) {
    slides.push({
      title: pick(['资金用途', '资金使用计划', '募集资金用途']),
      lines: [
        '研发投入 40%：新一代产品与算法团队扩充。',
        '市场拓展 35%：华东、华南区域销售网络。',
        '运营及补充流动资金 25%。',
      ],
    });
  }
  const fillers: Slide[] = [
    {
      title: '发展历程',
      lines: [
        `${p.foundedYear ?? 2019} 年公司成立`,
        '2022 年发布第一代产品',
        '2024 年进入行业头部客户供应链',
      ],
    },
    {
      title: '客户案例',
      lines: ['某头部制造企业：部署后交付效率提升 35%。', '某区域龙头：单项目周期由 6 个月缩短至 2 个月。'],
    },
    { title: '合作伙伴', lines: ['与多家高校及科研院所建立联合实验室。', '与行业协会共同制定团体标准。'] },
    { title: '解决方案', lines: ['端到端交付：咨询、部署、运维一体化。', '模块化架构，支持按需组合。'] },
    { title: '产品功能', lines: ['数据采集与治理', '智能分析与预警', '可视化报表与开放接口'] },
    { title: '服务体系', lines: ['7×24 小时响应', '客户成功团队按季度回访'] },
    { title: '荣誉资质', lines: ['国家高新技术企业', '专精特新中小企业'] },
    { title: '发展规划', lines: ['三年内覆盖全国主要城市', '拓展东南亚市场'] },
  ];
  let i = 0;
  while (spec.pages && slides.length < spec.pages - 1) {
    const f = fillers[i % fillers.length]!;
    slides.splice(slides.length - 1, 0, {
      title: i < fillers.length ? f.title : `${f.title}（续 ${Math.floor(i / fillers.length)}）`,
      lines: f.lines,
    });
    i += 1;
  }
  slides.push({ title: '联系我们', lines: [p.name, '期待与您交流'] });
  return slides;
}

function englishSlides(spec: PlanSpec): Slide[] {
  const p = spec.project;
  const brand = p.brandName || 'Company';
  const askUsd = Math.round((spec.ask / 7.2 / 100) * 10) / 10;
  return [
    {
      title: `${brand} Business Plan`,
      lines: [`${p.name}`, `Industry: ${industryName(p.subIndustry)}`, `Series A fundraising, 2026`],
    },
    { title: 'Product and Technology', lines: ['Proprietary algorithm platform, 12 patents granted.'] },
    {
      title: 'Market Size',
      lines: ['The market size is $2.5 billion in 2025, according to IDC (source: IDC 2025 report).'],
    },
    {
      title: 'Business Model',
      lines: ['Annual subscription pricing, gross margin 60%.', 'Direct sales and channel partners.'],
    },
    {
      title: 'Traction',
      lines: ['2025 revenue $3.2 million, 150% growth YoY.', '120 customers and 30,000 users.'],
    },
    {
      title: 'Competition',
      lines: ['Competitors: Alpha Inc, Beta Ltd', 'Our advantage: faster delivery and lower cost.'],
    },
    {
      title: 'Team',
      lines: ['Alice Wang', 'Bob Li', 'Carol Zhang'].map(
        (name, i) => `${name}, ${['CEO', 'CTO', 'COO'][i]}, 10 years in the industry`,
      ),
    },
    {
      title: 'Financials',
      lines: ['2025 revenue $3.2 million, positive cash flow.', '2026 revenue forecast $6 million.'],
    },
    { title: 'Funding Ask', lines: [`We are raising $${askUsd} million in our Series A round.`] },
    { title: 'Use of Funds', lines: ['R&D 40%', 'Sales and marketing 35%', 'Operations 25%'] },
  ];
}

// ---- PDF ----
const SLIDE = { width: 960, height: 540 };

/** One slide per PDF page (16:9), the page number in the corner. */
export async function renderPlanPdf(slides: Slide[]): Promise<Buffer> {
  const [regular, { default: PDFDocument }] = await Promise.all([cjkFont('Regular'), import('pdfkit')]);
  const doc = new PDFDocument({
    size: [SLIDE.width, SLIDE.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: slides[0]?.title ?? '', Creator: '金桥 jq 演示' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', regular as never);
  slides.forEach((slide, i) => {
    doc.addPage();
    doc.font('body').fontSize(26).fillColor('#0f3d5c');
    doc.text(slide.title, 60, 50, { width: 840, height: 40, lineBreak: false, ellipsis: true });
    doc.fontSize(16).fillColor('#262626');
    let y = 120;
    for (const line of slide.lines) {
      doc.text(line, 70, y, { width: 820, height: 60, ellipsis: true });
      y = doc.y + 12;
      if (y > 470) break;
    }
    doc.fontSize(10).fillColor('#8c8c8c');
    doc.text(`${i + 1}`, 880, 505, { width: 40, align: 'right', lineBreak: false });
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

// ---- PPTX ----

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function shape(id: number, paragraphs: string[], placeholder?: string) {
  const ph = placeholder ? `<p:nvPr><p:ph type="${placeholder}"/></p:nvPr>` : '<p:nvPr/>';
  const ps = paragraphs
    .map((t) => `<a:p><a:r><a:rPr lang="zh-CN"/><a:t>${xml(t)}</a:t></a:r></a:p>`)
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="t${id}"/><p:cNvSpPr/>${ph}</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${ps}</p:txBody></p:sp>`;
}

/** A PPTX deck: a title and a body shape per slide. */
export function renderPlanPptx(slides: Slide[]): Buffer {
  const files = slides.map((slide, i) => ({
    name: `ppt/slides/slide${i + 1}.xml`,
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, [slide.title], 'title')}${shape(3, slide.lines)}</p:spTree></p:cSld></p:sld>`,
  }));
  const ids = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 10}"/>`).join('');
  const rels = slides
    .map((_, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`)
    .join('');
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    },
    {
      name: 'ppt/presentation.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${NS}><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    },
    ...files,
  ]);
}

export async function renderPlan(spec: PlanSpec, format: 'pdf' | 'pptx'): Promise<Buffer> {
  const slides = planSlides(spec);
  return format === 'pdf' ? renderPlanPdf(slides) : renderPlanPptx(slides);
}

/** What a correct diagnosis flags for each planted defect (flag code and subject). */
export const DEFECT_FLAGS: Record<Defect, { code: string; subject: string }> = {
  no_team: { code: 'missing_section', subject: 'team' },
  ask_10x: { code: 'ask_outside_peers', subject: 'ask' },
  revenue_mismatch: { code: 'numbers_disagree', subject: 'revenue:2025' },
  market_no_source: { code: 'market_no_source', subject: 'market' },
  no_use_of_funds: { code: 'missing_section', subject: 'use_of_funds' },
};
