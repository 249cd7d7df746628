/**
 * The budget of issue 14: /home loads at most 250 KB of gzipped JavaScript before it renders.
 * Runs over the build `npm test` makes before Vitest (run `npm run build` first when alone).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listFirstLoadChunks, type Manifest, measureFirstLoad, readManifest } from './first-load';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
export const HOME_BUDGET_BYTES = 250 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-load JavaScript', () => {
  it('walks the entry, its static imports and the page chunk, each once', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_shared.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
      'src/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_shared.js', '_md.js'] },
      '_md.js': { file: 'assets/md.js' },
      'src/pdf.tsx': { file: 'assets/pdf.js', isDynamicEntry: true },
    };
    expect(listFirstLoadChunks(manifest, ['src/home.tsx']).sort()).toEqual(
      ['index.html', '_react.js', '_shared.js', 'src/home.tsx', '_md.js'].sort(),
    );
    expect(() => listFirstLoadChunks(manifest, ['src/missing.tsx'])).toThrow('不在构建清单中');
  });

  it(`/home loads at most ${kb(HOME_BUDGET_BYTES)} gzipped`, () => {
    expect(existsSync(path.join(DIST, '.vite/manifest.json')), '先运行 npm run build').toBe(true);
    // /home ships in the entry (eagerPage, docs/decisions.md 2026-11-29): no chunk of its own.
    expect(readManifest(DIST)['src/features/assistant/home-page.tsx'], '首页应随入口加载').toBeUndefined();
    const home = measureFirstLoad(DIST, []);
    const biggest = home.files
      .slice(0, 8)
      .map((f) => `${f.file} ${kb(f.gzipBytes)}`)
      .join(', ');
    expect(home.gzipBytes, `/home 首屏 JS ${kb(home.gzipBytes)}；最大的：${biggest}`).toBeLessThanOrEqual(
      HOME_BUDGET_BYTES,
    );
  });
});
