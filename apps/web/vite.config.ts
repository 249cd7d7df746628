import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vendors are split by how often they change, so a page deploy does not bust the
// React and antd caches; each page is its own chunk through React.lazy.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
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
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
              priority: 10,
              // Components only a lazy page uses stay with that page, not in the shell's chunk.
              entriesAware: true,
              maxSize: 400_000,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
});
