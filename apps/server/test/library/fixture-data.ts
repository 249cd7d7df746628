/**
 * The seed data of the library test fixtures (`fixtures.ts` writes it): the named projects the
 * tests assert on, a deterministic spread over industries, stages, regions, amounts and years,
 * four institutions with their investors, two reports and three news items.
 */
import type { ProjectContact } from '../../src/db/schema.js';
import { industryName } from '../../src/modules/reference/index.js';

export interface ProjectSeed {
  key?: string;
  name: string;
  brand: string;
  industryId: string;
  industries: string[];
  stage: number;
  amount: number | null;
  province: string;
  city: string;
  founded: number;
  description: string;
  rounds: { date: string; stage: number; amount: number | null; investors: string[] }[];
  contacts?: ProjectContact[];
}

const NAMED: ProjectSeed[] = [
  {
    key: 'tencent',
    name: '深圳市腾讯计算机系统有限公司',
    brand: '腾讯',
    industryId: 'cloud-bigdata',
    industries: ['cloud-bigdata'],
    stage: 9,
    amount: 500000,
    province: '440000',
    city: '440300',
    founded: 1998,
    description: '提供社交、内容与云计算服务的互联网平台公司，旗下产品覆盖即时通讯与企业云服务。',
    rounds: [{ date: '2024-03-01', stage: 9, amount: 500000, investors: ['sky'] }],
    contacts: [
      {
        name: '马小明',
        title: '投资者关系总监',
        phone: '13812345678',
        email: 'ir@example.com',
        wechat: 'mxm2024',
      },
    ],
  },
  {
    key: 'tencentMention',
    name: '北京云图数智科技有限公司',
    brand: '云图数智',
    industryId: 'cloud-bigdata',
    industries: ['cloud-bigdata'],
    stage: 3,
    amount: 3000,
    province: '110000',
    city: '110100',
    founded: 2019,
    description: '为零售企业提供数据中台，与腾讯、阿里等云厂商深度合作，服务超过两百家连锁品牌。',
    rounds: [{ date: '2025-06-10', stage: 3, amount: 3000, investors: ['red'] }],
  },
  {
    key: 'tengyun',
    name: '深圳市腾云智联科技有限公司',
    brand: '腾云智联',
    industryId: 'iot',
    industries: ['iot'],
    stage: 2,
    amount: 800,
    province: '440000',
    city: '440300',
    founded: 2021,
    description: '工业物联网网关与设备管理平台。',
    rounds: [{ date: '2025-01-20', stage: 2, amount: 800, investors: ['angel'] }],
  },
  ...(
    [
      [
        'nevA1',
        '合肥驰电新能源汽车科技有限公司',
        '驰电汽车',
        'nev',
        ['nev', 'nev.vehicle'],
        '340000',
        '340100',
        5000,
      ],
      [
        'nevA2',
        '苏州锂擎动力科技有限公司',
        '锂擎动力',
        'nev',
        ['nev', 'nev.battery'],
        '320000',
        '320500',
        8000,
      ],
      [
        'nevA3',
        '深圳快充能源科技有限公司',
        '快充能源',
        'nev',
        ['nev', 'nev.charging'],
        '440000',
        '440300',
        6000,
      ],
      [
        'nevA4',
        '杭州智驱电控技术有限公司',
        '智驱电控',
        'nev',
        ['nev', 'nev.edrive'],
        '330000',
        '330100',
        4000,
      ],
    ] as const
  ).map(
    ([key, name, brand, industryId, industries, province, city, amount]): ProjectSeed => ({
      key,
      name,
      brand,
      industryId,
      industries: [...industries],
      stage: 3,
      amount,
      province,
      city,
      founded: 2020,
      description: `专注新能源汽车${industryName(industries[1])}的研发与量产，产品已配套多家主流车企，正在进行A轮融资。`,
      rounds: [
        { date: '2023-05-01', stage: 2, amount: 1500, investors: ['angel'] },
        { date: '2025-09-01', stage: 3, amount, investors: ['red', 'sky'] },
      ],
      contacts: [{ name: '李文博', title: '创始人', phone: '13900001111', email: 'founder@example.com' }],
    }),
  ),
  ...(
    [
      ['nevB1', '上海擎峰新能源汽车有限公司', '擎峰汽车', 'nev.vehicle'],
      ['nevB2', '广州绿动电池科技有限公司', '绿动电池', 'nev.battery'],
    ] as const
  ).map(
    ([key, name, brand, sub]): ProjectSeed => ({
      key,
      name,
      brand,
      industryId: 'nev',
      industries: ['nev', sub],
      stage: 4,
      amount: 20000,
      province: key === 'nevB1' ? '310000' : '440000',
      city: key === 'nevB1' ? '310100' : '440100',
      founded: 2017,
      description: '新能源汽车整车与动力电池系统供应商，B轮融资进行中。',
      rounds: [{ date: '2024-11-11', stage: 3, amount: 10000, investors: ['sky'] }],
    }),
  ),
  {
    key: 'storageA',
    name: '宁德储安能源技术有限公司',
    brand: '储安能源',
    industryId: 'energy-storage',
    industries: ['energy-storage', 'energy-storage.battery'],
    stage: 3,
    amount: 7000,
    province: '350000',
    city: '350900',
    founded: 2019,
    description: '储能电池系统集成商，电池回收业务也为新能源汽车企业服务。',
    rounds: [{ date: '2025-08-08', stage: 3, amount: 7000, investors: ['red'] }],
  },
];

