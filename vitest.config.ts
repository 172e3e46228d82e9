import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // One module graph for all test files: each file re-importing the engine cost ~80 s of the suite's ~100 s.
    // Tests keep no global state between files (the engine's caches are per LoadCache/loader instance).
    isolate: false,
  },
});
