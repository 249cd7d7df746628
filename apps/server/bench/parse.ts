/**
 * `npm run bench:parse`: document parsing throughput on this machine, through the parsing
 * module's public surface (parseDocument + chunkDocument), one document at a time as the
 * parse job runs them. Generated text PDFs (Chinese in an embedded Noto Sans SC, as most
 * office tools write them, and in the non-embedded STSong-Light that needs the CJK maps),
 * DOCX and PPTX of the same text. Prints pages per second, the median document, and the
 * longest the event loop was held (parsing runs in the server process). DOCX has no pages
 * of its own: its "pages" are the parts of about 4,000 characters, so compare 千字/秒 there.
 * BENCH_DOCS (default 20 per kind) and BENCH_PAGES (default 10 pages a document).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chunkDocument, type DocumentKind, parseDocument } from '../src/modules/parsing/index.js';
import { docx, embeddedFontPdf, nonEmbeddedCjkPdf, pptx } from '../test/parsing/fixtures.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);

const SENTENCES = [
  '公司成立于二〇一八年，专注于工商业储能系统的研发、生产与运营服务。',
  '核心团队来自国内头部电池企业与电网公司，平均从业经验超过十二年。',
  '二〇二四年实现营业收入一亿二千万元，同比增长百分之六十五，毛利率百分之二十八。',
  '产品已在长三角与珠三角的四十余个工业园区落地，累计装机容量三百兆瓦时。',
  '本轮拟融资一亿元，主要用于产线扩建、海外市场拓展与新一代电池管理系统研发。',
  '根据行业研究机构的数据，中国工商业储能市场规模预计在二〇三〇年达到一千亿元。',
];

/** About 600 Chinese characters a page, different on every page and document. */
function pageText(doc: number, page: number): string[] {
  return Array.from({ length: 4 }, (_, p) =>
    Array.from({ length: 4 }, (_, s) => SENTENCES[(doc + page * 3 + p * 2 + s) % SENTENCES.length]).join(''),
  ).map((paragraph, p) => (p === 0 ? `第${page + 1}节 ${paragraph}` : paragraph));
}

async function makeDocuments(kind: string, count: number): Promise<Buffer[]> {
  const docs: Buffer[] = [];
  for (let d = 0; d < count; d++) {
    const pages = Array.from({ length: PAGES }, (_, p) => pageText(d, p));
    if (kind === 'pdf (embedded font)') docs.push(await embeddedFontPdf(pages));
    else if (kind === 'pdf (STSong-Light, CJK maps)')
      // One line per sentence so the hand-written page stays on the page.
      docs.push(
        nonEmbeddedCjkPdf(
          pages.map((page) =>
            page
              .join('')
              .split(/(?<=。)/)
              .slice(0, 28),
          ),
        ),
      );
    else if (kind === 'docx')
      docs.push(
        docx(
          pages.flatMap((page, p) => [
            { heading: 2 as const, text: `第${p + 1}节` },
            ...page.map((t) => ({ paragraph: t })),
          ]),
        ),
      );
    else docs.push(pptx(pages.map((page, p) => ({ title: `第${p + 1}节`, bullets: page }))));
  }
  return docs;
}

const KINDS: { name: string; kind: DocumentKind }[] = [
  { name: 'pdf (embedded font)', kind: 'pdf' },
  { name: 'pdf (STSong-Light, CJK maps)', kind: 'pdf' },
  { name: 'docx', kind: 'docx' },
  { name: 'pptx', kind: 'pptx' },
];

async function main() {
  console.info(`bench:parse — ${DOCS} documents × ${PAGES} pages per kind, Node ${process.version}\n`);
  console.info('| 类型 | 文档 / 页 | 页/秒 | 千字/秒 | 每份中位数 | 块数 | 事件循环最长阻塞 |');
  console.info('|---|---|---|---|---|---|---|');
  for (const { name, kind } of KINDS) {
    const docs = await makeDocuments(name, DOCS);
    // One warm-up parse: loading pdfjs and the first character map is a one-off per process.
    await parseDocument(docs[0]!, { kind });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const times: number[] = [];
    let pages = 0;
    let chunks = 0;
    let chars = 0;
    const started = performance.now();
    for (const bytes of docs) {
      const t0 = performance.now();
      const doc = await parseDocument(bytes, { kind });
      chunks += chunkDocument(doc).length;
      times.push(performance.now() - t0);
      pages += doc.pageCount;
      chars += doc.pages.reduce((sum, page) => sum + page.text.length, 0);
    }
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.info(
      `| ${name} | ${DOCS} / ${pages} | ${(pages / seconds).toFixed(1)} | ${(chars / seconds / 1000).toFixed(0)} | ${median.toFixed(0)} ms | ${chunks} | ${(delay.max / 1e6).toFixed(0)} ms |`,
    );
  }
}

await main();
