/**
 * A document's kind from its bytes, never from its name or declared type: a PDF header, an
 * OOXML container by the parts it holds, or text that decodes cleanly. Only for text does
 * the name decide between Markdown, CSV and plain text, since the bytes cannot tell them apart.
 */

import type { DocumentKind } from './types.js';
import { listZipEntries } from './zip.js';

const PDF_MAGIC = Buffer.from('%PDF-');
/** Compound File Binary: legacy .doc/.xls/.ppt, and password-protected OOXML files. */
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function extensionOf(filename: string | undefined): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename?.trim() ?? '');
  return match ? match[1]!.toLowerCase() : '';
}

/** Text as a person wrote it: UTF-8 (with or without BOM), UTF-16 with a BOM, or GB18030 (GBK). */
export function decodeText(input: Uint8Array): string | null {
  const bytes = asBuffer(input);
  let text: string | null = null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = tryDecode('utf-16le', bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = tryDecode('utf-16be', bytes.subarray(2));
  else {
    // Chinese Windows tools (Excel's CSV export, Notepad before 2019) still write GBK.
    text = tryDecode('utf-8', bytes) ?? (bytes.includes(0) ? null : tryDecode('gb18030', bytes));
  }
  if (text === null) return null;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Control characters other than tab, line breaks and form feed mean binary data.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
}

function tryDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

function officeKind(bytes: Uint8Array): DocumentKind | null {
  let names: Set<string>;
  try {
    const entries = listZipEntries(bytes);
    if (!entries) return null;
    names = new Set(entries.map((entry) => entry.name));
  } catch {
    // Too many entries to list: not a document anyone wrote.
    return null;
  }
  if (!names.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  if (names.has('ppt/presentation.xml')) return 'pptx';
  return null;
}

/** The document's kind by its bytes, or null for anything else (executables, images, archives…). */
export function sniffDocumentKind(input: Uint8Array, filename?: string): DocumentKind | null {
  const bytes = asBuffer(input);
  if (bytes.length === 0) return null;
  // Readers accept a PDF header within the first kilobyte (after a stray byte-order mark or junk).
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC)) return 'pdf';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return officeKind(bytes);
  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) return null;
  if (decodeText(bytes) === null) return null;
  const extension = extensionOf(filename);
  if (extension === 'md' || extension === 'markdown') return 'md';
  if (extension === 'csv' || extension === 'tsv') return 'csv';
  return 'txt';
}

/** Whether the bytes are a password-protected Word, Excel or PowerPoint file (an encrypted package). */
export function isEncryptedOfficeFile(input: Uint8Array): boolean {
  const bytes = asBuffer(input);
  if (!bytes.subarray(0, 8).equals(CFB_MAGIC)) return false;
  // The directory names its streams in UTF-16LE; an encrypted package has one called EncryptedPackage.
  return bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'));
}
