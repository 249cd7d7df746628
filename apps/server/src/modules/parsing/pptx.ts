/**
 * PowerPoint decks read from the slide XML with our own ZIP reader (zip.ts), slide by slide
 * in the order presentation.xml lists them, so page N is slide N. The slide's title becomes
 * its heading, text boxes their paragraphs, tables ParsedTables, speaker notes a closing
 * 备注 paragraph. A slide that is only a picture goes to the OCR port when one is given.
 * (officeparser would do the text too, but pulls in tesseract.js; the XML is small and regular.)
 */
import path from 'node:path/posix';
import { decodeEntities } from './docx.js';
import { PageBuilder } from './page-builder.js';
import { pageList } from './pdf.js';
import {
  DEFAULT_MAX_PAGES,
  type ParsedDocument,
  type ParsedPage,
  type ParsedTable,
  ParseError,
  type ParseOptions,
} from './types.js';
import { openZip, type ZipReader } from './zip.js';

const TAG = /<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g;
/** Placeholders that repeat on every slide and say nothing about its content. */
const SKIPPED_PLACEHOLDERS = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

interface Shape {
  placeholder: string | null;
  paragraphs: string[];
}

interface SlideContent {
  title: string;
  blocks: ({ type: 'text'; text: string } | { type: 'table'; table: ParsedTable })[];
}

function attribute(attributes: string, name: string): string | null {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
}

/** Text boxes and tables of one slide (or notes page), in document order. */
export function readSlideXml(xml: string): SlideContent {
  const content: SlideContent = { title: '', blocks: [] };
  let shape: Shape | null = null;
  let paragraph: string | null = null;
  let inText = false;
  let table: { rows: string[][]; cell: string[] | null } | null = null;

  for (const match of xml.matchAll(TAG)) {
    const [, closing, tag, attributes = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (inText && paragraph !== null) paragraph += decodeEntities(text);
      continue;
    }
    const isOpen = !closing;
    switch (tag) {
      case 'p:sp':
        if (isOpen && !selfClosing) shape = { placeholder: null, paragraphs: [] };
        else if (!isOpen && shape) {
          const body = shape.paragraphs.join('\n').trim();
          if (shape.placeholder === 'title' || shape.placeholder === 'ctrTitle') {
            content.title ||= body.replace(/\s+/g, ' ');
          } else if (body && !SKIPPED_PLACEHOLDERS.has(shape.placeholder ?? '')) {
            content.blocks.push({ type: 'text', text: body });
          }
          shape = null;
        }
        break;
      case 'p:ph':
        if (shape) shape.placeholder = attribute(attributes, 'type') ?? 'body';
        break;
      case 'a:tbl':
        if (isOpen) table = { rows: [], cell: null };
        else if (table) {
          const rows = table.rows.filter((row) => row.some(Boolean));
          if (rows.length)
            content.blocks.push({ type: 'table', table: { header: rows[0]!, rows: rows.slice(1) } });
          table = null;
        }
        break;
      case 'a:tr':
        if (isOpen && table) table.rows.push([]);
        break;
      case 'a:tc':
        if (!table) break;
        if (isOpen && !selfClosing) table.cell = [];
        else {
          table.rows.at(-1)?.push((table.cell ?? []).join(' ').replace(/\s+/g, ' ').trim());
          table.cell = null;
        }
        break;
      case 'a:p':
        if (isOpen && !selfClosing) paragraph = '';
        else if (!isOpen && paragraph !== null) {
          if (table?.cell) table.cell.push(paragraph);
          else shape?.paragraphs.push(paragraph);
          paragraph = null;
        }
        break;
      case 'a:t':
        inText = isOpen && !selfClosing;
        break;
      case 'a:br':
        if (paragraph !== null) paragraph += '\n';
        break;
    }
  }
  return content;
}

/** Targets of a part's relationships of one type, as ZIP paths. */
function relationTargets(zip: ZipReader, part: string, type: string): Map<string, string> {
  const relsPath = path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);
  const targets = new Map<string, string>();
  for (const match of (zip.text(relsPath) ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const attributes = match[1]!;
    const id = attribute(attributes, 'Id');
    const target = attribute(attributes, 'Target');
    if (!id || !target || !attribute(attributes, 'Type')?.endsWith(`/${type}`)) continue;
    if (attribute(attributes, 'TargetMode') === 'External') continue;
    targets.set(id, target.startsWith('/') ? target.slice(1) : path.join(path.dirname(part), target));
  }
  return targets;
}

