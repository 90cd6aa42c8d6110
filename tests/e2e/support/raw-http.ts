import { request as httpRequest } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request to one storefront host without following redirects. Node cannot resolve
 * *.localhost, so it goes to 127.0.0.1 with the Host header.
 */
export function rawGet(host: 'br' | 'es', path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const port = Number(process.env.TEST_PORT);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host: `${host}.localhost:${port}`, ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
