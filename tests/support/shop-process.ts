import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../src/server/db/embedded.ts';
import { waitUntilReady } from './test-stack.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ShopProcess {
  port: number;
  stop(): Promise<void>;
}

/** Another built shop on an existing database (no seeding), with `env` on top of this process's. */
export async function startShopProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const port = await findFreePort();
  const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED: '0',
      SHOP_ORIGIN_BR: `http://br.localhost:${port}`,
      SHOP_ORIGIN_ES: `http://es.localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, server);
  return {
    port,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
