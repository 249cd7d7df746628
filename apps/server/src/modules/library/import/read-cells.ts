/**
 * One cell to a value, or a Chinese complaint about it. Industries, regions and stages are
 * mapped by name or synonym through the reference data (新能源车 → 新能源汽车, 深圳 → 440300,
 * Pre-A → A轮); amounts accept 1,200 / 1200万 / 1.5亿 and are stored in 万元.
 */
import { PHONE_PATTERN } from '@jq/contract';
import { findIndustry, findRegion, parseStage } from '../../reference/index.js';
import type { CellKind } from './columns.js';

export type CellResult = { ok: true; value: unknown } | { ok: false; problem: string };

const ok = (value: unknown): CellResult => ({ ok: true, value });
const fail = (problem: string): CellResult => ({ ok: false, problem });

/** 、,，;；| and line breaks separate list items; a slash does not (企业服务/SaaS is one name). */
export function splitList(text: string): string[] {
  return text
    .split(/[、,，;；|\n]+/u)
    .map((item) => item.trim())
    .filter(Boolean);
}

export const INSTITUTION_TYPES: Record<string, string> = {
  vc: 'VC',
  风险投资: 'VC',
  创业投资: 'VC',
  创投: 'VC',
  pe: 'PE',
  私募股权: 'PE',
  股权投资: 'PE',
  cvc: 'CVC',
  产业资本: 'CVC',
  企业风投: 'CVC',
  战投: 'CVC',
  天使: '天使',
  天使投资: '天使',
  angel: '天使',
  政府引导基金: '政府引导基金',
  引导基金: '政府引导基金',
  fof: 'FOF',
  母基金: 'FOF',
  券商直投: '券商直投',
  家族办公室: '家族办公室',
  家办: '家族办公室',
  其他: '其他',
};

const MAX_AMOUNT = 2_000_000_000;

export function parseAmount(text: string): CellResult {
  const compact = text
    .normalize('NFKC')
    .replace(/[,\s]/g, '')
    .replace(/(人民币|元|rmb|cny)$/iu, '');
  const match = /^(-?\d+(?:\.\d+)?)(万|亿)?$/u.exec(compact);
  if (!match) return fail(`应为金额（万元），如 500 或 1.5亿，实际为“${text}”`);
  const value = Number(match[1]) * (match[2] === '亿' ? 10_000 : 1);
  if (value < 0) return fail('不能为负数');
  if (value > MAX_AMOUNT) return fail('金额过大');
  return ok(Math.round(value));
}

export function parseYear(text: string, now = new Date()): CellResult {
  const match = /^(\d{4})(?:[年\-/.]|$)/u.exec(text.normalize('NFKC').trim());
  const year = match ? Number(match[1]) : Number.NaN;
  const max = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < 1900 || year > max)
    return fail(`应为 1900 至 ${max} 之间的年份，实际为“${text}”`);
  return ok(year);
}

function parseIndustries(text: string): CellResult {
  const ids: string[] = [];
  for (const item of splitList(text)) {
    const id = findIndustry(item);
    if (!id) return fail(`无法识别“${item}”，请使用平台行业名称（如 人工智能、新能源汽车、储能）`);
    const top = id.split('.')[0]!;
    // A sub-industry brings its top industry along, so a filter on the top finds the row.
    for (const value of id === top ? [id] : [top, id]) if (!ids.includes(value)) ids.push(value);
  }
  return ok(ids);
}

function parseStages(text: string): CellResult {
  const codes: number[] = [];
  for (const item of splitList(text)) {
    const code = parseStage(item);
    if (code === undefined)
      return fail(`无法识别“${item}”，可填写 种子轮、天使轮、A轮 … Pre-IPO、战略投资 等`);
    if (!codes.includes(code)) codes.push(code);
  }
  return ok(codes.sort((a, b) => a - b));
}

function parseProvinces(text: string): CellResult {
  if (/^(全国|不限|全国不限)$/u.test(text.trim())) return ok([]);
  const codes: string[] = [];
  for (const item of splitList(text)) {
    const match = findRegion(item);
    if (!match) return fail(`无法识别地区“${item}”，请填写省份或城市名称（如 广东、深圳）`);
    if (!codes.includes(match.provinceCode)) codes.push(match.provinceCode);
  }
  return ok(codes);
}

function parseTeam(text: string): CellResult {
  const members = [];
  for (const item of text
    .split(/[;；\n]+/u)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, title = '', ...rest] = item.split(/[:：]/u).map((s) => s.trim());
    if (!name) return fail(`团队成员应写作“姓名:职务”，多人用分号分隔，实际为“${item}”`);
    members.push({ name, title, ...(rest.length ? { bio: rest.join('：') } : {}) });
  }
  return ok(members);
}

export function readCell(cell: CellKind, raw: string): CellResult {
  const text = raw.trim();
  switch (cell) {
    case 'text':
      return text.length > 200 ? fail('不能超过 200 个字') : ok(text);
    case 'longText':
      return text.length > 5000 ? fail('不能超过 5000 个字') : ok(text);
    case 'year':
      return parseYear(text);
    case 'amount':
      return parseAmount(text);
    case 'industries':
      return parseIndustries(text);
    case 'stages':
      return parseStages(text);
    case 'stage': {
      const code = parseStage(text);
      return code === undefined
        ? fail(`无法识别“${text}”，可填写 种子轮、天使轮、A轮 … Pre-IPO 等`)
        : ok(code);
    }
    case 'provinces':
      return parseProvinces(text);
    case 'region': {
      const match = findRegion(text);
      return match ? ok(match) : fail(`无法识别地区“${text}”，请填写省份或城市名称（如 广东、深圳）`);
    }
    case 'list':
      return ok(splitList(text).slice(0, 30));
    case 'phone': {
      const digits = text.replace(/[\s-]/g, '').replace(/^\+?86/, '');
      return PHONE_PATTERN.test(digits) ? ok(digits) : fail(`应为 11 位手机号，实际为“${text}”`);
    }
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(text)
        ? ok(text.toLowerCase())
        : fail(`邮箱格式不正确：“${text}”`);
    case 'url':
      return /^(https?:\/\/)?[\w.-]+\.[a-z]{2,}(\/\S*)?$/iu.test(text)
        ? ok(/^https?:\/\//i.test(text) ? text : `http://${text}`)
        : fail(`网址格式不正确：“${text}”`);
    case 'currency': {
      const value = {
        人民币: 'CNY',
        rmb: 'CNY',
        cny: 'CNY',
        美元: 'USD',
        usd: 'USD',
        港元: 'HKD',
        港币: 'HKD',
        hkd: 'HKD',
      }[text.toLowerCase()];
      return value ? ok(value) : fail(`应为 人民币、美元 或 港元，实际为“${text}”`);
    }
    case 'institutionType': {
      const value = INSTITUTION_TYPES[text.toLowerCase()];
      return value
        ? ok(value)
        : fail(`无法识别“${text}”，可选：VC、PE、CVC、天使、政府引导基金、FOF、券商直投、家族办公室、其他`);
    }
    case 'institution':
      return ok(text);
    case 'team':
      return parseTeam(text);
  }
}
