import { defineConfig } from 'vitest/config';

// One run over every suite; `scripts/test.mjs` reads its JSON report for the summary line.
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'e2e'],
  },
});
