import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text asset big enough to gain, and leaves the rest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jq-precompress-'));
    const script = `console.info('金桥');\n`.repeat(200);
    await writeFile(path.join(dir, 'app-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<html>${'<p>金桥</p>'.repeat(200)}</html>`);
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'icon.png'), Buffer.alloc(4096, 7));
    expect(await precompressDir(dir)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(
      [
        'app-abc.js',
        'app-abc.js.br',
        'app-abc.js.gz',
        'icon.png',
        'index.html',
        'index.html.br',
        'index.html.gz',
        'tiny.css',
      ].sort(),
    );
    const br = await readFile(path.join(dir, 'app-abc.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(await readFile(path.join(dir, 'app-abc.js.gz'))).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });
});
