/**
 * Build step: writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of the
 * build (JS, CSS, the SPA's HTML, SVG, the web manifest, uncompressed fonts), so the server
 * sends the smaller file by the request's Accept-Encoding without compressing per request
 * (apps/server/src/http/web.ts). Already-compressed formats (PNG, woff2) are left alone, and
 * so are files too small to gain from it.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|otf|woff)$/;
/** Below this a compressed copy saves less than a TCP packet. */
export const MIN_BYTES = 1024;

/** Quality 11 takes twice the time of 10 for about 2% less; the big lazy chunks use 10. */
const LARGE_BYTES = 400_000;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

async function compressFile(file: string): Promise<boolean> {
  if ((await stat(file)).size < MIN_BYTES) return false;
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? 10 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file under `dir`; returns their count. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file));
  let count = 0;
  // zlib's async calls run on libuv's thread pool: a few at a time use every core.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (await compressFile(file)) count += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return count;
}

/** Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const count = await precompressDir(outDir);
      this.info?.(`precompressed ${count} files (br + gzip) in ${Date.now() - started} ms`);
    },
  };
}
