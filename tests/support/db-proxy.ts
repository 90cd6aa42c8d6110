import { createServer, connect, type Socket } from 'node:net';

export interface CuttableProxy {
  port: number;
  /** The database's URL through the relay (TCP on 127.0.0.1, whatever the target's transport). */
  databaseUrl: string;
  /** The database becomes unreachable: open connections drop, new ones are refused. */
  cut(): void;
  /** The database stops answering: connections stay open (and new ones are accepted) but no byte passes. */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Where `databaseUrl` points: a Unix socket (`?host=/dir`, the embedded database) or host and port. */
function toTarget(databaseUrl: URL): { path: string } | { host: string; port: number } {
  const port = Number(databaseUrl.port || 5432);
  const socketDir = databaseUrl.searchParams.get('host');
  return socketDir?.startsWith('/') ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: databaseUrl.hostname, port };
}

/**
 * A TCP relay between the shop and its PostgreSQL, so a test can take the database away from
 * a running shop (a network partition or a database restart) and bring it back.
 */
export function startCuttableProxy(databaseUrl: string): Promise<CuttableProxy> {
  const target = toTarget(new URL(databaseUrl));
  const sockets = new Set<Socket>();
  let open = true;
  let stalled = false;
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(target);
    if (stalled) {
      client.pause();
      upstream.pause();
    }
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const relayed = new URL(databaseUrl);
      relayed.searchParams.delete('host');
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      resolve({
        port,
        databaseUrl: relayed.toString(),
        cut() {
          open = false;
          for (const socket of sockets) socket.destroy();
        },
        stall() {
          stalled = true;
          for (const socket of sockets) socket.pause();
        },
        restore() {
          open = true;
          stalled = false;
          for (const socket of sockets) socket.resume();
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
