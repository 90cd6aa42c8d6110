import { startProductionStack } from './production-stack.ts';

/** Starts the production stack once for the walk; the spec reads where it is from the environment. */
export default async function globalSetup() {
  const stack = await startProductionStack();
  process.env.REHEARSAL = JSON.stringify({
    brOrigin: stack.brOrigin,
    esOrigin: stack.esOrigin,
    databaseUrl: stack.databaseUrl,
    mailDir: stack.mailDir,
    commandEnv: stack.commandEnv,
  });
  return () => stack.stop();
}
