/**
 * DOCX, XLSX and PPTX on generated files: headings and tables from Word, sheets with their
 * header repeated per row group, slides in presentation order with notes and tables, and the
 * containers a zip bomb or a password make.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkDocument, ParseError, parseDocument } from '../../src/modules/parsing/index.js';
import { docx, pptx, xlsx, zip } from './fixtures.js';
import { expectVerbatimChunks } from './helpers.js';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ParseError,
  );

describe('DOCX', () => {
  it('keeps headings as the heading path and tables as rows under their header', async () => {
    const bytes = docx([
      { heading: 1, text: '金桥科技商业计划书' },
      { paragraph: '我们为中小企业提供融资撮合服务。' },
      { heading: 2, text: '一、财务数据' },
      { paragraph: '近三年收入如下表所示：' },
      {
        headerRow: true,
        table: [
          ['年份', '营业收入（万元）', '净利润（万元）'],
          ['2022', '1,200', '-300'],
          ['2023', '3,100', '150'],
        ],
      },
      { heading: 2, text: '二、融资计划' },
      { paragraph: '本轮拟融资 5,000 万元 & 出让 10% 股权。' },
    ]);
    const doc = await parseDocument(bytes, { kind: 'docx', filename: 'bp.docx' });
    expect(doc.title).toBe('金桥科技商业计划书');
    expect(doc.pages).toHaveLength(1);
    const page = doc.pages[0]!;
    expect(page.headings!.map((h) => [h.level, h.text])).toEqual([
      [1, '金桥科技商业计划书'],
      [2, '一、财务数据'],
      [2, '二、融资计划'],
    ]);
    expect(page.tables).toHaveLength(1);
    expect(page.tables[0]).toMatchObject({
      header: ['年份', '营业收入（万元）', '净利润（万元）'],
      rows: [
        ['2022', '1,200', '-300'],
        ['2023', '3,100', '150'],
      ],
    });
    expect(page.text).toContain('本轮拟融资 5,000 万元 & 出让 10% 股权。');
    const chunks = chunkDocument(doc);
    expectVerbatimChunks(doc, chunks);
    const table = chunks.find((c) => c.isTable)!;
    expect(table.headingPath).toEqual(['金桥科技商业计划书', '一、财务数据']);
    expect(table.text).toContain('| 2023 | 3,100 | 150 |');
    expect(chunks.find((c) => c.text.includes('出让'))!.headingPath).toEqual([
      '金桥科技商业计划书',
      '二、融资计划',
    ]);
  });

  it('takes the first row as the header when Word marks none', async () => {
    const doc = await parseDocument(
      docx([
        {
          table: [
            ['姓名', '职务'],
            ['张伟', '首席执行官'],
          ],
        },
      ]),
      { kind: 'docx' },
    );
    expect(doc.pages[0]!.tables[0]).toMatchObject({
      header: ['姓名', '职务'],
      rows: [['张伟', '首席执行官']],
    });
  });

  it('refuses a zip bomb whose declared sizes are huge, before unzipping it', async () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    const deflated = deflateRawSync(zeros, { level: 9 });
    const bomb = docx(
      [{ paragraph: '正常的正文' }],
      Array.from({ length: 10 }, (_, i) => ({ name: `word/media/pad${i}.bin`, data: zeros, deflated })),
    );
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = await failure(parseDocument(bomb, { kind: 'docx' }));
    expect(error).toBeInstanceOf(ParseError);
    expect(error!.reason).toBe('too_large');
  });

  it('refuses a zip bomb that lies about its sizes, stopping the inflate at the declared size', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = docx(
      [{ paragraph: '正文' }],
      [{ name: 'word/media/a.bin', data: zeros, declaredSize: 1000 }],
    );
    const error = await failure(parseDocument(bomb, { kind: 'docx' }));
    expect(error!.reason).toBe('too_large');
  });

  it('says encrypted for a password-protected Office file', async () => {
    // The compound-file header, then a directory naming the EncryptedPackage stream (UTF-16LE).
    const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const bytes = Buffer.concat([header, Buffer.alloc(504), Buffer.from('EncryptedPackage', 'utf16le')]);
    const error = await failure(parseDocument(bytes, { kind: 'docx', filename: 'bp.docx' }));
    expect(error!.reason).toBe('encrypted');
  });

  it('says corrupt for a ZIP that is not a Word document inside', async () => {
    const bytes = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<not-closed' },
    ]);
    const error = await failure(parseDocument(bytes, { kind: 'docx' }));
    expect(error).toBeInstanceOf(ParseError);
    expect(['corrupt', 'no_text']).toContain(error!.reason);
  });
});

describe('XLSX', () => {
  it('gives one page per sheet, named after it, with numbers, percentages, dates and formula results', async () => {
    const bytes = await xlsx(
      [
        {
          name: '收入',
          rows: [
            ['年份', '收入（万元）', '增长率', '日期'],
            [2023, 1200.5, 0.25, new Date(Date.UTC(2023, 11, 31))],
            [2024, { formula: 'B2*2', result: 2401 }, 0.3, new Date(Date.UTC(2024, 11, 31))],
          ],
        },
        {
          name: '团队',
          rows: [['团队成员表'], ['姓名', '职务'], ['张伟', '首席执行官']],
        },
        { name: '底稿', rows: [['隐藏的数据']], hidden: true },
      ],
      (workbook) => {
        workbook.getWorksheet('收入')!.getColumn(3).numFmt = '0.0%';
      },
    );
    const doc = await parseDocument(bytes, { kind: 'xlsx', filename: '财务.xlsx' });
    expect(doc.pages.map((p) => p.label)).toEqual(['工作表「收入」', '工作表「团队」']);
    expect(doc.pages[0]!.tables[0]).toMatchObject({
      header: ['年份', '收入（万元）', '增长率', '日期'],
      rows: [
        ['2023', '1200.5', '25.0%', '2023-12-31'],
        ['2024', '2401', '30.0%', '2024-12-31'],
      ],
    });
    expect(doc.pages[1]!.tables[0]).toMatchObject({ caption: '团队成员表', header: ['姓名', '职务'] });
    expect(doc.warnings).toEqual(['已跳过隐藏的工作表：「底稿」']);
    expectVerbatimChunks(doc, chunkDocument(doc));
  });

  it('says no_text for a workbook without data', async () => {
    const error = await failure(parseDocument(await xlsx([{ name: '空表', rows: [] }]), { kind: 'xlsx' }));
    expect(error!.reason).toBe('no_text');
  });
});

describe('PPTX', () => {
  const deck = () =>
    pptx([
      { title: '金桥科技', bullets: ['让融资更简单'], notes: '开场白：感谢各位投资人。' },
      { title: '市场规模', bullets: ['中国中小企业融资服务市场约两千亿元', '年增速百分之二十'] },
      {
        title: '财务数据',
        table: [
          ['年份', '收入'],
          ['2023', '1200 万元'],
          ['2024', '3100 万元'],
        ],
      },
    ]);

  it('reads slides in presentation order with their numbers, titles, tables and notes', async () => {
    const doc = await parseDocument(deck(), { kind: 'pptx', filename: 'deck.pptx' });
    expect(doc.title).toBe('金桥科技');
    expect(doc.pages.map((p) => p.label)).toEqual(['第 1 张幻灯片', '第 2 张幻灯片', '第 3 张幻灯片']);
    expect(doc.pages[0]!.text).toBe('金桥科技\n\n让融资更简单\n\n备注：开场白：感谢各位投资人。');
    expect(doc.pages[1]!.text).toContain('中国中小企业融资服务市场约两千亿元\n年增速百分之二十');
    // The slide-number placeholder is not content.
    expect(doc.pages[1]!.text).not.toMatch(/\n2$/);
    expect(doc.pages[2]!.tables[0]).toMatchObject({
      header: ['年份', '收入'],
      rows: [
        ['2023', '1200 万元'],
        ['2024', '3100 万元'],
      ],
    });
    const chunks = chunkDocument(doc);
    expectVerbatimChunks(doc, chunks);
    expect(chunks.find((c) => c.text.includes('两千亿'))).toMatchObject({
      pageNo: 2,
      pageLabel: '第 2 张幻灯片',
      headingPath: ['市场规模'],
    });
  });

  it('refuses a deck longer than maxPages', async () => {
    const error = await failure(parseDocument(deck(), { kind: 'pptx', maxPages: 2 }));
    expect(error!.reason).toBe('too_many_pages');
  });

  it('says no_text for a deck of empty slides', async () => {
    const error = await failure(parseDocument(pptx([{}, {}]), { kind: 'pptx' }));
    expect(error!.reason).toBe('no_text');
  });
});
