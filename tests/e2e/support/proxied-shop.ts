import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../../src/server/db/embedded.ts';
import { startCuttableProxy, type CuttableProxy } from '../../support/db-proxy.ts';
import { waitUntilReady } from '../../support/test-stack.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ProxiedShop {
  port: number;
  /** Cut it to take the database away from this shop; restore to bring it back. */
  database: CuttableProxy;
  url(host: 'br' | 'es', pathname: string): string;
  stop(): Promise<void>;
}

/**
 * A second built shop on the test run's database, reached through a relay the test controls:
 * how the shop behaves while its database is unreachable, without disturbing the main shop.
 */
export async function startProxiedShop(): Promise<ProxiedShop> {
  const databaseUrl = new URL(process.env.TEST_APP_DATABASE_URL ?? '');
  const database = await startCuttableProxy(databaseUrl.hostname, Number(databaseUrl.port || 5432));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(database.port);
  const port = await findFreePort();
  const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: proxied.toString(),
      SEED: '0',
      SHOP_ORIGIN_BR: `http://br.localhost:${port}`,
      SHOP_ORIGIN_ES: `http://es.localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, server);
  return {
    port,
    database,
    url: (host, pathname) => `http://${host}.localhost:${port}${pathname}`,
    async stop() {
      database.restore();
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await database.close();
    },
  };
}
