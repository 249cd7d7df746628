/**
 * PDF text with pdfjs-dist (legacy build, the one meant for Node), given the package's own
 * CJK character maps and standard font data: without the maps, text set in a non-embedded
 * Chinese font (STSong-Light and the like, common in documents from government and finance
 * systems) comes out empty. A page without a text layer but with an image is a scan: its
 * largest image goes to the OCR port when one is given, else the page is marked and left.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OcrPort } from '../../platform/ocr/index.js';
import { findHeadings, headingLevelOf } from './text.js';
import {
  DEFAULT_MAX_PAGES,
  MAX_TEXT_CHARS,
  type ParsedDocument,
  type ParsedPage,
  ParseError,
  type ParseOptions,
} from './types.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdfjs reads these folders with fs in Node; the trailing slash is required. */
const CMAP_DIR = `${path.join(PDFJS_ROOT, 'cmaps')}/`;
const STANDARD_FONT_DIR = `${path.join(PDFJS_ROOT, 'standard_fonts')}/`;

/** A page with fewer visible characters than this and an image on it is taken for a scan. */
const SCAN_TEXT_CHARS = 10;
/** Images smaller than this (logos, bullets) are not worth reading. */
const MIN_SCAN_PIXELS = 200 * 200;

let loaded: Promise<PdfJs> | undefined;
const loadPdfJs = () => {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
};

interface TextItemLike {
  str: string;
  hasEOL: boolean;
  transform: number[];
  height: number;
}

