import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

const INDEX_HTML = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../index.html');

describe('PageLoading', () => {
  it('is what index.html paints in #root before the scripts arrive', () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<PageLoading />));
  });
});
