import { defineConfig } from 'vitest/config';

// One run over every suite; `scripts/test.mjs` reads its JSON report for the summary line.
// Server and web files run two at a time (group 0; Vitest's default on 2 cores is one, and
// most of a file's time is waiting on databases and timers), then the browser files one at
// a time (group 1, e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'e2e'],
    maxWorkers: 2,
  },
});
