import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack.ts';

/** One database and shop of the run, as the API test files reach it. */
export interface RunStack {
  baseUrl: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per worker slot: a file uses the one of the slot it runs in (getRunStack). */
    stacks: RunStack[];
  }
}

/**
 * Runs once for the API tests: starts one database and shop per vitest worker slot, side by side,
 * or uses the stack named by TEST_BASE_URL... when one is given (then every file shares it).
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_BASE_URL) {
    project.provide('stacks', [
      {
        baseUrl: process.env.TEST_BASE_URL,
        port: Number(process.env.TEST_PORT),
        databaseUrl: process.env.TEST_APP_DATABASE_URL ?? '',
        dataDir: process.env.TEST_DATA_DIR ?? '',
      },
    ]);
    return;
  }
  const slots = project.vitest.config.maxWorkers;
  const stacks = await Promise.all(Array.from({ length: slots }, () => startTestStack()));
  project.provide(
    'stacks',
    stacks.map(({ baseUrl, port, databaseUrl, dataDir }) => ({ baseUrl, port, databaseUrl, dataDir })),
  );
  return () => Promise.all(stacks.map((stack) => stack.stop()));
}
