import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    sequence: { groupOrder: 0 },
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
