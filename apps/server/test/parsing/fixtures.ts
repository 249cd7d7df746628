/**
 * Documents the parsing tests generate (no binaries in the repository): PDFs written by hand
 * with a non-embedded CJK font, PDFs from pdfkit with an embedded Noto Sans SC, an encrypted
 * PDF, a scanned page, and DOCX, PPTX and zip bombs through a small ZIP writer, XLSX through exceljs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { type ZipFile, zip } from '../../src/lib/zip.js';

export { type ZipFile, zip };

const require = createRequire(import.meta.url);

function utf16beHex(text: string): string {
  const bytes = Buffer.from(text, 'utf16le');
  bytes.swap16();
  return bytes.toString('hex').toUpperCase();
}

/** A PDF from objects written by hand, with a correct cross-reference table. */
export function handWrittenPdf(objects: string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Pages of Chinese lines set in STSong-Light, a font every PDF reader must supply itself
 * (not embedded), encoded UniGB-UTF16-H: readable only with the CJK character maps.
 */
export function nonEmbeddedCjkPdf(pages: string[][]): Buffer {
  const pageCount = pages.length;
  // 1 catalog, 2 pages, 3 font, 4 descendant, 5 descriptor, then page + content per page.
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UTF16-H /DescendantFonts [4 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 5 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  pages.forEach((lines, i) => {
    const content = `BT /F1 14 Tf 72 760 Td ${lines.map((line, j) => `${j ? '0 -24 Td ' : ''}<${utf16beHex(line)}> Tj`).join(' ')} ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    );
  });
  return handWrittenPdf(objects);
}

export function fontPath(): string {
  const entry = require.resolve('@embedpdf/fonts-sc');
  return path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf');
}

let font: ReturnType<typeof fontkit.create> | undefined;

async function pdfkitDocument(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  font ??= fontkit.create(readFileSync(fontPath()));
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font as never);
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** One page per entry, Chinese paragraphs in an embedded (subset) Noto Sans SC, as the demo reports are made. */
export function embeddedFontPdf(pages: string[][], options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return pdfkitDocument((doc) => {
    for (const paragraphs of pages) {
      doc.addPage();
      doc.font('cjk').fontSize(12);
      for (const paragraph of paragraphs) doc.text(paragraph, { width: 460 }).moveDown(0.5);
    }
  }, options);
}

/** A PDF that opens only with a password. */
export function encryptedPdf(): Promise<Buffer> {
  return embeddedFontPdf([['机密文件，请勿外传。']], {
    userPassword: 'secret',
    ownerPassword: 'owner',
    pdfVersion: '1.7',
  });
}

/** A PNG of Chinese lines, drawn with the npm-shipped Noto Sans SC (no system fonts needed). */
export function renderTextImage(lines: string[]): Buffer {
  if (!GlobalFonts.has('JqTestSans')) GlobalFonts.registerFromPath(fontPath(), 'JqTestSans');
  const canvas = createCanvas(1200, 160 + lines.length * 90);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000000';
  g.font = '48px JqTestSans';
  for (const [i, line] of lines.entries()) g.fillText(line, 60, 120 + i * 90);
  return canvas.toBuffer('image/png');
}

/** A page that is only a picture of text, as a scanner makes it; optionally after a text page. */
export function scannedPdf(lines: string[], textPageBefore?: string): Promise<Buffer> {
  const image = renderTextImage(lines);
  return pdfkitDocument((doc) => {
    if (textPageBefore) {
      doc.addPage();
      doc.font('cjk').fontSize(12).text(textPageBefore);
    }
    doc.addPage();
    doc.image(image, 0, 0, { width: 595 });
  });
}

// ---- ZIP containers -------------------------------------------------------------------------

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

export type DocxBlock =
  | { heading: 1 | 2 | 3; text: string }
  | { paragraph: string }
  | { table: string[][]; headerRow?: boolean };

function docxBlock(block: DocxBlock): string {
  if ('heading' in block) {
    return `<w:p><w:pPr><w:pStyle w:val="Heading${block.heading}"/></w:pPr><w:r><w:t>${xmlEscape(block.text)}</w:t></w:r></w:p>`;
  }
  if ('paragraph' in block) {
    return `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(block.paragraph)}</w:t></w:r></w:p>`;
  }
  const rows = block.table.map((cells, i) => {
    const head = i === 0 && block.headerRow ? '<w:trPr><w:tblHeader/></w:trPr>' : '';
    const tcs = cells
      .map((cell) => `<w:tc><w:p><w:r><w:t>${xmlEscape(cell)}</w:t></w:r></w:p></w:tc>`)
      .join('');
    return `<w:tr>${head}${tcs}</w:tr>`;
  });
  return `<w:tbl>${rows.join('')}</w:tbl>`;
}

const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}>${[1, 2, 3]
  .map(
    (n) =>
      `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/></w:style>`,
  )
  .join(
    '',
  )}<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;

/** A Word document with the built-in heading styles. */
export function docx(blocks: DocxBlock[], extra: ZipFile[] = []): Buffer {
  const body = blocks.map(docxBlock).join('');
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'word/styles.xml', data: styles },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
    },
    ...extra,
  ]);
}

const P =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface SlideSpec {
  title?: string;
  bullets?: string[];
  table?: string[][];
  notes?: string;
}

function textShape(paragraphs: string[], placeholder?: string): string {
  const ph = placeholder ? `<p:nvPr><p:ph type="${placeholder}"/></p:nvPr>` : '<p:nvPr/>';
  const ps = paragraphs
    .map((text) => `<a:p><a:r><a:rPr lang="zh-CN"/><a:t>${xmlEscape(text)}</a:t></a:r></a:p>`)
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/>${ph}</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${ps}</p:txBody></p:sp>`;
}

function tableFrame(rows: string[][]): string {
  const trs = rows
    .map(
      (cells) =>
        `<a:tr h="370840">${cells.map((cell) => `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${xmlEscape(cell)}</a:t></a:r></a:p></a:txBody></a:tc>`).join('')}</a:tr>`,
    )
    .join('');
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="表格"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>${trs}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

/** A deck; the slide files are numbered in reverse so that only presentation.xml gives the order. */
export function pptx(slides: SlideSpec[]): Buffer {
  const files: ZipFile[] = [];
  const count = slides.length;
  const fileOf = (i: number) => `slide${count - i}.xml`;
  slides.forEach((slide, i) => {
    const shapes = [
      slide.title ? textShape([slide.title], 'title') : '',
      slide.bullets ? textShape(slide.bullets) : '',
      slide.table ? tableFrame(slide.table) : '',
      textShape([String(i + 1)], 'sldNum'),
    ].join('');
    files.push({
      name: `ppt/slides/${fileOf(i)}`,
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${P}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld></p:sld>`,
    });
    if (slide.notes) {
      files.push(
        {
          name: `ppt/slides/_rels/${fileOf(i)}.rels`,
          data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="${REL}/notesSlide" Target="../notesSlides/notesSlide${i + 1}.xml"/></Relationships>`,
        },
        {
          name: `ppt/notesSlides/notesSlide${i + 1}.xml`,
          data: `<?xml version="1.0" encoding="UTF-8"?><p:notes ${P}><p:cSld><p:spTree>${textShape(['slide image'], 'sldImg')}${textShape([slide.notes], 'body')}</p:spTree></p:cSld></p:notes>`,
        },
      );
    }
  });
  const ids = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 10}"/>`).join('');
  const rels = slides
    .map((_, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/slide" Target="slides/${fileOf(i)}"/>`)
    .join('');
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`,
    },
    {
      name: 'ppt/presentation.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${P}><p:sldIdLst>${ids}</p:sldIdLst></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    },
    ...files,
  ]);
}

/** A workbook of named sheets, each a list of rows (numbers stay numbers). */
export async function xlsx(
  sheets: { name: string; rows: (string | number | Date | ExcelJS.CellValue)[][]; hidden?: boolean }[],
  decorate?: (workbook: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, sheet.hidden ? { state: 'hidden' } : {});
    for (const row of sheet.rows) ws.addRow(row);
  }
  decorate?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first 64 KB of the node binary: a real ELF executable. */
export function executableBytes(): Buffer {
  return readFileSync(process.execPath).subarray(0, 64 * 1024);
}
