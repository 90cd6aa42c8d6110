import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianRegistration, sameOrigin, type RegisteredAnswer } from '../support/accounts.ts';
import { api, apiJson, getTestDb, useOwnStack } from '../support/api.ts';
import { createTestCustomer, createTestProduct } from '../support/cart-fixtures.ts';
import { createExpiredOrder } from '../support/expired-orders.ts';
import { PG15_BIN, startDebianPostgres, type DebianPostgres } from '../support/debian-postgres.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import { createTestPool } from '../support/test-pool.ts';

/**
 * Issue 31 point 6 (README "Backup, restore and keys"): a shop on an external PostgreSQL 15 is
 * dumped with pg_dump while it serves, restored with pg_restore into a fresh database, and a shop
 * with an empty DATA_DIR serves the restored orders and identity documents. Then DOCUMENTS_KEY is
 * set on it (the documents were written under the database-kept key) and rotated.
 */
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../..');
const NEW_DOCUMENTS_KEY = 'a-new-documents-key-from-the-vault';

let postgres: DebianPostgres;
const shops: ShopProcess[] = [];
const folders: string[] = [];
let restoredUrl = '';
let shopper: { token: string; documentUuid: string };
let buyer: { token: string; orderExternalId: string };

async function newFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(folder, 0o755);
  folders.push(folder);
  return folder;
}

async function startShop(databaseUrl: string, env: Record<string, string> = {}): Promise<ShopProcess> {
  const shop = await startShopProcess(databaseUrl, { DATA_DIR: await newFolder('fronteira-restore-'), ...env });
  shops.push(shop);
  useOwnStack({ baseUrl: `http://127.0.0.1:${shop.port}`, port: shop.port, databaseUrl });
  return shop;
}

async function readDocument(): Promise<{ status: number; bytes: Buffer }> {
  const response = await api(`/ecom/cliente/documentos/${shopper.documentUuid}`, { token: shopper.token });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readSecretNames(url: string): Promise<string[]> {
  const pool = createTestPool({ connectionString: url, max: 1 });
  try {
    return (await pool.query<{ name: string }>('SELECT name FROM server_secrets ORDER BY name')).rows.map((row) => row.name);
  } finally {
    await pool.end();
  }
}

beforeAll(async () => {
  postgres = await startDebianPostgres();
  const originalUrl = await postgres.createDatabase('shop_original');
  await startShop(originalUrl);

  const registration = await brazilianRegistration();
  const registered = await apiJson<RegisteredAnswer>('/ecom/cliente/cadastrar', {
    method: 'POST',
    body: registration,
    headers: sameOrigin(),
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const { rows } = await getTestDb().query<{ uuid: string }>(
    `SELECT d.uuid FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.email = $1 AND side = 'frente'`,
    [registered.body.user.email],
  );
  shopper = { token: registered.body.token, documentUuid: rows[0]!.uuid };

  // An unpaid order of another customer, written as checkout leaves it, on a catalogue of one product.
  await getTestDb().query(`INSERT INTO brands (slug, name) VALUES ('backup', 'Backup')`);
  await getTestDb().query(`INSERT INTO categories (slug, name_pt, name_es, menu_visible) VALUES ('backup', 'Cópia', 'Copia', false)`);
  const customer = await createTestCustomer();
  const product = await createTestProduct({ stock: 5 });
  const orderId = await createExpiredOrder(getTestDb(), customer.id, product.id);
  // Still reserved (the restored shop's expiry job would cancel it otherwise).
  await getTestDb().query(`UPDATE stock_reservations SET expires_at = now() + interval '1 day' WHERE order_id = $1`, [orderId]);
  const { external_id } = (await getTestDb().query<{ external_id: string }>('SELECT external_id FROM orders WHERE id = $1', [orderId]))
    .rows[0]!;
  buyer = { token: customer.token, orderExternalId: external_id };

  // The backup, taken while the shop serves, and its restore into a fresh database.
  const dump = path.join(await newFolder('fronteira-dump-'), 'shop.dump');
  await run(path.join(PG15_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, originalUrl]);
  restoredUrl = await postgres.createDatabase('shop_restored');
  await run(path.join(PG15_BIN, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);
}, 180_000);

afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await postgres?.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a shop with an empty DATA_DIR serves the restored database: the order, the session, the identity document', async () => {
    await startShop(restoredUrl);
    const orders = await apiJson<{ data: { external_id: string; status: string }[] }>('/ecom/venda/pedidos', {
      host: 'es',
      token: buyer.token,
    });
    expect(orders.status).toBe(200);
    expect(orders.body.data).toEqual([expect.objectContaining({ external_id: buyer.orderExternalId, status: 'PAGAMENTO' })]);
    const document = await readDocument();
    expect(document.status).toBe(200);
    expect(document.bytes.subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});

describe('documents key', () => {
  it('setting DOCUMENTS_KEY keeps the documents written under the database-kept key readable', async () => {
    await shops.at(-1)!.stop();
    await startShop(restoredUrl, { DOCUMENTS_KEY: NEW_DOCUMENTS_KEY });
    const document = await readDocument();
    expect(document.status).toBe(200);
    expect(document.bytes.subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('npm run secrets -- rotate-documents-key encrypts them under the new key and the database keeps no documents key', async () => {
    await shops.at(-1)!.stop();
    const command = (args: string[], env: Record<string, string>) =>
      run(process.execPath, [path.join(projectRoot, 'scripts/secrets.mjs'), ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: restoredUrl, LOG_LEVEL: 'warn', ...env },
      });
    expect((await command(['--help'], {})).stdout).toContain('npm run secrets -- rotate-documents-key');
    const withoutKey = await command(['rotate-documents-key'], { DOCUMENTS_KEY: '' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(withoutKey).toMatchObject({
      code: 2,
      stderr: 'DOCUMENTS_KEY is not set: set it to the new key (16 characters or more) and run the command again.\n',
    });

    const dataDir = await newFolder('fronteira-rotate-');
    const rotated = await command(['rotate-documents-key'], { DOCUMENTS_KEY: NEW_DOCUMENTS_KEY, DATA_DIR: dataDir });
    expect(rotated.stdout).toContain('2 of 2 identity documents encrypted again under DOCUMENTS_KEY');
    expect(await readSecretNames(restoredUrl)).toEqual(['payment-webhook-secret', 'shipping-token-secret', 'staff-totp-key']);

    // Only the new key is known to this shop now: the documents open, so they are under it.
    await startShop(restoredUrl, { DOCUMENTS_KEY: NEW_DOCUMENTS_KEY });
    const document = await readDocument();
    expect(document.status).toBe(200);
    expect(document.bytes.subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});
