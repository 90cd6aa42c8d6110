import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianRegistration, sameOrigin, type RegisteredAnswer } from '../support/accounts.ts';
import { api, apiJson, getTestDb, getRunStack } from '../support/api.ts';
import { createTestCustomer, createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';
import type { StartCheckoutAnswer } from '#lib/contract/checkout.ts';
import type { DeliveryOption } from '#lib/contract/shipping.ts';

/**
 * Issue 22 point 9: two shop processes on one database with different DATA_DIRs (as behind a
 * load balancer) sign, verify, encrypt and read alike: what one hands out, the other accepts.
 */

let other: ShopProcess;
let otherDataDir = '';

beforeAll(async () => {
  otherDataDir = await mkdtemp(path.join(tmpdir(), 'fronteira-second-'));
  await chmod(otherDataDir, 0o755);
  other = await startShopProcess(getRunStack().databaseUrl, { DATA_DIR: otherDataDir });
}, 120_000);

afterAll(async () => {
  await other?.stop();
  if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true });
});

describe('two shop processes on one database', () => {
  it('a delivery option quoted by one is accepted by the other at checkout', async () => {
    const customer = await createTestCustomer();
    const product = await createTestProduct({ stock: 5 });
    const city = (await getTestDb().query<{ id: number }>(`SELECT id FROM cities WHERE name = 'Ciudad del Este' LIMIT 1`)).rows[0]!;
    const externalId = newExternalId();
    const cart = await apiJson('/ecom/venda/carrinho', {
      method: 'POST',
      host: 'es',
      token: customer.token,
      json: { external_id: externalId, filial_id: 1, moeda_id: 3, itens: [{ produto_id: product.id, qtde: 1, ativo: true }] },
    });
    expect(cart.status).toBe(201);
    const quoted = await apiJson<DeliveryOption[]>(`/ecom/venda/carrinho/${externalId}/calcular-frete`, {
      method: 'PUT',
      host: 'es',
      token: customer.token,
      json: { external_id: externalId, filial_id: 1, moeda_id: 3, cep: '', itens: [], cidade_id: city.id },
    });
    expect(quoted.status).toBe(200);
    const pickup = quoted.body.find((option) => option.tipo === 'pickup')!;

    const started = await apiJson<StartCheckoutAnswer>(`/ecom/venda/carrinho/${externalId}/iniciar-checkout`, {
      port: other.port,
      method: 'POST',
      host: 'es',
      token: customer.token,
      json: { token_entrega: pickup.token, valor_frete: 0, forma_pagamento: 'card', parcelas: 1 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.external_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an identity document uploaded through one is read through the other', async () => {
    const registered = await apiJson<RegisteredAnswer>('/ecom/cliente/cadastrar', {
      method: 'POST',
      body: await brazilianRegistration(),
      headers: sameOrigin(),
    });
    expect(registered.status).toBe(201);
    const { rows } = await getTestDb().query<{ uuid: string }>(
      `SELECT d.uuid FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.email = $1 AND side = 'frente'`,
      [registered.body.user.email],
    );
    const response = await api(`/ecom/cliente/documentos/${rows[0]!.uuid}`, { port: other.port, token: registered.body.token });
    expect(response.status).toBe(200);
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.subarray(1, 4).toString()).toBe('PNG');
    // Nothing of it was written under either process's DATA_DIR.
    await expect(readdir(path.join(otherDataDir, 'documents'))).rejects.toThrow();
    await expect(readdir(path.join(getRunStack().dataDir, 'documents'))).rejects.toThrow();
  });

  it('each queued job runs once across both processes', async () => {
    const tag = `procs-${Date.now().toString(36)}`;
    const batch = Array.from({ length: 30 }, (_, i) => ({ to: `${tag}-${i}@example.test`, subject: `${tag} ${i}`, text: `mensaje ${i}` }));
    await getTestDb().query(`SELECT graphile_worker.add_job('send_mail', m, max_attempts => 5) FROM json_array_elements($1::json) AS m`, [
      JSON.stringify(batch),
    ]);
    // The public jobs view has no payload: the queue's own table tells these jobs from other tests'.
    const pending = async () =>
      (
        await getTestDb().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'subject' LIKE $1`,
          [`${tag} %`],
        )
      ).rows[0]!.n;
    await expect.poll(pending, { timeout: 40_000, interval: 200 }).toBe(0);
    // The run's shop sends through the SMTP catcher; the second one (no SMTP_URL) writes .eml files.
    const sent: string[] = [];
    for (const folder of [path.join(getRunStack().dataDir, 'caught-mail'), path.join(otherDataDir, 'mail')]) {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names) {
        const subject = /^Subject: (.*)$/m.exec(await readFile(path.join(folder, name), 'utf8'))?.[1]?.trim() ?? '';
        if (subject.startsWith(`${tag} `)) sent.push(subject);
      }
    }
    expect(sent.sort()).toEqual(batch.map((mail) => mail.subject).sort());
  }, 60_000);

  it('neither process generated secrets of its own: both DATA_DIR copies hold the shared ones', async () => {
    const { rows } = await getTestDb().query<{ name: string; value: string }>('SELECT name, value FROM server_secrets ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(['documents-key', 'payment-webhook-secret', 'shipping-token-secret', 'staff-totp-key']);
    for (const { name, value } of rows) {
      for (const dataDir of [getRunStack().dataDir, otherDataDir])
        expect((await readFile(path.join(dataDir, 'secrets', name), 'utf8')).trim()).toBe(value);
    }
  });
});
