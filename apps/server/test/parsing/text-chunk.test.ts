/**
 * Markdown, text and CSV as they are, kind sniffing by bytes, and the chunker: headings and
 * Chinese sentence ends as boundaries, tables whole with their header or in row groups that
 * repeat it, and every chunk an exact span of its page (checked on random documents too).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkDocument,
  type ParsedDocument,
  ParseError,
  parseDocument,
  sniffDocumentKind,
} from '../../src/modules/parsing/index.js';
import { docx, executableBytes, nonEmbeddedCjkPdf, pptx, xlsx } from './fixtures.js';
import { expectVerbatimChunks } from './helpers.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('sniffDocumentKind', () => {
  it('knows each kind by its bytes, whatever the name says', async () => {
    expect(sniffDocumentKind(nonEmbeddedCjkPdf([['内容']]), 'x.docx')).toBe('pdf');
    expect(sniffDocumentKind(docx([{ paragraph: '正文' }]), 'x.pdf')).toBe('docx');
    expect(sniffDocumentKind(await xlsx([{ name: '表', rows: [['a']] }]), 'x.pdf')).toBe('xlsx');
    expect(sniffDocumentKind(pptx([{ title: '标题' }]), 'x.txt')).toBe('pptx');
  });

  it('tells text kinds apart by extension only once the bytes are text', () => {
    expect(sniffDocumentKind(utf8('# 标题'), 'a.md')).toBe('md');
    expect(sniffDocumentKind(utf8('a,b\n1,2'), 'A.CSV')).toBe('csv');
    expect(sniffDocumentKind(utf8('纯文本'), 'a.txt')).toBe('txt');
    expect(sniffDocumentKind(utf8('纯文本'))).toBe('txt');
    expect(sniffDocumentKind(new TextEncoder().encode('\uFEFF带 BOM 的文本'), 'a.txt')).toBe('txt');
    // GBK, as Excel on a Chinese Windows saves CSV.
    const gbk = Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xbd, 0xf0, 0xb6, 0xee]);
    expect(sniffDocumentKind(gbk, 'a.csv')).toBe('csv');
  });

  it('refuses executables, images, empty files and other archives', () => {
    expect(sniffDocumentKind(executableBytes(), 'plan.pdf')).toBeNull();
    expect(
      sniffDocumentKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.png'),
    ).toBeNull();
    expect(sniffDocumentKind(new Uint8Array(0), 'a.txt')).toBeNull();
    expect(sniffDocumentKind(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), 'a.pdf')).toBeNull();
  });
});

describe('Markdown, text and CSV', () => {
  it('keeps Markdown as written, with its headings and pipe tables located', async () => {
    const md = [
      '# 金桥科技',
      '',
      '## 一、公司概况',
      '我们做融资撮合。',
      '',
      '| 年份 | 收入（万元） |',
      '| --- | --- |',
      '| 2023 | 1200 |',
      '| 2024 | 3100 |',
      '',
      '```',
      '# 不是标题',
      '```',
    ].join('\n');
    const doc = await parseDocument(utf8(md), { kind: 'md', filename: 'a.md' });
    expect(doc.title).toBe('金桥科技');
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]!.label).toBe('全文');
    expect(doc.pages[0]!.text).toBe(md);
    expect(doc.pages[0]!.headings!.map((h) => [h.level, h.text])).toEqual([
      [1, '金桥科技'],
      [2, '一、公司概况'],
    ]);
    expect(doc.pages[0]!.tables[0]).toMatchObject({
      header: ['年份', '收入（万元）'],
      rows: [
        ['2023', '1200'],
        ['2024', '3100'],
      ],
    });
    const chunks = chunkDocument(doc);
    expectVerbatimChunks(doc, chunks);
    const table = chunks.find((c) => c.isTable)!;
    expect(table.text.startsWith('| 年份 | 收入（万元） |')).toBe(true);
    expect(table.headingPath).toEqual(['金桥科技', '一、公司概况']);
  });

  it('cuts a long text into parts at blank lines without losing a character', async () => {
    const paragraph = '这是一个用于测试分段的句子，内容没有实际意义。'.repeat(20);
    const text = Array.from({ length: 30 }, () => paragraph).join('\n\n');
    const doc = await parseDocument(utf8(text), { kind: 'txt', filename: '长文.txt' });
    expect(doc.pageCount).toBeGreaterThan(1);
    expect(doc.pages.map((p) => p.text).join('')).toBe(text);
    expect(doc.pages[1]!.label).toBe('第 2 部分');
    expect(doc.title).toBe('长文');
  });

  it('reads a CSV (GBK too) as one table with its header', async () => {
    const csv = Buffer.concat([
      Buffer.from('\uFEFF', 'utf8'),
      utf8('公司,轮次,金额\n"北京某科技有限公司",A轮,"5,000万"\n上海某公司,天使轮,800万\n'),
    ]);
    const doc = await parseDocument(csv, { kind: 'csv', filename: 'deals.csv' });
    expect(doc.pages[0]!.tables).toHaveLength(1);
    expect(doc.pages[0]!.tables[0]).toMatchObject({
      header: ['公司', '轮次', '金额'],
      rows: [
        ['北京某科技有限公司', 'A轮', '5,000万'],
        ['上海某公司', '天使轮', '800万'],
      ],
    });
    const gbk = Buffer.from(new Uint8Array([0xc3, 0xfb, 0xb3, 0xc6, 0x0a, 0xbd, 0xf0, 0xc7, 0xc5]));
    const decoded = await parseDocument(gbk, { kind: 'csv', filename: 'gbk.csv' });
    expect(decoded.pages[0]!.tables[0]).toMatchObject({ header: ['名称'], rows: [['金桥']] });
  });

  it('refuses an empty text file and a file whose bytes are not its declared kind', async () => {
    const empty = await parseDocument(utf8('  \n '), { kind: 'txt' }).catch((e: ParseError) => e);
    expect(empty).toMatchObject({ reason: 'no_text' });
    const zero = await parseDocument(new Uint8Array(0), { kind: 'txt' }).catch((e: ParseError) => e);
    expect(zero).toMatchObject({ reason: 'no_text' });
    const mismatch = await parseDocument(utf8('文本'), { kind: 'pdf' }).catch((e: ParseError) => e);
    expect(mismatch).toBeInstanceOf(ParseError);
    expect(mismatch).toMatchObject({ reason: 'unsupported', message: '文件内容与类型不符（实际为 TXT）' });
  });
});

function docOf(text: string, tables: ParsedDocument['pages'][number]['tables'] = []): ParsedDocument {
  return {
    kind: 'txt',
    title: 't',
    pageCount: 1,
    warnings: [],
    pages: [{ no: 1, label: '全文', text, tables }],
  };
}

describe('chunkDocument', () => {
  it('cuts between Chinese sentences near the target size, never inside one that fits', () => {
    const sentence = '本段用于检验中文句子的切分是否落在句末标点之后。';
    const text = Array.from({ length: 60 }, (_, i) => `${sentence.slice(0, 20)}${i}！`).join('');
    const doc = docOf(text);
    const chunks = chunkDocument(doc, { maxChars: 100 });
    expectVerbatimChunks(doc, chunks);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(100);
      expect(chunk.text.endsWith('！')).toBe(true);
    }
  });

  it('starts a chunk at every heading and carries the heading path across pages', () => {
    const doc: ParsedDocument = {
      kind: 'pdf',
      title: 't',
      pageCount: 2,
      warnings: [],
      pages: [
        {
          no: 1,
          label: '第 1 页',
          text: '第一章 市场\n市场很大。\n一、规模\n规模两千亿。',
          tables: [],
          headings: [
            { level: 1, text: '第一章 市场', start: 0 },
            { level: 2, text: '一、规模', start: 13 },
          ],
        },
        { no: 2, label: '第 2 页', text: '续上页：增速百分之二十。', tables: [] },
      ],
    };
    const chunks = chunkDocument(doc, { maxChars: 500 });
    expectVerbatimChunks(doc, chunks);
    expect(chunks.map((c) => [c.text, c.headingPath])).toEqual([
      ['第一章 市场\n市场很大。', ['第一章 市场']],
      ['一、规模\n规模两千亿。', ['第一章 市场', '一、规模']],
      ['续上页：增速百分之二十。', ['第一章 市场', '一、规模']],
    ]);
  });

  it('keeps a short table whole and splits a long one into row groups that repeat the header', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [`公司${i}`, `${i * 100}万元`, '已完成']);
    const bytes = await xlsx([{ name: '收入', rows: [['公司', '金额', '状态'], ...rows] }]);
    const doc = await parseDocument(bytes, { kind: 'xlsx' });
    const chunks = chunkDocument(doc, { maxChars: 200 });
    expectVerbatimChunks(doc, chunks);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.isTable).toBe(true);
      expect(chunk.text.startsWith('| 公司 | 金额 | 状态 |\n| --- | --- | --- |\n')).toBe(true);
    }
    expect(chunks[0]!.prefix).toBe('');
    expect(chunks[1]!.prefix).toBe('| 公司 | 金额 | 状态 |\n| --- | --- | --- |\n');
    // Every row appears in exactly one group.
    const body = chunks.flatMap((c) => c.text.split('\n').slice(2));
    expect(body).toHaveLength(40);
    const small = chunkDocument(doc, { maxChars: 5000 });
    expect(small).toHaveLength(1);
  });

  it('gives exact spans on any text, headings and tables included', () => {
    const piece = fc.constantFrom(
      '。',
      '！',
      '？',
      '；',
      '…',
      '\n',
      '\n\n',
      ' ',
      '，',
      '增长',
      'abc',
      '数据',
      '“引号。”',
      '😀',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 300 }),
        fc.integer({ min: 50, max: 400 }),
        (parts, maxChars) => {
          const text = parts.join('');
          const headings = [...text.matchAll(/\n增长/g)].map((m) => ({
            level: 1,
            text: '增长',
            start: m.index + 1,
          }));
          const doc: ParsedDocument = {
            kind: 'txt',
            title: 't',
            pageCount: 1,
            warnings: [],
            pages: [{ no: 1, label: '全文', text, tables: [], headings }],
          };
          const chunks = chunkDocument(doc, { maxChars });
          for (const chunk of chunks) {
            expect(chunk.text).toBe(text.slice(chunk.start, chunk.end));
            expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
            expect(chunk.text.trim()).toBe(chunk.text);
          }
          // Nothing but white space is left out.
          const covered = chunks.map((c) => c.text).join('');
          expect(covered.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        },
      ),
      { numRuns: 300 },
    );
  });
});
