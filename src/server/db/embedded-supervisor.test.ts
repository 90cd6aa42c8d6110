import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getRestartDelayMs, RESTART_ATTEMPTS, superviseEmbeddedPostgres } from './embedded-supervisor.ts';

function fakeProcess(): ChildProcess {
  return new EventEmitter() as unknown as ChildProcess;
}

describe('embedded PostgreSQL supervision', () => {
  it('waits longer after each failed attempt, up to a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(getRestartDelayMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });

  it('starts a database that died again, retrying failed starts, and not one that was stopped', async () => {
    const server = {
      process: fakeProcess(),
      starts: 0,
      async start() {
        this.starts += 1;
        if (this.starts < 2) throw new Error('shared memory still in use');
        this.process = fakeProcess();
      },
    };
    const lines: string[] = [];
    const supervisor = superviseEmbeddedPostgres(server, (line) => lines.push(String(line)));
    const first = server.process;
    first.emit('exit', null, 'SIGKILL');
    const deadline = Date.now() + 5000;
    while (!lines.some((line) => line.includes('running again')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.starts).toBe(2);
    expect(lines[0]).toContain('exited unexpectedly (SIGKILL)');
    expect(lines.at(-1)).toContain('running again (attempt 2)');
    supervisor.stop();
    server.process.emit('exit', 0, null);
    await new Promise((resolve) => setTimeout(resolve, getRestartDelayMs(1) + 50));
    expect(server.starts).toBe(2);
    expect(RESTART_ATTEMPTS).toBeGreaterThan(1);
  });
});
