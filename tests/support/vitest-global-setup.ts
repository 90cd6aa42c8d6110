import type { TestProject } from 'vitest/node';
import { startTestStack, type TestStack } from './test-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    databaseUrl: string;
    dataDir: string;
  }
}

let stack: TestStack | undefined;

/** Uses the stack `npm test` started (TEST_BASE_URL...), or starts one for this run. */
export async function setup(project: TestProject) {
  if (process.env.TEST_BASE_URL) {
    project.provide('baseUrl', process.env.TEST_BASE_URL);
    project.provide('port', Number(process.env.TEST_PORT));
    project.provide('databaseUrl', process.env.TEST_APP_DATABASE_URL ?? '');
    project.provide('dataDir', process.env.TEST_DATA_DIR ?? '');
    return;
  }
  stack = await startTestStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('port', stack.port);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('dataDir', stack.dataDir);
}

export async function teardown() {
  await stack?.stop();
}
