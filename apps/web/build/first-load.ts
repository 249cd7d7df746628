/**
 * How much JavaScript a page loads before it can render, read from the build's Vite manifest:
 * the entry (index.html's script), every chunk it imports statically, the page's own lazy
 * chunk and that chunk's static imports. Sizes are gzip level 9, as the server sends them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** Gzipped bytes of all the JavaScript files. */
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of the entry, then `pageModules` (e.g. `src/features/library/project-page.tsx`), with their static imports. */
export function listFirstLoadChunks(manifest: Manifest, pageModules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} 不在构建清单中`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const page of pageModules) visit(page);
  return [...seen];
}

export function measureFirstLoad(dist: string, pageModules: readonly string[]): FirstLoad {
  const manifest = readManifest(dist);
  const files = listFirstLoadChunks(manifest, pageModules)
    .map((key) => manifest[key]!.file)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => ({
      file,
      gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: constants.Z_BEST_COMPRESSION })
        .length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}
