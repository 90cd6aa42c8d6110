import { describe, expect, it } from 'vitest';
import { api, apiJson, getHostHeader, getRunStack } from '../support/api.ts';
import { createTestCustomer } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { createCart, createCustomer, createProduct, deliveryToken } from './checkout-fixtures.ts';

// Links the shop hands out (payment, e-mail) name the configured storefront origin, whatever
// Host or X-Forwarded-Host the request carries.
const FORGED = { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=https', 'x-forwarded-proto': 'https' };
const esOrigin = () => `http://${getHostHeader('es')}`;

async function startCheckoutWith(headers: Record<string, string>) {
  const customer = await createCustomer();
  const product = await createProduct({ stock: 5 });
  const cart = await createCart(customer.id, 3, [{ productId: product.id, quantity: 1 }]);
  return apiJson<{ link_pagamento: string[] }>(`/ecom/venda/carrinho/${cart}/iniciar-checkout`, {
    method: 'POST',
    host: 'es',
    token: customer.token,
    headers,
    json: {
      token_entrega: deliveryToken(cart, { currencyId: 3 }),
      valor_frete: 0,
      entrega_servico_id: null,
      cliente_endereco_id: null,
      forma_pagamento: 'card',
      parcelas: 1,
    },
  });
}

describe('absolute links come from configuration, not from the request', () => {
  it('the payment link of a checkout sent with a forged X-Forwarded-Host names the configured origin', async () => {
    const { status, body } = await startCheckoutWith(FORGED);
    expect(status).toBe(201);
    expect(body.link_pagamento[0]).toMatch(new RegExp(`^${esOrigin()}/sandbox/pagamento/pay_`));
  });

  it('with a forged Host itself the shop either refuses it or still links to a configured origin', async () => {
    const { status, body } = await startCheckoutWith({ ...FORGED, host: `evil.example:${getRunStack().port}` });
    expect(status).toBeLessThan(500);
    expect(JSON.stringify(body)).not.toContain('evil.example');
    if (status === 201) expect(body.link_pagamento[0]?.startsWith(`http://br.localhost:${getRunStack().port}/`)).toBe(true);
  });

  it("the password-reset mail asked for with forged host headers links to the customer's storefront", async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const asked = await api('/ecom/cliente/recuperar-senha', {
      method: 'POST',
      host: 'br',
      json: { email: customer.email },
      headers: FORGED,
    });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(getRunStack().dataDir, customer.email, (m) => /contraseña/i.test(m.subject));
    const link = mail.links.find((l) => l.includes('/app/reset-password/')) ?? '';
    expect(link.startsWith(`${esOrigin()}/app/reset-password/${customer.uuid}/`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
  });
});
