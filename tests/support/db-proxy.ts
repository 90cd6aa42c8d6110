import { createServer, connect, type Socket } from 'node:net';

export interface CuttableProxy {
  port: number;
  /** The database becomes unreachable: open connections drop, new ones are refused. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the shop and its PostgreSQL, so a test can take the database away from
 * a running shop (a network partition or a database restart) and bring it back.
 */
export function startCuttableProxy(targetHost: string, targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
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
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        cut() {
          open = false;
          for (const socket of sockets) socket.destroy();
        },
        restore() {
          open = true;
        },
        close: () => new Promise<void>((done) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => done());
        }),
      });
    });
  });
}
