/**
 * PDF parsing on generated files: Chinese in a non-embedded CJK font (readable only with the
 * character maps), Chinese in an embedded font, encrypted, scanned (with and without the
 * OCR port), too many pages, and bytes that are not a PDF. Chunks are checked verbatim.
 */
import { describe, expect, it } from 'vitest';
import { chunkDocument, ParseError, parseDocument } from '../../src/modules/parsing/index.js';
import { createOcr } from '../../src/platform/ocr/index.js';
import {
  embeddedFontPdf,
  encryptedPdf,
  executableBytes,
  handWrittenPdf,
  nonEmbeddedCjkPdf,
  scannedPdf,
} from './fixtures.js';
import { expectVerbatimChunks } from './helpers.js';

async function parseError(promise: Promise<unknown>): Promise<ParseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
}

describe('PDF', () => {
  it('reads Chinese set in a non-embedded CJK font (STSong-Light) through the character maps', async () => {
    const bytes = nonEmbeddedCjkPdf([
      ['第一章 公司概况', '本公司成立于二〇一八年，主营储能电池管理系统。'],
      ['第二章 融资计划', '本轮拟融资五千万元，用于产线扩建。'],
    ]);
    const doc = await parseDocument(bytes, { kind: 'pdf', filename: '计划书.pdf' });
    expect(doc.pageCount).toBe(2);
    expect(doc.pages.map((page) => page.label)).toEqual(['第 1 页', '第 2 页']);
    expect(doc.pages[0]!.text).toContain('本公司成立于二〇一八年，主营储能电池管理系统。');
    expect(doc.pages[1]!.text).toContain('本轮拟融资五千万元');
    expect(doc.pages[0]!.headings?.[0]).toMatchObject({ level: 1, text: '第一章 公司概况' });
    const chunks = chunkDocument(doc);
    expectVerbatimChunks(doc, chunks);
    expect(chunks.find((c) => c.text.includes('五千万元'))).toMatchObject({
      pageNo: 2,
      pageLabel: '第 2 页',
      headingPath: ['第二章 融资计划'],
    });
  });

  it('reads Chinese in an embedded font and reports progress page by page', async () => {
    const bytes = await embeddedFontPdf([
      ['金桥科技商业计划书', '我们为中小企业提供融资撮合服务。截至二〇二四年底，平台累计服务企业三千余家。'],
      ['市场规模：中国中小企业融资服务市场约为两千亿元。'],
      ['团队：创始人曾任某券商投行部董事总经理。'],
    ]);
    const progress: [number, number][] = [];
    const doc = await parseDocument(bytes, {
      kind: 'pdf',
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(doc.pages[0]!.text.replace(/\n/g, '')).toContain('平台累计服务企业三千余家');
    expect(doc.pages[2]!.text).toContain('投行部');
    expect(doc.title).toBe('金桥科技商业计划书');
    expectVerbatimChunks(doc, chunkDocument(doc, { maxChars: 30 }));
  });

  it('refuses an encrypted PDF with the reason encrypted', async () => {
    const error = await parseError(parseDocument(await encryptedPdf(), { kind: 'pdf' }));
    expect(error.reason).toBe('encrypted');
    expect(error.message).toContain('加密');
  });

  it('refuses more pages than maxPages before reading them', async () => {
    const bytes = nonEmbeddedCjkPdf(Array.from({ length: 6 }, (_, i) => [`第 ${i + 1} 页内容`]));
    const error = await parseError(parseDocument(bytes, { kind: 'pdf', maxPages: 5 }));
    expect(error.reason).toBe('too_many_pages');
    expect(error.message).toContain('6 页');
  });

  it('refuses an executable renamed to .pdf and a truncated PDF', async () => {
    const renamed = await parseError(parseDocument(executableBytes(), { kind: 'pdf', filename: 'plan.pdf' }));
    expect(renamed.reason).toBe('unsupported');
    const truncated = nonEmbeddedCjkPdf([['内容']]).subarray(0, 60);
    expect((await parseError(parseDocument(truncated, { kind: 'pdf' }))).reason).toBe('corrupt');
  });

  it('says no_text for a PDF whose pages carry no text', async () => {
    const blank = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]);
    expect((await parseError(parseDocument(blank, { kind: 'pdf' }))).reason).toBe('no_text');
  });

  it('marks a scanned page without an OCR port and refuses the file as no_text', async () => {
    const bytes = await scannedPdf(['第三章 财务数据', '营业收入一亿二千万元']);
    const error = await parseError(parseDocument(bytes, { kind: 'pdf' }));
    expect(error.reason).toBe('no_text');
    expect(error.message).toContain('扫描');
  });

  it('keeps the text pages and marks the scanned one when there is no OCR port', async () => {
    const bytes = await scannedPdf(['扫描的第二页'], '第一页是文字，正常收录。');
    const doc = await parseDocument(bytes, { kind: 'pdf' });
    expect(doc.pages[0]!.text).toContain('第一页是文字');
    expect(doc.pages[1]).toMatchObject({ no: 2, text: '', isScanned: true });
    expect(doc.warnings).toEqual(['第 2 页为扫描图片，未做文字识别，内容未收录']);
  });

  it('reads a scanned page through the local OCR port', { timeout: 60_000 }, async () => {
    const ocr = await createOcr({
      provider: 'local',
      tencent: { secretId: '', secretKey: '', region: '', endpoint: '' },
    });
    try {
      const bytes = await scannedPdf(['第三章 财务数据', '营业收入一亿二千万元']);
      const doc = await parseDocument(bytes, { kind: 'pdf', ocr });
      expect(doc.pages[0]!.isScanned).toBe(true);
      expect(doc.pages[0]!.text.replace(/\s/g, '')).toContain('营业收入');
      expect(doc.warnings.join('')).toContain('扫描');
    } finally {
      await ocr.close();
    }
  });

  it('stops between pages when the signal aborts', async () => {
    const bytes = nonEmbeddedCjkPdf(Array.from({ length: 5 }, (_, i) => [`第 ${i + 1} 页内容`]));
    const controller = new AbortController();
    const pages: number[] = [];
    const result = parseDocument(bytes, {
      kind: 'pdf',
      signal: controller.signal,
      onProgress: (done) => {
        pages.push(done);
        if (done === 2) controller.abort(new Error('deleted'));
      },
    });
    await expect(result).rejects.toThrow('deleted');
    expect(pages).toEqual([1, 2]);
  });
});
