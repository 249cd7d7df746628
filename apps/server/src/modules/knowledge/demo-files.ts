/**
 * Demo files of the square, made at seed time (nothing binary is checked in): two Word
 * documents (headings, prose and a table) and two Excel workbooks (sheets with a header row),
 * in Chinese, marked as demo content. They go through the real upload path's parse job, so
 * the square shows what a user's DOCX and XLSX become.
 */

import { zip } from '../../lib/zip.js';

export interface DemoFile {
  filename: string;
  title: string;
  description: string;
  kind: 'docx' | 'xlsx';
  bytes: () => Promise<Buffer>;
}

type Block = { h: 1 | 2; text: string } | { p: string } | { table: string[][] };

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const PKG = 'http://schemas.openxmlformats.org/package/2006';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const run = (text: string) => `<w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;

function docx(blocks: Block[]): Buffer {
  const body = blocks
    .map((b) => {
      if ('h' in b) return `<w:p><w:pPr><w:pStyle w:val="Heading${b.h}"/></w:pPr>${run(b.text)}</w:p>`;
      if ('p' in b) return `<w:p>${run(b.p)}</w:p>`;
      const rows = b.table.map(
        (cells, i) =>
          `<w:tr>${i === 0 ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${cells
            .map((c) => `<w:tc><w:p>${run(c)}</w:p></w:tc>`)
            .join('')}</w:tr>`,
      );
      return `<w:tbl>${rows.join('')}</w:tbl>`;
    })
    .join('');
  const styles = [1, 2]
    .map(
      (n) =>
        `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/></w:style>`,
    )
    .join('');
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'word/styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${styles}<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`,
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

async function xlsx(sheets: { name: string; rows: (string | number)[][] }[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = '金桥演示数据';
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
    ws.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const NOTE = '说明：本文件为金桥演示数据，内容为模拟生成，仅供演示。';

export const DEMO_FILES: DemoFile[] = [
  {
    filename: '储能项目投资备忘录（演示）.docx',
    title: '储能项目投资备忘录（演示）',
    description: '一份工商业储能项目的投资备忘录：市场判断、商业模式、关键数据与风险。',
    kind: 'docx',
    bytes: async () =>
      docx([
        { h: 1, text: '储能项目投资备忘录' },
        { p: NOTE },
        { h: 2, text: '一、投资结论' },
        {
          p: '我们建议以 3000 万元参与目标公司 B 轮融资，投后估值 6 亿元。公司聚焦工商业储能系统集成，2025 年签约装机 420 兆瓦时，收入同比增长 180%。',
        },
        { h: 2, text: '二、市场判断' },
        {
          p: '工商业储能依靠峰谷价差套利，在浙江、广东、江苏等峰谷价差超过 0.7 元/千瓦时的地区，项目内部收益率可达 10% 以上。预计 2027 年国内工商业储能新增装机将超过 30 吉瓦时。',
        },
        { h: 2, text: '三、关键经营数据' },
        {
          table: [
            ['指标', '2023 年', '2024 年', '2025 年'],
            ['签约装机（兆瓦时）', '60', '150', '420'],
            ['营业收入（万元）', '8,200', '21,500', '60,200'],
            ['毛利率', '14.2%', '16.8%', '18.5%'],
            ['在手订单（万元）', '5,000', '18,000', '45,000'],
          ],
        },
        { h: 2, text: '四、主要风险' },
        {
          p: '一是电池价格继续下行导致存货减值；二是部分省份调整分时电价，峰谷价差收窄会拉长投资回收期；三是应收账款周期较长，2025 年末应收账款占收入比例约 35%。',
        },
        { h: 2, text: '五、投资条款要点' },
        { p: '本轮设置业绩对赌：2026 年收入不低于 9 亿元；投资人享有优先清算权与反稀释保护，董事会一席。' },
      ]),
  },
  {
    filename: '半导体设备企业尽调清单（演示）.docx',
    title: '半导体设备企业尽调清单（演示）',
    description: '半导体设备企业尽职调查的要点清单，按技术、客户、供应链、财务分列。',
    kind: 'docx',
    bytes: async () =>
      docx([
        { h: 1, text: '半导体设备企业尽职调查清单' },
        { p: NOTE },
        { h: 2, text: '一、技术与产品' },
        {
          p: '核实核心设备的工艺节点覆盖范围与量产验证情况，重点关注刻蚀、薄膜沉积设备在 28 纳米及以下节点的客户验证进度。',
        },
        { h: 2, text: '二、客户与订单' },
        {
          table: [
            ['核查事项', '资料来源', '关注点'],
            ['前五大客户收入占比', '销售合同、发票', '集中度是否超过 60%'],
            ['验证机台数量', '客户验收单', '验证转量产的比例'],
            ['在手订单', '订单台账', '交付周期与预付款比例'],
          ],
        },
        { h: 2, text: '三、供应链' },
        {
          p: '梳理关键零部件（射频电源、真空泵、陶瓷部件）的进口依赖度，评估替代供应商的认证周期，通常为 12 至 18 个月。',
        },
        { h: 2, text: '四、财务' },
        { p: '研发费用资本化比例应低于 30%；关注发出商品与合同负债的匹配关系，判断收入确认是否审慎。' },
      ]),
  },
  {
    filename: '新能源项目融资数据（演示）.xlsx',
    title: '新能源项目融资数据（演示）',
    description: '2025 年部分新能源项目的融资轮次、金额与投资方，按细分行业汇总。',
    kind: 'xlsx',
    bytes: () =>
      xlsx([
        {
          name: '项目清单',
          rows: [
            ['项目', '细分行业', '轮次', '金额（万元）', '领投方', '所在城市'],
            ['蓝能储能', '储能系统', 'B轮', 30000, '清源资本', '杭州'],
            ['曜光光伏', '光伏组件', 'A轮', 12000, '远望创投', '合肥'],
            ['氢途科技', '氢燃料电池', 'Pre-A轮', 5000, '启航基金', '上海'],
            ['钠锐新材', '钠离子电池', 'A+轮', 18000, '北辰投资', '苏州'],
            ['风驰智造', '风电运维', '天使轮', 1500, '星火天使', '西安'],
            ['充e达', '充电桩运营', 'B+轮', 25000, '华岳资本', '深圳'],
          ],
        },
        {
          name: '行业汇总',
          rows: [
            ['细分行业', '项目数', '融资总额（万元）', '平均单笔（万元）'],
            ['储能系统', 14, 186000, 13286],
            ['光伏组件', 9, 97000, 10778],
            ['氢燃料电池', 6, 41000, 6833],
            ['钠离子电池', 5, 72000, 14400],
            ['充电桩运营', 7, 88000, 12571],
          ],
        },
        { name: '说明', rows: [['说明'], [NOTE]] },
      ]),
  },
  {
    filename: '医疗器械赛道估值对比（演示）.xlsx',
    title: '医疗器械赛道估值对比（演示）',
    description: '医疗器械细分赛道一级市场估值倍数对比（市销率），附样本数量。',
    kind: 'xlsx',
    bytes: () =>
      xlsx([
        {
          name: '估值对比',
          rows: [
            ['细分赛道', '样本数', '市销率中位数', '市销率区间', '代表轮次'],
            ['手术机器人', 8, 15.2, '9-28', 'C轮'],
            ['体外诊断', 12, 6.4, '3-11', 'B轮'],
            ['高值耗材', 10, 8.9, '5-15', 'B轮'],
            ['医学影像', 7, 7.3, '4-12', 'C轮'],
            ['康复器械', 6, 4.1, '2-7', 'A轮'],
          ],
        },
        { name: '说明', rows: [['说明'], [NOTE]] },
      ]),
  },
];
