import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    sequence: { groupOrder: 0 },
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Files share a worker's module cache: each file built its own copy of the app's module
    // graph before (import time summed to ~7 min of the suite on a 2-core machine, 25 s
    // without). Nothing in these files mocks modules or stubs globals; each makes its own app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
