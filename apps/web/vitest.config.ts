import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { antdStyles } from './build/antd-styles';

export default defineProject({
  // antdStyles: the app imports the token table it makes (app/antd-algorithm.ts).
  plugins: [react(), antdStyles()],
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
