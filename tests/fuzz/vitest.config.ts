// vitest configuration of the fuzz and runaway suite (`npm run test:fuzz`): only tests/fuzz, one file at a time.

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/fuzz/**/*.test.ts'],
    environment: 'node',
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 60_000,
  },
});