function slideOrder(zip: ZipReader): string[] {
  const presentation = zip.text('ppt/presentation.xml');
  if (!presentation) throw new ParseError('corrupt');
  const slides = relationTargets(zip, 'ppt/presentation.xml', 'slide');
  const order: string[] = [];
  for (const match of presentation.matchAll(/<p:sldId\b([^>]*)\/?>/g)) {
    const target = slides.get(attribute(match[1]!, 'r:id') ?? '');
    if (target && zip.has(target)) order.push(target);
  }
  return order;
}

/** The slide's pictures, largest first, for OCR of a slide that has no text. */
function slideImages(zip: ZipReader, slide: string): Buffer[] {
  return [...relationTargets(zip, slide, 'image').values()]
    .filter((target) => /\.(png|jpe?g|webp)$/i.test(target))
    .map((target) => zip.read(target))
    .filter((bytes): bytes is Buffer => bytes !== null)
    .sort((a, b) => b.length - a.length);
}

export async function parsePptx(
  bytes: Uint8Array,
  options: ParseOptions,
  fallbackTitle: string,
): Promise<ParsedDocument> {
  const zip = openZip(bytes);
  const slides = slideOrder(zip);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (slides.length > maxPages) {
    throw new ParseError('too_many_pages', `演示文稿共 ${slides.length} 张幻灯片，超过上限 ${maxPages} 张`);
  }
  const pages: ParsedPage[] = [];
  const recognised: number[] = [];
  const pictureOnly: number[] = [];
  for (const [i, slide] of slides.entries()) {
    options.signal?.throwIfAborted();
    const no = i + 1;
    const content = readSlideXml(zip.text(slide) ?? '');
    const builder = new PageBuilder();
    if (content.title) builder.heading(1, content.title);
    for (const block of content.blocks) {
      if (block.type === 'text') builder.paragraph(block.text);
      else builder.table(block.table);
    }
    const notesPart = [...relationTargets(zip, slide, 'notesSlide').values()][0];
    const notes = notesPart ? readSlideXml(zip.text(notesPart) ?? '') : null;
    const noteText = notes?.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n') ?? '';
    let isScanned = false;
    if (builder.length === 0) {
      const [image] = slideImages(zip, slide);
      if (image && options.ocr) {
        const { lines } = await options.ocr.recognise(image);
        const text = lines.map((line) => line.text).join('\n');
        if (text.trim()) builder.paragraph(text);
        isScanned = true;
        (text.trim() ? recognised : pictureOnly).push(no);
      } else if (image) {
        isScanned = true;
        pictureOnly.push(no);
      }
    }
    if (noteText.trim()) builder.paragraph(`备注：${noteText.trim()}`);
    const page = builder.build(no, `第 ${no} 张幻灯片`);
    if (isScanned) page.isScanned = true;
    pages.push(page);
    options.onProgress?.(no, slides.length);
  }
  const warnings: string[] = [];
  if (recognised.length)
    warnings.push(`第 ${pageList(recognised)} 张幻灯片只有图片，文字由识别得到，可能有误差`);
  if (pictureOnly.length) warnings.push(`第 ${pageList(pictureOnly)} 张幻灯片只有图片，未能读出文字`);
  if (!pages.some((page) => page.text.trim())) {
    throw new ParseError('no_text', '幻灯片中没有可读的文字（可能全是图片）');
  }
  const coreTitle = decodeEntities(
    /<dc:title>([^<]*)<\/dc:title>/.exec(zip.text('docProps/core.xml') ?? '')?.[1] ?? '',
  ).trim();
  // PowerPoint's own default title names no deck.
  const isDefaultTitle = /^(PowerPoint (Presentation|演示文稿)|演示文稿\s*\d*)$/i.test(coreTitle);
  const firstTitle = pages.flatMap((page) => page.headings ?? [])[0]?.text ?? '';
  return {
    kind: 'pptx',
    title: (isDefaultTitle ? '' : coreTitle) || firstTitle || fallbackTitle,
    pages,
    pageCount: pages.length,
    warnings,
  };
}
