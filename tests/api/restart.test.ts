import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/db/embedded.ts';
import type { ProductList } from '#lib/contract/catalog.ts';

/**
 * The shop as `npm start` runs it, on its own embedded PostgreSQL under a DATA_DIR: stopped
 * with SIGTERM and started again, it keeps what was written and does not seed twice.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
let dataDir = '';
let running: ChildProcess | undefined;

function call<Body = unknown>(port: number, pathname: string, json?: unknown): Promise<{ status: number; body: Body }> {
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: body ? 'POST' : 'GET',
        headers: { host: `br.localhost:${port}`, ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: incoming.statusCode ?? 0, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Starts the shop; one more try when it exits early (a free port taken meanwhile by a parallel run). */
async function startShop(): Promise<{ port: number; server: ChildProcess }> {
  try {
    return await startShopOnce();
  } catch (error) {
    if (!String(error).includes('exited')) throw error;
    return startShopOnce();
  }
}

async function startShopOnce(): Promise<{ port: number; server: ChildProcess }> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running = server;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode}`);
    try {
      if ((await call(port, '/readyz')).status === 200) return { port, server };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the shop did not get ready');
}

async function stopShop(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  running = undefined;
  return code;
}

afterAll(async () => {
  if (running && running.exitCode === null) await stopShop(running);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('restart', () => {
  it('keeps data written before a stop after the next start', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-restart-'));
    await chmod(dataDir, 0o755);
    const phone = `5959${randomInt(10_000_000, 99_999_999)}`;

    const first = await startShop();
    const before = await call<ProductList>(first.port, '/api/public/products?per_page=1');
    expect(before.status).toBe(200);
    expect(before.body.total).toBe(600);
    expect((await call(first.port, '/api/public/contato-newsletter', { celular: phone })).status).toBe(201);
    // The exit code is the platform's graceful-shutdown concern (tests/api/platform); here only the data matters.
    await stopShop(first.server);

    const second = await startShop();
    // Stored once: the same number is now known (200, not 201), and the catalogue was not seeded again.
    expect((await call(second.port, '/api/public/contato-newsletter', { celular: phone })).status).toBe(200);
    expect((await call<ProductList>(second.port, '/api/public/products?per_page=1')).body.total).toBe(600);
    await stopShop(second.server);
  }, 180_000);
});
