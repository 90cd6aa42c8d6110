import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * API test files run in shards, one per worker, and each shard's global setup starts its own
 * database and shop (tests/support/vitest-global-setup.ts): files of different shards never see
 * each other's rows, settings or load. A file joins the shard its position in the sorted list picks.
 */
const API_SHARDS = Math.max(1, Number(process.env.TEST_API_SHARDS) || availableParallelism());
const apiFiles = readdirSync('tests/api', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .sort()
  .map((name) => `tests/api/${name}`);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' } },
      ...Array.from({ length: API_SHARDS }, (_, shard) => ({
        test: {
          name: API_SHARDS === 1 ? 'api' : `api-${shard + 1}`,
          include: apiFiles.filter((_, index) => index % API_SHARDS === shard),
          globalSetup: ['tests/support/vitest-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
