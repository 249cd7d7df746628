import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, crc32, escapeXml, sheetName } from './xlsx';

/** The stored entries of a zip, read back from its central directory, CRCs checked. */
function readZip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const offset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(offset, true)).toBe(0x04034b50);
    const dataStart = offset + 30 + view.getUint16(offset + 26, true);
    const data = bytes.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    files.set(name, new TextDecoder().decode(data));
    at += 46 + nameLength;
  }
  return files;
}

describe('xlsx', () => {
  it('names columns the way spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('escapes markup and drops control characters XML forbids', () => {
    expect(escapeXml('A&B <i>"x"</i>\u0001\n')).toBe('A&amp;B &lt;i&gt;&quot;x&quot;&lt;/i&gt;\n');
  });

  it('cleans a sheet name the way Excel requires', () => {
    expect(sheetName('结果[1]/草稿:?')).toBe('结果 1  草稿');
    expect(sheetName('')).toBe('Sheet1');
    expect(Array.from(sheetName('很'.repeat(40)))).toHaveLength(31);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes a valid workbook: the parts, a bold header, inline strings and numbers', () => {
    const bytes = buildXlsx({
      name: '匹配结果',
      header: ['排名', '名称', '匹配度'],
      rows: [
        [1, '远澈资本 & <伙伴>', 86.5],
        [2, null, undefined],
      ],
      widths: [6, 20, 8],
    });
    const files = readZip(bytes);
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">排名</t></is></c>');
    expect(sheet).toContain(
      '<c r="B2" t="inlineStr"><is><t xml:space="preserve">远澈资本 &amp; &lt;伙伴&gt;</t></is></c>',
    );
    expect(sheet).toContain('<c r="C2"><v>86.5</v></c>');
    expect(sheet).toContain('<row r="3"><c r="A3"><v>2</v></c></row>');
    expect(sheet).toContain('state="frozen"');
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="匹配结果" sheetId="1" r:id="rId1"/>');
  });
});
