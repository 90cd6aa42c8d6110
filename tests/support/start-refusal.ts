import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Public storefront origins, where production's rules apply (a localhost origin is a try-out). */
export const PUBLIC_ORIGINS = { SHOP_ORIGIN_BR: 'https://loja.fronteira.com.br', SHOP_ORIGIN_ES: 'https://tienda.fronteira.com.py' };

/**
 * Starts the real entry point, server.mjs, with NODE_ENV=production and `env` over this
 * process's environment (less its payment and database settings), as an operator starts it;
 * answers its exit code and what it printed on stderr.
 */
export async function startShopWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-config-'));
  const {
    PAYMENT_PROVIDER_BR: _br,
    PAYMENT_PROVIDER_PY: _py,
    ALLOW_SANDBOX_IN_PRODUCTION: _allow,
    DATABASE_URL: _database,
    SHOP_ORIGIN_BR: _originBr,
    SHOP_ORIGIN_ES: _originEs,
    ...inherited
  } = process.env;
  try {
    const server = spawn(process.execPath, [path.join(projectRoot, 'server.mjs')], {
      cwd: projectRoot,
      env: { ...inherited, NODE_ENV: 'production', PORT: '1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    return { code, stderr };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
