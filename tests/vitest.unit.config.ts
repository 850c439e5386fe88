import { defineConfig } from 'vitest/config';

// Unit tests: pure modules and the analyzer; no database, no identity emulator.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'client/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
