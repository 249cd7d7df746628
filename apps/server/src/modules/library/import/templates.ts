/**
 * Import templates: one CSV per kind with the template headers in order and one example row
 * (fictional, with demo-range contacts). The same files ship under ./templates for people who
 * download them from the repository; a test keeps the two identical.
 */
import { COLUMNS, type ImportKind } from './columns.js';

const EXAMPLES: Record<ImportKind, Record<string, string>> = {
  institutions: {
    externalId: 'ORG-0001',
    name: '北京示例创业投资管理有限公司',
    shortName: '示例资本',
    type: 'VC',
    foundedYear: '2015',
    aumMin: '100000',
    aumMax: '500000',
    currency: '人民币',
    regions: '北京、上海',
    industries: '人工智能、半导体',
    stages: '天使轮、A轮、B轮',
    ticketMin: '500',
    ticketMax: '3000',
    thesis: '专注于人工智能与半导体领域的早期投资，看重团队的技术积累。',
    description: '示例资本成立于2015年，总部位于北京。',
    website: 'www.example.com',
  },
  investors: {
    externalId: 'INV-0001',
    name: '张示例',
    institution: '示例资本',
    title: '合伙人',
    industries: '人工智能、大模型',
    stages: 'A轮、B轮',
    ticketMin: '1000',
    ticketMax: '5000',
    regions: '北京',
    bio: '示例资本合伙人，关注人工智能方向。',
    phone: '19900000000',
    email: 'zhang@example.com',
    wechat: 'zhang_example',
  },
  projects: {
    externalId: 'PRJ-0001',
    name: '深圳市示例储能科技有限公司',
    brandName: '示例储能',
    industries: '储能、工商业储能',
    tags: '工商业储能一体柜、国产替代',
    stage: 'A轮',
    amountSought: '5000',
    currency: '人民币',
    region: '深圳',
    foundedYear: '2021',
    description: '示例储能专注于工商业储能系统，已服务50家园区客户。',
    products: '工商业储能一体柜：液冷温控，支持光储充一体化。',
    team: '张三:创始人兼CEO;李四:CTO',
    website: 'www.example.com',
    contactName: '张三',
    contactTitle: '创始人兼CEO',
    contactPhone: '19900000001',
    contactEmail: 'zhangsan@example.com',
  },
};

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The template of a kind as CSV text with a BOM (so Excel opens it as UTF-8). */
export function templateCsv(kind: ImportKind): string {
  const columns = COLUMNS[kind];
  const header = columns.map((c) => csvCell(c.label)).join(',');
  const example = columns.map((c) => csvCell(EXAMPLES[kind][c.key] ?? '')).join(',');
  return `\uFEFF${header}\r\n${example}\r\n`;
}
