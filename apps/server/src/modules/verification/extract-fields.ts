/**
 * Reads name, company, title, phones and email out of a business card's OCR lines.
 * Heuristics for Chinese cards: labelled lines first ("手机：", "职务："), then patterns
 * (phone numbers, e-mail), company suffixes, title words, and for the name a short CJK line
 * starting with a common surname, preferring the largest type (names are set biggest).
 */
import type { CardFields } from '@jq/contract';
import { SURNAMES_DOUBLE, SURNAMES_SINGLE } from './surnames.js';

export interface CardLine {
  text: string;
  confidence?: number;
  box?: number[][];
}

const COMPANY_SUFFIX =
  /(股份有限公司|有限责任公司|有限公司|（有限合伙）|合伙企业|集团|控股|资本|基金|投资|创投|证券|银行|信托|保险|研究院|研究所|事务所|律师事务所|会计师事务所|交易所|协会|大学|学院|医院|中心|工作室)$/;
const COMPANY_WORD =
  /(公司|集团|资本|基金|投资|创投|证券|银行|控股|合伙|研究院|事务所|Capital|Ventures|Partners)/i;

const TITLE_WORDS = [
  '董事长',
  '副董事长',
  '执行董事',
  '董事总经理',
  '董事',
  '监事',
  '总裁',
  '副总裁',
  '总经理',
  '副总经理',
  '合伙人',
  '管理合伙人',
  '创始人',
  '联合创始人',
  '投资总监',
  '投资经理',
  '高级投资经理',
  '投资副总裁',
  '投资助理',
  '分析师',
  '研究员',
  '经理',
  '总监',
  '主管',
  '主任',
  '秘书',
  '董秘',
  '财务总监',
  '首席',
  '顾问',
  '律师',
  '会计师',
  '工程师',
  '部长',
  '负责人',
  '总编',
  '专员',
  '代表',
  '所长',
  '院长',
  '行长',
];
const TITLE_LATIN =
  /\b(CEO|CFO|COO|CTO|CIO|CMO|VP|SVP|EVP|MD|President|Director|Manager|Partner|Founder|Associate|Analyst|Principal)\b/i;

