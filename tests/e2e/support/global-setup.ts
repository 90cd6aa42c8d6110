import { startTestStack } from '#tests/support/test-stack.ts';

/** Uses the stack `npm test` started, or starts one; workers read TEST_PORT from the environment. */
export default async function globalSetup() {
  if (process.env.TEST_PORT) return;
  const stack = await startTestStack();
  process.env.TEST_PORT = String(stack.port);
  process.env.TEST_BASE_URL = stack.baseUrl;
  process.env.TEST_APP_DATABASE_URL = stack.databaseUrl;
  process.env.TEST_DATA_DIR = stack.dataDir;
  return () => stack.stop();
}
