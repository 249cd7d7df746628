import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { investorSheet } from './export-rows';
import { investorItem } from './test-fixtures';
import { buildXlsx, sheetName } from './workbook';

/** The written workbook read back by exceljs itself. */
async function readBack(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
  return { sheet, values };
}

describe('workbook', () => {
  it('cleans a sheet name the way Excel requires', () => {
    expect(sheetName('结果[1]/草稿:?')).toBe('结果 1  草稿');
    expect(sheetName('')).toBe('Sheet1');
    expect(Array.from(sheetName('很'.repeat(40)))).toHaveLength(31);
  });

  it('writes a bold frozen header, text and numbers, empty cells left empty', async () => {
    const bytes = await buildXlsx({
      name: '匹配结果/草稿',
      header: ['排名', '名称', '匹配度'],
      rows: [
        [1, '远澈资本 & <伙伴>\u0001', 86.5],
        [2, null, Number.NaN],
        [3, 'x'.repeat(40_000), undefined],
      ],
      widths: [6, 20, 8],
    });
    expect(new TextDecoder().decode(bytes.subarray(0, 2))).toBe('PK');
    const { sheet, values } = await readBack(bytes);
    expect(sheet.name).toBe('匹配结果 草稿');
    expect(values(1)).toEqual(['排名', '名称', '匹配度']);
    expect([1, 2, 3].map((col) => sheet.getRow(1).getCell(col).font?.bold)).toEqual([true, true, true]);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([6, 20, 8]);
    expect(values(2)).toEqual([1, '远澈资本 & <伙伴>', 86.5]);
    expect(values(3)).toEqual([2]);
    expect((values(4)[1] as string).length).toBe(32_767);
    expect(sheet.rowCount).toBe(4);
  });

  it('round-trips an exported match row, reasons on separate lines', async () => {
    const spec = investorSheet([investorItem({ rank: 3 })], 'https://jq.example.com');
    const { sheet, values } = await readBack(await buildXlsx(spec));
    expect(sheet.name).toBe('匹配结果');
    expect(values(1)).toEqual(spec.header);
    expect(values(2)).toEqual(spec.rows[0]!.map((cell) => (cell === '' ? undefined : cell)));
    expect(values(2)[0]).toBe(3);
    expect(values(2).at(-2)).toMatch(/^1\. .+\n2\. /);
    expect(sheet.columns.map((column) => column.width)).toEqual(spec.widths);
  });
});
