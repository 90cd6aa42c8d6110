import { startCuttableProxy, type CuttableProxy } from '#tests/support/db-proxy.ts';
import { startShopProcess } from '#tests/support/shop-process.ts';

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
  const database = await startCuttableProxy(process.env.TEST_APP_DATABASE_URL ?? '');
  const shop = await startShopProcess(database.databaseUrl);
  return {
    port: shop.port,
    database,
    url: (host, pathname) => `http://${host}.localhost:${shop.port}${pathname}`,
    async stop() {
      database.restore();
      await shop.stop();
      await database.close();
    },
  };
}
