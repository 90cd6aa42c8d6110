import { startCuttableProxy, type CuttableProxy } from '#tests/support/db-proxy.ts';
import { startShopProcess } from '#tests/support/shop-process.ts';

export interface ProxiedShop {
  port: number;
  /** Cut it to take the database away from this shop; restore to bring it back. */
  database: CuttableProxy;
  /** The address of a page; throws, saying how the shop ended, once it is no longer running. */
  url(host: 'br' | 'es', pathname: string): string;
  /**
   * Throws when the shop died during a test, with its exit code or signal and its last output
   * lines: the test's own failure is then only a bare ERR_CONNECTION_REFUSED.
   */
  expectRunning(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A second built shop on the test run's database, reached through a relay the test controls:
 * how the shop behaves while its database is unreachable, without disturbing the main shop.
 */
export async function startProxiedShop(): Promise<ProxiedShop> {
  const database = await startCuttableProxy(process.env.TEST_APP_DATABASE_URL ?? '');
  const shop = await startShopProcess(database.databaseUrl, {}, { captureOutput: true });
  const failIfEnded = () => {
    const report = shop.getExitReport();
    if (report !== null) throw new Error(`the proxied shop is gone: ${report}`);
  };
  return {
    port: shop.port,
    database,
    url(host, pathname) {
      failIfEnded();
      return `http://${host}.localhost:${shop.port}${pathname}`;
    },
    async expectRunning() {
      // A shop refusing connections is dying: its exit is what to wait for, and report.
      const answers = await fetch(`http://127.0.0.1:${shop.port}/healthz`).then(
        () => true,
        () => false,
      );
      if (!answers) await Promise.race([shop.exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      failIfEnded();
    },
    async stop() {
      database.restore();
      await shop.stop();
      await database.close();
    },
  };
}
