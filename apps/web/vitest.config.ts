import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    sequence: { groupOrder: 0 },
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Lazy pages compile on first use; on a loaded 2-core machine that alone can take seconds.
    testTimeout: 20_000,
  },
});
