import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antd-styles';
import { precompress } from './build/precompress';
import { preloadDependencies } from './build/preload-deps';

const preload = preloadDependencies();

// Vendors are split by how often they change, so a page deploy does not bust the
// React and antd caches; each page is its own chunk through React.lazy.
export default defineConfig({
  plugins: [react(), antdStyles(), preload.plugin, precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    // A lazy chunk preloads only the files its importer has not loaded (build/preload-deps.ts);
    // index.html lists the entry's two imports (React, Rolldown's runtime).
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        // entriesAware names list every page sharing a piece of antd; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('antd~') ? 'assets/antd-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            // Everything else the entry imports statically (antd's pieces the shell uses, the app's
            // shared code) goes with the entry: each is loaded on every page anyway. Without
            // `includeDependenciesRecursively: false` the group also takes what the barrels it
            // reaches import (rc-form, Collapse, …: 113 KB that only lazy pages use).
            { name: 'shell', tags: ['$initial'], priority: 12, includeDependenciesRecursively: false },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
              priority: 10,
              // Components only a lazy page uses stay with that page, not in the shell's chunk.
              entriesAware: true,
              maxSize: 400_000,
              // Pieces under 4 KB join their closest neighbour: /jq/project's page 49 → 37 files, /home unchanged.
              entriesAwareMergeThreshold: 4000,
            },
            // Libraries only lazy pages use stay out of the shell's vendor chunk: pdf.js (the PDF
            // viewer), exceljs (导出 Excel, imported on the first export) and the markdown stack (AI
            // answers). entriesAware here breaks CommonJS interop.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 15 },
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/, priority: 15 },
            // The chain map (React Flow and its d3 helpers) and the chain charts (ECharts):
            // only the industry-chain pages load them.
            {
              name: 'graph',
              test: /node_modules[\\/](@xyflow|classcat|d3-[\w-]+)[\\/]/,
              priority: 15,
            },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 15 },
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-util-[\w-]+|hast-util-[\w-]+|unist-util-[\w-]+|unified|vfile[\w-]*|property-information|html-url-attributes|decode-named-character-reference|character-entit[\w-]+|character-reference-invalid|style-to-[\w-]+|inline-style-parser|estree-util-[\w-]+|markdown-table|trim-lines|zwitch|ccount|bail|trough|devlop|longest-streak|(comma|space)-separated-tokens|(parse|stringify)-entities|is-(alphabetical|alphanumerical|decimal|hexadecimal))[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