/** Lines that name a field: "手机：138…", "E-mail: …", "职 务：…". */
const LABELS: {
  field: 'name' | 'company' | 'title' | 'mobile' | 'phone' | 'email' | 'skip';
  pattern: RegExp;
}[] = [
  { field: 'name', pattern: /^(姓\s*名|名\s*字)\s*[:：]?\s*/ },
  { field: 'company', pattern: /^(公\s*司|单\s*位|公司名称)\s*[:：]\s*/ },
  { field: 'title', pattern: /^(职\s*[位务称]|头\s*衔|部\s*门)\s*[:：]\s*/ },
  { field: 'mobile', pattern: /^(手\s*机|手机号|移动电话|Mobile|Mob|Cell|M)\s*[:：.]?\s*(?=[+\d(（])/i },
  { field: 'phone', pattern: /^(电\s*话|座\s*机|固\s*话|Tel|Phone|T)\s*[:：.]?\s*(?=[+\d(（])/i },
  { field: 'email', pattern: /^(邮\s*箱|电子邮件|E-?mail|E)\s*[:：.]?\s*(?=[\w.+-]+@)/i },
  {
    field: 'skip',
    pattern: /^(传\s*真|Fax|F|地\s*址|Add(ress)?|网\s*址|Web(site)?|微\s*信|WeChat|QQ|邮\s*编)\s*[:：.]?/i,
  },
];

const MOBILE = /(?<!\d)(?:\+?86[\s-]?)?(1[3-9]\d)[\s-]?(\d{4})[\s-]?(\d{4})(?!\d)/g;
const LANDLINE =
  /(?<![\d+])(?:\+?86[\s-]?)?[(（]?(0\d{2,3})[)）]?[\s-]?(\d{3,4})[\s-]?(\d{4})(?:\s*(?:-|转|ext\.?)\s*(\d{1,6}))?(?!\d)/gi;
const HOTLINE = /(?<!\d)([48]00)[\s-]?(\d{3})[\s-]?(\d{4})(?!\d)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const CJK = /[\u3400-\u9fff]/;
const CJK_ONLY = /^[\u3400-\u9fff·]+$/;
const ADDRESS = /(省|市|区|县|路|街|道|号|楼|层|室|大厦|园区|广场|中心\d|座)/;
const NOT_NAMES = new Set([
  '地址',
  '电话',
  '手机',
  '邮箱',
  '网址',
  '微信',
  '传真',
  '名片',
  '公司',
  '中国',
  '总部',
  '电话号码',
]);

/** Full-width ASCII to half-width, ideographic space to space, runs of spaces to one. */
function normaliseText(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Company names are written with full-width brackets in China: （有限合伙）. */
function tidyCompany(text: string): string {
  return text.replace(/\s+/g, '').replace(/\(/g, '（').replace(/\)/g, '）');
}

function lineHeight(line: CardLine): number {
  const box = line.box;
  if (!box || box.length < 4) return 0;
  const ys = box.map((p) => p[1] ?? 0);
  return Math.max(...ys) - Math.min(...ys);
}

function hasSurname(name: string): boolean {
  return SURNAMES_DOUBLE.some((s) => name.startsWith(s)) || SURNAMES_SINGLE.includes(name[0] ?? '');
}

function titleScore(text: string): number {
  const compact = text.replace(/\s+/g, '');
  if (compact.length > 24 || COMPANY_SUFFIX.test(compact)) return 0;
  if (TITLE_LATIN.test(text) && !CJK.test(text)) return 2;
  const hits = TITLE_WORDS.filter((w) => compact.includes(w)).length;
  if (!hits) return TITLE_LATIN.test(text) ? 1 : 0;
  // A bare title ("投资总监") beats a sentence that merely mentions one.
  return hits + (compact.length <= 10 ? 2 : 0);
}

function companyScore(text: string): number {
  const compact = tidyCompany(text);
  if (compact.length < 4 || EMAIL.test(compact)) return 0;
  if (/\d{3,}/.test(compact)) return 0;
  let score = 0;
  if (/(有限公司|有限责任公司|（有限合伙）|合伙企业)$/.test(compact)) score += 6;
  else if (COMPANY_SUFFIX.test(compact)) score += 4;
  else if (COMPANY_WORD.test(compact)) score += 2;
  if (!CJK.test(compact)) score -= 1; // an English line beside the Chinese name
  if (ADDRESS.test(compact) && /\d/.test(compact)) score -= 4;
  return score;
}

function addPhones(text: string, into: { mobiles: string[]; landlines: string[] }) {
  for (const m of text.matchAll(MOBILE)) into.mobiles.push(`${m[1]}${m[2]}${m[3]}`);
  const rest = text.replace(MOBILE, ' ');
  for (const m of rest.matchAll(LANDLINE))
    into.landlines.push(`${m[1]}-${m[2]}${m[3]}${m[4] ? `-${m[4]}` : ''}`);
  for (const m of rest.matchAll(HOTLINE)) into.landlines.push(`${m[1]}-${m[2]}-${m[3]}`);
}

/** Splits "张伟 投资总监" or "张伟｜合伙人" into a name and a title, when it is one. */
function splitNameTitle(text: string): { name: string; title: string } | null {
  const parts = text.split(/\s*[\s|｜/·•]\s*/).filter(Boolean);
  if (parts.length < 2) return null;
  const [first, ...rest] = parts;
  const title = rest.join(' ');
  const isName = first && CJK_ONLY.test(first) && first.length >= 2 && first.length <= 4;
  if (isName && hasSurname(first) && titleScore(first) === 0) {
    if (titleScore(title) > 0) return { name: first, title };
  }
  return null;
}

export function extractCardFields(input: readonly CardLine[]): CardFields {
  const lines = input
    .map((line) => ({ ...line, text: normaliseText(line.text) }))
    .filter((line) => line.text.length > 0);
  const phones = { mobiles: [] as string[], landlines: [] as string[] };
  let name = '';
  let company = '';
  let title = '';
  let email = '';
  const free: (CardLine & { index: number })[] = [];

  for (const [index, line] of lines.entries()) {
    const label = LABELS.find((l) => l.pattern.test(line.text));
    const value = label ? line.text.replace(label.pattern, '').trim() : line.text;
    const found = value.match(EMAIL);
    if (found && !email) email = found[0].toLowerCase();
    if (label?.field === 'skip') continue;
    if (label?.field === 'email' || (found && value.replace(found[0], '').trim().length < 3)) continue;
    if (label?.field === 'mobile' || label?.field === 'phone') {
      addPhones(value, phones);
      continue;
    }
    if (label?.field === 'name' && !name) name = value.replace(/\s+/g, '');
    else if (label?.field === 'company' && !company) company = tidyCompany(value);
    else if (label?.field === 'title' && !title) title = value;
    else if (!label) {
      // Unlabelled lines with digits may still be phone numbers ("138 1234 5678").
      const before = phones.mobiles.length + phones.landlines.length;
      addPhones(value, phones);
      const isPhoneLine = phones.mobiles.length + phones.landlines.length > before;
      if (isPhoneLine && !CJK.test(value.replace(/[电话手机]/g, ''))) continue;
      free.push({ ...line, text: value, index });
    }
  }

  // Company: the best-scoring line; a wrapped name ("…投资" + "有限公司") is joined back.
  if (!company) {
    let best = { score: 0, text: '', index: -1 };
    free.forEach((line, i) => {
      let text = line.text;
      const next = free[i + 1];
      if (
        next &&
        /^[(（]?(有限公司|有限责任公司|股份有限公司|有限合伙|合伙企业)/.test(next.text.replace(/\s+/g, ''))
      ) {
        text += next.text;
      }
      const score = companyScore(text);
      if (score > best.score) best = { score, text, index: line.index };
    });
    if (best.score >= 2) company = tidyCompany(best.text);
  }

  const isCompanyLine = (text: string) => company !== '' && company.includes(tidyCompany(text));

  if (!name || !title) {
    for (const line of free) {
      const split = splitNameTitle(line.text);
      if (split) {
        name ||= split.name;
        title ||= split.title;
        break;
      }
    }
  }

  if (!title) {
    const ranked = free
      .filter((line) => !isCompanyLine(line.text))
      .map((line) => ({ text: line.text, score: titleScore(line.text) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score);
    title = ranked[0]?.text ?? '';
  }

  if (!name) {
    const tallest = Math.max(0, ...free.map(lineHeight));
    const candidates = free
      .map((line) => ({ line, text: line.text.replace(/\s+/g, '') }))
      .filter(({ text }) => CJK_ONLY.test(text) && text.length >= 2 && text.length <= 4)
      .filter(({ text }) => !NOT_NAMES.has(text) && titleScore(text) === 0 && companyScore(text) === 0)
      .map(({ line, text }) => {
        let score = hasSurname(text) ? 3 : 0;
        if (tallest > 0 && lineHeight(line) >= tallest * 0.9) score += 2;
        score -= line.index * 0.1; // earlier lines are likelier
        return { text, score };
      })
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score);
    name = candidates[0]?.text ?? '';
  }

  const unique = (list: string[]) => [...new Set(list)];
  const allPhones = unique([...phones.mobiles, ...phones.landlines]);
  return {
    name,
    company,
    title: title.replace(/\s+/g, ' ').trim(),
    phone: phones.mobiles[0] ?? phones.landlines[0] ?? '',
    phones: allPhones,
    email,
  };
}

/** Whether OCR read anything a person could check: a name, a company or a phone. */
export function isCardReadable(fields: CardFields): boolean {
  return Boolean(fields.name || fields.company || fields.phone);
}
