/**
 * A project's team, contacts and patents. Patent numbers follow the CNIPA application-number
 * format (year, type digit, serial, check digit), so they look like the real thing but are
 * generated, like everything else here.
 */
import type { Patent, ProjectContact, TeamMember } from '../../db/schema.js';
import { INDUSTRIES } from '../reference/index.js';
import type { DemoContacts } from './contacts.js';
import { addDays, isoDate } from './format.js';
import { DEGREES, PREVIOUS_EMPLOYERS, personName, UNIVERSITIES } from './names.js';
import type { Random } from './random.js';

const ROLES = [
  { title: '联合创始人兼CTO', past: '技术负责人' },
  { title: '联合创始人兼COO', past: '运营负责人' },
  { title: 'CFO', past: '财务总监' },
  { title: '首席科学家', past: '研究员' },
  { title: '研发副总裁', past: '研发总监' },
  { title: '销售副总裁', past: '大客户销售总监' },
];

const HARD_TECH = new Set([
  'semiconductor',
  'ai',
  'robotics',
  'medical-device',
  'new-materials',
  'energy-storage',
  'nev',
  'photovoltaic',
  'hydrogen',
  'advanced-manufacturing',
  'aerospace',
  'frontier-tech',
  'biomedicine',
  'iot',
  'consumer-electronics',
  'environmental',
  'agritech',
]);

export function isHardTech(industryId: string): boolean {
  return HARD_TECH.has(industryId);
}

function bio(rng: Random, industryName: string, past: string): string {
  const years = rng.int(6, 22);
  return `毕业于${rng.pick(UNIVERSITIES)}，${rng.pick(DEGREES)}。曾任${rng.pick(PREVIOUS_EMPLOYERS)}${past}，拥有${years}年${industryName}行业经验。`;
}

export function generateTeam(
  rng: Random,
  industryId: string,
  contacts: DemoContacts,
): { members: TeamMember[]; contacts: ProjectContact[] } {
  const industryName = INDUSTRIES.find((t) => t.id === industryId)!.name;
  const founder = personName(rng);
  const members: TeamMember[] = [
    {
      name: founder.name,
      title: '创始人兼CEO',
      bio: bio(rng, industryName, rng.pick(['事业部总经理', '技术总监', '产品副总裁'])),
    },
  ];
  for (const role of rng.sample(ROLES, rng.int(1, 4))) {
    members.push({ name: personName(rng).name, title: role.title, bio: bio(rng, industryName, role.past) });
  }
  const list: ProjectContact[] = [
    {
      name: founder.name,
      title: '创始人兼CEO',
      phone: contacts.phone(rng),
      email: contacts.email(founder.pinyin),
      wechat: contacts.wechat(rng, founder.pinyin),
    },
  ];
  if (rng.chance(0.45)) {
    const person = personName(rng);
    list.push({
      name: person.name,
      title: rng.pick(['融资负责人', '董事会秘书', '战略投资总监']),
      phone: contacts.phone(rng),
      email: contacts.email(person.pinyin),
    });
  }
  return { members, contacts: list };
}

/** The check digit of a CNIPA application number: weights 2-9 cycling, mod 11, 10 is X. */
export function patentCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (2 + (i % 8));
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

const TYPES = [
  { type: '发明专利', digit: '1' },
  { type: '实用新型', digit: '2' },
  { type: '外观设计', digit: '3' },
];

function patentTitle(rng: Random, type: string, productLine: string, tech: string): string {
  if (type === '发明专利') {
    return `一种基于${tech}的${productLine}${rng.pick(['控制方法', '检测方法', '系统及方法', '优化方法', '制备方法'])}`;
  }
  if (type === '实用新型')
    return `一种${productLine}${rng.pick(['散热结构', '固定装置', '连接组件', '安装结构', '检测装置'])}`;
  return `${productLine}（${rng.pick(['外观', '外壳', '造型'])}）`;
}

export function generatePatents(
  rng: Random,
  industryId: string,
  productLine: string,
  techs: string[],
  foundedYear: number,
  now: Date,
): Patent[] {
  const hard = isHardTech(industryId);
  const count = hard ? Math.floor(rng.next() ** 1.3 * 15) : rng.chance(0.4) ? rng.int(1, 3) : 0;
  const typeWeights = hard ? [0.62, 0.33, 0.05] : [0.2, 0.3, 0.5];
  const start = Date.UTC(Math.min(foundedYear, now.getUTCFullYear()), 0, 1);
  const days = Math.max(30, (now.getTime() - start) / 86_400_000);
  const patents: Patent[] = [];
  for (let i = 0; i < count; i++) {
    const kind = TYPES[rng.weightedIndex(typeWeights)]!;
    const date = addDays(new Date(start), rng.float(0, days - 1));
    const digits = `${date.getUTCFullYear()}${kind.digit}${rng.digits(7)}`;
    patents.push({
      title: patentTitle(rng, kind.type, productLine, rng.pick(techs)),
      number: `CN${digits}.${patentCheckDigit(digits)}`,
      type: kind.type,
      date: isoDate(date),
    });
  }
  return patents.sort((a, b) => a.date.localeCompare(b.date));
}
