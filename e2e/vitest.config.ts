import { defineProject } from 'vitest/config';

// Browser flows against the real server and the built web app. The project root is this
// folder, so `include` is relative to it. One file at a time, after the server and web
// files (groupOrder 1): they share a port range and CPU.
export default defineProject({
  test: {
    sequence: { groupOrder: 1 },
    name: 'e2e',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The migrated PGlite dump each file's server starts from (startTestServer in helpers.ts).
    globalSetup: ['../apps/server/test/global-setup.ts'],
    fileParallelism: false,
    // As in the server suite: the files share the worker's module cache (each imported the
    // server and Playwright anew, ~6 s a file).
    isolate: false,
  },
});
