import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, getTestDb, useOwnStack } from '../support/api.ts';
import { brazilianRegistration } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { createTestStaff } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';
import { createProduct } from './checkout-fixtures.ts';

// The shop as it runs behind a TLS-terminating proxy (issue 31): the public origins are https,
// the server itself is reached over plain http, as nginx's proxy_pass does (deploy/nginx).
// Browsers send the https Origin; the proxy's forwarded headers are not taken on trust.
const BR = 'https://br.localhost';
const ES = 'https://es.localhost';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ SHOP_ORIGIN_BR: BR, SHOP_ORIGIN_ES: ES });
  useOwnStack(stack);
}, 90_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

const cookieNamed = (response: Response, name: string) => response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

async function addToCartForm(headers: Record<string, string>): Promise<Response> {
  const product = await createProduct({ stock: 5 });
  return api('/carrinho/adicionar', {
    method: 'POST',
    host: 'br',
    body: new URLSearchParams({ produto_id: String(product.id), qtde: '1', redirect: '/carrinho' }),
    headers,
  });
}

describe('origin check behind a TLS proxy', () => {
  it('takes a form posted from the https page, and sets a Secure cart cookie', async () => {
    const response = await addToCartForm({ origin: BR });
    expect(response.status).toBe(303);
    expect(cookieNamed(response, 'fronteira_cart')).toMatch(/; Secure/i);
  });

  it('refuses the http address the server sees, and another site whatever X-Forwarded-* claims', async () => {
    const serverSeen = await addToCartForm({ origin: `http://br.localhost:${stack.port}` });
    expect(serverSeen.status).toBe(403);
    const forged = await addToCartForm({
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.status).toBe(403);
  });

  it('lets an API client with neither cookies nor Origin register; a cookie-bearing request without Origin is refused', async () => {
    const form = await brazilianRegistration();
    const withCookie = await api('/ecom/cliente/cadastrar', {
      method: 'POST',
      host: 'br',
      body: form,
      headers: { cookie: 'fronteira_lang=pt-BR' },
    });
    expect(withCookie.status).toBe(403);
    const response = await api('/ecom/cliente/cadastrar', { method: 'POST', host: 'br', body: form });
    expect(response.status).toBe(201);
    // The confirmation link names the public https origin, not the address the request reached.
    const mail = await waitForMail(stack.dataDir, String(form.get('email')), (m) => /confirme/i.test(m.subject));
    expect(mail.links[0]).toMatch(/^https:\/\/br\.localhost\/app\/confirmation-email\//);
  });
});

describe('every cookie is Secure when the public origin is https', () => {
  it('the session cookie of a sign-in', async () => {
    const form = await brazilianRegistration();
    const registered = await api('/ecom/cliente/cadastrar', { method: 'POST', host: 'br', body: form, headers: { origin: BR } });
    expect(registered.status).toBe(201);
    expect(cookieNamed(registered, 'fronteira_session')).toMatch(/; Secure/i);
  });

  it('the language cookie', async () => {
    const response = await api('/?lang=es-AR', { host: 'es' });
    expect(response.status).toBe(302);
    expect(cookieNamed(response, 'fronteira_lang')).toMatch(/; Secure/i);
  });

  it("the staff panel's cookie", async () => {
    const staff = await createTestStaff('counter');
    const response = await api('/painel/login', {
      method: 'POST',
      host: 'es',
      body: new URLSearchParams({ email: staff.email, password: staff.password }),
      headers: { origin: ES },
    });
    expect(response.status).toBe(303);
    expect(cookieNamed(response, 'fronteira_staff')).toMatch(/; Secure/i);
  });
});
