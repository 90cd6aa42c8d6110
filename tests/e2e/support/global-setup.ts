import type { FullConfig } from '@playwright/test';
import { startTestStack } from '#tests/support/test-stack.ts';

/**
 * One database and shop per worker (each worker picks its own in playwright.config.ts, by
 * TEST_PARALLEL_INDEX), so specs of different workers never see each other's rows or settings.
 * With TEST_PORT... already set (a stack someone else started), every worker shares that one.
 */
export default async function globalSetup(config: FullConfig) {
  if (process.env.TEST_PORT) return;
  const stacks = await Promise.all(Array.from({ length: config.workers }, () => startTestStack()));
  process.env.TEST_STACKS = JSON.stringify(
    stacks.map(({ port, baseUrl, databaseUrl, dataDir }) => ({ port, baseUrl, databaseUrl, dataDir })),
  );
  return () => Promise.all(stacks.map((stack) => stack.stop()));
}

/**
 * In a worker: names this worker's stack in the variables the specs read (TEST_PORT,
 * TEST_BASE_URL, TEST_APP_DATABASE_URL, TEST_DATA_DIR). Outside a worker, or on a shared stack, nothing.
 */
export function useThisWorkersStack(): void {
  const index = process.env.TEST_PARALLEL_INDEX;
  if (index === undefined || !process.env.TEST_STACKS) return;
  const stacks = JSON.parse(process.env.TEST_STACKS) as Array<{ port: number; baseUrl: string; databaseUrl: string; dataDir: string }>;
  const stack = stacks[Number(index) % stacks.length];
  if (!stack) return;
  process.env.TEST_PORT = String(stack.port);
  process.env.TEST_BASE_URL = stack.baseUrl;
  process.env.TEST_APP_DATABASE_URL = stack.databaseUrl;
  process.env.TEST_DATA_DIR = stack.dataDir;
}
