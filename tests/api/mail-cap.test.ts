import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { sameOrigin } from '../support/accounts.ts';
import { api, getTestDb, getRunStack } from '../support/api.ts';
import { createCart, createCustomer, createProduct, startCheckout } from './checkout-fixtures.ts';

/**
 * Issue 29, point 7: mail cannot be turned on a victim. Every kind of mail to one address counts
 * against one cap (MAIL_MAX_PER_RECIPIENT_PER_HOUR, 10 by default), whoever triggers it: here
 * recovery requests (any spelling of the address) and then order e-mails from checkouts in a
 * burst, read back from the real SMTP catcher of the test stack.
 */
async function subjectsTo(address: string): Promise<string[]> {
  const folder = path.join(getRunStack().dataDir, 'caught-mail');
  const subjects: string[] = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const mail = await simpleParser(await readFile(path.join(folder, name)));
    const to = Array.isArray(mail.to) ? mail.to.flatMap((entry) => entry.value) : (mail.to?.value ?? []);
    if (to.some((entry) => entry.address?.toLowerCase() === address)) subjects.push(mail.subject ?? '');
  }
  return subjects;
}

/** Every queued e-mail was handled (sent or dropped by the cap). */
async function waitForMailQueue(): Promise<void> {
  const pending = async () =>
    (
      await getTestDb().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier IN ('order_mail', 'send_mail')`,
      )
    ).rows[0]!.n;
  await expect.poll(pending, { timeout: 60_000, interval: 200 }).toBe(0);
}

describe('mail per recipient address is capped across every kind', () => {
  it('3 recovery mails, then 12 checkouts in a burst: the address receives 10 mails, the rest are dropped', async () => {
    const customer = await createCustomer(); // never confirmed its address
    const spellings = [customer.email, customer.email.toUpperCase(), `${customer.email}.`];
    for (const email of spellings) {
      const answer = await api('/ecom/cliente/recuperar-senha', { method: 'POST', host: 'es', json: { email }, headers: sameOrigin('es') });
      expect(answer.status).toBe(200);
    }
    await waitForMailQueue();
    expect(await subjectsTo(customer.email)).toHaveLength(3);

    const product = await createProduct({ stock: 50 });
    const checkouts = [];
    for (let i = 0; i < 12; i++) {
      const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
      checkouts.push(startCheckout(customer, cart, { currencyId: 3, body: { cancelar_pedido_pendente: true } }));
    }
    expect((await Promise.all(checkouts)).map((started) => started.status)).toEqual(Array(12).fill(201));
    await waitForMailQueue();

    const subjects = await subjectsTo(customer.email);
    expect(subjects).toHaveLength(10);
    const recovery = subjects.filter((subject) => /contraseña|senha/i.test(subject));
    expect(recovery).toHaveLength(3);
    expect(subjects.length - recovery.length).toBe(7);
  }, 120_000);
});
