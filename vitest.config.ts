import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in worker slots, and the API tests' global setup starts one database and shop
 * per slot (tests/support/vitest-global-setup.ts): files running side by side never see each
 * other's rows, settings or load. API files mostly wait on their shop, so there are more slots
 * than cores (TEST_WORKERS overrides).
 */
const WORKERS = Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism() + 1);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, as the API files (decision 1380): the unit files reset
          // what they change (timers, globals, env and config) and pass in any order in one worker
          // (8 shuffled orders of files and tests); isolated, they cost 37 CPU-s instead of 12.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/vitest-global-setup.ts'],
          // A worker imports the shop's modules once for all its files, instead of once per file
          // (most of the project's time was imports); what a file changes in the worker is put
          // back when it ends (api-file-setup.ts). Decision 1380.
          isolate: false,
          setupFiles: ['tests/support/api-file-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
