import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One config for the whole suite, kept in e2e/ so the package's top level stays as documented.
// Unit tests run in parallel; e2e tests drive the built CLI, npm and real control planes, so they run one
// file at a time on the 2-core CI machines.
const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['src/**/*.test.ts', 'plugins/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/testdata/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root,
          include: ['e2e/**/*.test.ts'],
          // e2e/tutorials/<name>/ are example projects with their own tests, run by e2e/tutorials/<name>.test.ts.
          exclude: ['**/node_modules/**', 'e2e/golden/**', 'e2e/.work/**', 'e2e/tutorials/*/**'],
          fileParallelism: false,
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
