/**
 * Field extraction on OCR line sets shaped like what the engines return for real Chinese
 * cards: big name on its own line, name and title on one line, wrapped company names,
 * labelled lines (the Tencent engine's output), letter-spaced names, fax and postcode noise.
 */
import { describe, expect, it } from 'vitest';
import {
  type CardLine,
  extractCardFields,
  isCardReadable,
} from '../../src/modules/verification/extract-fields.js';

/** Lines top to bottom with a box whose height is the type size. */
function card(rows: [text: string, size?: number][]): CardLine[] {
  let y = 20;
  return rows.map(([text, size = 24]) => {
    const box = [
      [40, y],
      [40 + text.length * size, y],
      [40 + text.length * size, y + size],
      [40, y + size],
    ];
    y += size + 16;
    return { text, confidence: 0.98, box };
  });
}

describe('extractCardFields', () => {
  it('reads a venture-capital card with the name in the largest type', () => {
    const fields = extractCardFields(
      card([
        ['红杉资本中国基金', 22],
        ['周 晓 明', 48],
        ['投资总监', 24],
        ['手机：138 1234 5678', 20],
        ['电话：010-85191234', 20],
        ['传真：010-85191235', 20],
        ['邮箱：zhouxm@hongshan.com', 20],
        ['地址：北京市朝阳区建国路77号华贸中心3座3606', 18],
      ]),
    );
    expect(fields).toEqual({
      name: '周晓明',
      company: '红杉资本中国基金',
      title: '投资总监',
      phone: '13812345678',
      phones: ['13812345678', '010-85191234'],
      email: 'zhouxm@hongshan.com',
    });
  });

  it('splits a name and title printed on one line and keeps a limited-partnership suffix', () => {
    const fields = extractCardFields(
      card([
        ['李娜 | 合伙人'],
        ['苏州元禾原点创业投资管理合伙企业(有限合伙)'],
        ['M: +86 139-1600-8888'],
        ['T: (0512) 6696 1234 转 806'],
        ['E-mail: lina@oriza.com'],
        ['江苏省苏州工业园区苏虹东路183号东沙湖基金小镇'],
      ]),
    );
    expect(fields.name).toBe('李娜');
    expect(fields.title).toBe('合伙人');
    expect(fields.company).toBe('苏州元禾原点创业投资管理合伙企业（有限合伙）');
    expect(fields.phone).toBe('13916008888');
    expect(fields.phones).toContain('0512-66961234-806');
    expect(fields.email).toBe('lina@oriza.com');
  });

  it('joins a company name wrapped onto a second line', () => {
    const fields = extractCardFields(
      card([
        ['深圳市前海远景创业投资', 22],
        ['有限公司', 22],
        ['王建国', 40],
        ['董事长 兼 总经理', 20],
        ['13500001111', 20],
      ]),
    );
    expect(fields.company).toBe('深圳市前海远景创业投资有限公司');
    expect(fields.name).toBe('王建国');
    expect(fields.title).toBe('董事长 兼 总经理');
    expect(fields.phone).toBe('13500001111');
  });

  it('reads the labelled lines the cloud engine returns', () => {
    const fields = extractCardFields([
      { text: '姓名：欧阳修远', confidence: 1 },
      { text: '职位：首席财务官 CFO', confidence: 1 },
      { text: '公司：杭州云栖智能科技股份有限公司', confidence: 1 },
      { text: '手机：18657101234', confidence: 1 },
      { text: '邮箱：ouyang@yunqi.cn', confidence: 1 },
    ]);
    expect(fields).toMatchObject({
      name: '欧阳修远',
      title: '首席财务官 CFO',
      company: '杭州云栖智能科技股份有限公司',
      phone: '18657101234',
      email: 'ouyang@yunqi.cn',
    });
  });

  it('ignores English lines, websites, postcodes and fax numbers', () => {
    const fields = extractCardFields(
      card([
        ['Matrix Partners China', 18],
        ['经纬创投', 30],
        ['陈晨', 44],
        ['Chen Chen', 18],
        ['高级投资经理 Senior Associate', 20],
        ['网址：www.matrixpartners.com.cn', 16],
        ['邮编：200031', 16],
        ['Fax: 021-6466 5555', 16],
        ['Tel: 021-6466 1234', 16],
      ]),
    );
    expect(fields.company).toBe('经纬创投');
    expect(fields.name).toBe('陈晨');
    expect(fields.title).toBe('高级投资经理 Senior Associate');
    expect(fields.phones).toEqual(['021-64661234']);
    expect(fields.phone).toBe('021-64661234');
  });

  it('reads full-width digits and colons as OCR often returns them', () => {
    const fields = extractCardFields(
      card([['张伟'], ['总经理'], ['北京智谱华章科技有限公司'], ['手机：１３６００００２２２２']]),
    );
    expect(fields.phone).toBe('13600002222');
    expect(fields.name).toBe('张伟');
  });

  it('answers empty fields for an unreadable image', () => {
    const fields = extractCardFields([
      { text: '  ', confidence: 0.2 },
      { text: '~', confidence: 0.1 },
    ]);
    expect(fields).toEqual({ name: '', company: '', title: '', phone: '', phones: [], email: '' });
    expect(isCardReadable(fields)).toBe(false);
  });
});
