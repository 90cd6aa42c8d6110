import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    databaseUrl: string;
    dataDir: string;
  }
}

/**
 * Runs once per API shard (vitest.config.ts): starts this shard's own database and shop, or uses
 * the stack named by TEST_BASE_URL... when one is given (then every shard shares it).
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_BASE_URL) {
    project.provide('baseUrl', process.env.TEST_BASE_URL);
    project.provide('port', Number(process.env.TEST_PORT));
    project.provide('databaseUrl', process.env.TEST_APP_DATABASE_URL ?? '');
    project.provide('dataDir', process.env.TEST_DATA_DIR ?? '');
    return;
  }
  const stack = await startTestStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('port', stack.port);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('dataDir', stack.dataDir);
  return () => stack.stop();
}
