/**
 * Noto Sans SC (SIL OFL, shipped by the npm package @embedpdf/fonts-sc, so a fresh machine
 * needs no system fonts) as parsed fontkit fonts, for the PDFs the server writes with pdfkit
 * (research reports, the demo business plans). Parsed once per process: an 8 MB CJK font per
 * document would double the time. fontkit loads with the first PDF, not at start: a server that
 * writes none does not carry it (docs/decisions.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';

export type CjkFont = ReturnType<typeof Fontkit.create>;

const require = createRequire(import.meta.url);

/** The font files of @embedpdf/fonts-sc (its package exports only an index, so resolve by path). */
function fontPath(weight: 'Regular' | 'Bold'): string {
  const entry = require.resolve('@embedpdf/fonts-sc');
  return path.join(path.dirname(entry), '..', 'fonts', `NotoSansHans-${weight}.otf`);
}

const fonts = new Map<'Regular' | 'Bold', Promise<CjkFont>>();

export function cjkFont(weight: 'Regular' | 'Bold'): Promise<CjkFont> {
  let font = fonts.get(weight);
  if (!font) {
    font = import('fontkit').then((fontkit) => fontkit.create(readFileSync(fontPath(weight))));
    fonts.set(weight, font);
  }
  return font;
}