/** The page's text in reading order of the content stream: one line per baseline. */
function assembleText(items: unknown[]): string {
  let text = '';
  let lastY: number | undefined;
  for (const raw of items) {
    const item = raw as Partial<TextItemLike>;
    if (typeof item.str !== 'string') continue;
    const y = item.transform?.[5] ?? 0;
    const height = Math.abs(item.height ?? 0);
    if (
      lastY !== undefined &&
      item.str &&
      !text.endsWith('\n') &&
      Math.abs(y - lastY) > Math.max(2, height / 2)
    ) {
      text += '\n';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (item.str) lastY = y;
  }
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: fonts without a unicode map yield NULs
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

interface ImageLike {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** The largest image painted on the page, as PNG bytes for the OCR port. */
async function largestImage(pdfjs: PdfJs, page: PdfPage): Promise<Buffer | null> {
  const ops = await page.getOperatorList();
  let best: ImageLike | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    let image: ImageLike | null = null;
    if (fn === pdfjs.OPS.paintInlineImageXObject) image = args[0] as ImageLike;
    else if (fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintImageXObjectRepeat) {
      const id = args[0] as string;
      const objs = id.startsWith('g_') ? page.commonObjs : page.objs;
      image = await new Promise<ImageLike | null>((resolve) => {
        try {
          objs.get(id, (value: unknown) => resolve((value as ImageLike) ?? null));
        } catch {
          resolve(null);
        }
      });
    }
    if (image?.data && image.width * image.height > (best ? best.width * best.height : 0)) best = image;
  }
  if (!best?.data || best.width * best.height < MIN_SCAN_PIXELS) return null;
  return imageToPng(best);
}

/** pdfjs image kinds: 1 = 1 bit grey packed in bytes, 2 = RGB, 3 = RGBA. */
async function imageToPng(image: ImageLike): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp');
  const { width, height } = image;
  const data = Buffer.from(image.data!.buffer, image.data!.byteOffset, image.data!.byteLength);
  if (image.kind === 1) {
    const rowBytes = Math.ceil(width / 8);
    const grey = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        grey[y * width + x] = bit ? 255 : 0;
      }
    }
    return sharp(grey, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
  }
  const channels = image.kind === 2 ? 3 : image.kind === 3 ? 4 : 0;
  if (!channels || data.length < width * height * channels) return null;
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

async function readScannedPage(
  pdfjs: PdfJs,
  page: PdfPage,
  ocr: OcrPort | undefined,
): Promise<{ isScan: boolean; text: string }> {
  const png = await largestImage(pdfjs, page);
  if (!png) return { isScan: false, text: '' };
  if (!ocr) return { isScan: true, text: '' };
  const { lines } = await ocr.recognise(png);
  return { isScan: true, text: lines.map((line) => line.text).join('\n') };
}

function titleFromInfo(info: unknown): string {
  const title = (info as { Title?: unknown } | undefined)?.Title;
  if (typeof title !== 'string') return '';
  // Word's PDF printer writes "Microsoft Word - 文件名.docx" as the title.
  return title
    .replace(/^Microsoft (Word|PowerPoint|Excel) - /, '')
    .replace(/\.(docx?|pptx?|xlsx?)$/i, '')
    .trim();
}

async function openPdf(pdfjs: PdfJs, bytes: Uint8Array): Promise<PdfDocument> {
  const task = pdfjs.getDocument({
    // A copy: pdfjs may transfer (detach) the buffer it is given.
    data: new Uint8Array(bytes),
    cMapUrl: CMAP_DIR,
    cMapPacked: true,
    standardFontDataUrl: STANDARD_FONT_DIR,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new ParseError('encrypted', undefined, { cause: error });
    throw new ParseError('corrupt', undefined, { cause: error });
  }
}

export async function parsePdf(bytes: Uint8Array, options: ParseOptions): Promise<ParsedDocument> {
  const pdfjs = await loadPdfJs();
  const doc = await openPdf(pdfjs, bytes);
  try {
    const total = doc.numPages;
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    if (total > maxPages) {
      throw new ParseError('too_many_pages', `文件共 ${total} 页，超过上限 ${maxPages} 页，请拆分后上传`);
    }
    const warnings: string[] = [];
    const scanned: number[] = [];
    const unread: number[] = [];
    const pages: ParsedPage[] = [];
    let chars = 0;
    for (let no = 1; no <= total; no++) {
      options.signal?.throwIfAborted();
      const page = await doc.getPage(no);
      let text = assembleText((await page.getTextContent()).items);
      let isScanned = false;
      if (text.replace(/\s/g, '').length < SCAN_TEXT_CHARS) {
        const scan = await readScannedPage(pdfjs, page, options.ocr);
        if (scan.isScan) {
          isScanned = true;
          if (scan.text.trim()) {
            text = scan.text.trim();
            scanned.push(no);
          } else if (!text) unread.push(no);
        }
      }
      page.cleanup();
      chars += text.length;
      if (chars > MAX_TEXT_CHARS) throw new ParseError('too_large');
      const parsed: ParsedPage = { no, label: `第 ${no} 页`, text, tables: [] };
      const headings = findHeadings(text, headingLevelOf);
      if (headings.length) parsed.headings = headings;
      if (isScanned) parsed.isScanned = true;
      pages.push(parsed);
      options.onProgress?.(no, total);
    }
    if (scanned.length) warnings.push(`第 ${pageList(scanned)} 页为扫描图片，文字由识别得到，可能有误差`);
    if (unread.length) {
      warnings.push(
        options.ocr
          ? `第 ${pageList(unread)} 页为扫描图片，未能识别出文字`
          : `第 ${pageList(unread)} 页为扫描图片，未做文字识别，内容未收录`,
      );
    }
    if (!pages.some((page) => page.text.trim())) {
      throw new ParseError(
        'no_text',
        unread.length
          ? '文件为扫描件或图片，没有可识别的文字，请上传带文字层的 PDF'
          : '文件中没有可识别的文字',
      );
    }
    const info = await doc.getMetadata().catch(() => null);
    const title =
      titleFromInfo(info?.info) ||
      options.filename?.replace(/\.[^.]+$/, '') ||
      pages.flatMap((page) => page.headings ?? [])[0]?.text ||
      (pages.find((page) => page.text)?.text.split('\n')[0] ?? '').slice(0, 60);
    return { kind: 'pdf', title, pages, pageCount: total, warnings };
  } finally {
    await doc.destroy();
  }
}

/** 1、2、3、5 → "1–3、5". */
export function pageList(numbers: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    ranges.push(j > i ? `${numbers[i]}–${numbers[j]}` : String(numbers[i]));
    i = j;
  }
  return ranges.join('、');
}