const WORDS = [
  '星图',
  '微澜',
  '极光',
  '云帆',
  '启元',
  '朗润',
  '知行',
  '博远',
  '青禾',
  '岚山',
  '芯跃',
  '同程',
];
const SPREAD: [string, string[], string][] = [
  ['ai', ['ai', 'ai.llm'], '大模型推理与行业智能体'],
  ['semiconductor', ['semiconductor', 'semiconductor.power'], '车规级功率芯片'],
  ['biomedicine', ['biomedicine'], '创新药研发'],
  ['enterprise-service', ['enterprise-service'], '企业协同SaaS软件'],
  ['nev', ['nev', 'nev.battery'], '动力电池管理系统'],
  ['energy-storage', ['energy-storage'], '工商业储能'],
];
const PLACES: [string, string, string][] = [
  ['110000', '110100', '北京'],
  ['310000', '310100', '上海'],
  ['440000', '440300', '深圳'],
  ['330000', '330100', '杭州'],
  ['320000', '320500', '苏州'],
];
const STAGE_CYCLE = [1, 2, 3, 4, 5, 2, 3, 0];

function spreadProjects(count: number): ProjectSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const [industryId, industries, topic] = SPREAD[i % SPREAD.length]!;
    const [province, city, place] = PLACES[i % PLACES.length]!;
    const word = WORDS[i % WORDS.length]!;
    const stage = STAGE_CYCLE[i % STAGE_CYCLE.length]!;
    const month = String((i % 12) + 1).padStart(2, '0');
    const year = 2022 + (i % 4);
    return {
      name: `${place}${word}${['科技', '智能', '生物', '技术'][i % 4]}有限公司`,
      brand: `${word}${i}`,
      industryId,
      industries,
      stage,
      amount: i % 7 === 0 ? null : 500 + ((i * 937) % 20000),
      province,
      city,
      founded: 2010 + (i % 14),
      description: `${word}专注${topic}，服务${place}及全国客户，团队来自头部企业。`,
      rounds:
        i % 5 === 4
          ? []
          : [
              {
                date: `${year}-${month}-15`,
                stage: Math.max(1, stage - 1),
                amount: 1000,
                investors: [['red', 'sky', 'angel'][i % 3]!],
              },
            ],
    };
  });
}

export const ORGS = [
  [
    'red',
    '深圳红岭创业投资管理有限公司',
    '红岭创投',
    'VC',
    ['nev', 'cloud-bigdata', 'ai'],
    [2, 3, 4],
    ['440000'],
  ],
  ['sky', '北京天穹资本管理有限公司', '天穹资本', 'PE', ['nev', 'semiconductor'], [3, 4, 5, 9], ['110000']],
  [
    'angel',
    '杭州种子天使投资有限公司',
    '种子天使',
    '天使',
    ['iot', 'enterprise-service', 'nev'],
    [1, 2],
    ['330000'],
  ],
  [
    'gov',
    '苏州产业引导基金管理有限公司',
    '苏州引导基金',
    '政府引导基金',
    ['biomedicine', 'semiconductor'],
    [4, 5],
    ['320000'],
  ],
] as const;

/** Smallest PDF a viewer opens: one empty page. */
export const FIXTURE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const PEOPLE = [
  ['zhang', '张伟', 'red', '合伙人'],
  ['wang', '王芳', 'red', '投资总监'],
  ['li', '李强', 'sky', '董事总经理'],
  ['zhao', '赵敏', 'angel', '创始合伙人'],
] as const;

/** Each with three pages of text; the first also with a PDF in storage. */
export const REPORT_TITLES = ['2025年新能源汽车动力电池行业研究报告', '人工智能大模型应用白皮书'];

/** The first two about 红岭创投, the third about 天穹资本. */
export const NEWS_TITLES = [
  '红岭创投完成新一期基金募集',
  '红岭创投领投驰电汽车A轮',
  '天穹资本发布半导体投资策略',
];

/** Every fixture project: the named ones first, then the spread. */
export function fixtureProjects(): ProjectSeed[] {
  return [...NAMED, ...spreadProjects(42)];
}
