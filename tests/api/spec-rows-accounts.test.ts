import { describe, expect, it } from 'vitest';
import type { AccountUser } from '#lib/contract/accounts.ts';
import { AccountAddressSchema } from '#lib/contract/accounts-schema.ts';
import type { OrderPaymentsView, OrderView } from '#lib/contract/orders.ts';
import { api, apiAnswer, apiJson, getHostHeader, getTestDb, type ErrorAnswer, type FieldErrorAnswer, getRunStack } from '../support/api.ts';
import { brazilianRegistration, createTestCustomer, sameOrigin, signIn } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { createCustomer, createPendingOrder } from './checkout-fixtures.ts';

/**
 * Issue 35 point 8: rows of the accounts specification (accounts-checkout-orders.md), each
 * exercised as a client written from the document alone would call it.
 */

describe('accounts spec section 7: GET /ecom/venda/pedidos/{id}/buscar-pagamentos', () => {
  it("polls the payments by the order's id (the `id` of the order record), for its owner only", async () => {
    const order = await createPendingOrder();
    const detail = await apiJson<OrderView>(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: order.customer.token });
    expect(detail.status).toBe(200);
    const { id } = detail.body;
    expect(id).not.toBe(detail.body.pedido);

    const polled = await apiJson<OrderPaymentsView>(`/ecom/venda/pedidos/${id}/buscar-pagamentos`, {
      host: 'es',
      token: order.customer.token,
    });
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ external_id: order.externalId, pedido: order.number, status: 'PAGAMENTO' });
    expect(polled.body.pagamentos[0]?.status).toBe('AGUARDANDO');

    const intruder = await createCustomer();
    expect((await api(`/ecom/venda/pedidos/${id}/buscar-pagamentos`, { host: 'es', token: intruder.token })).status).toBe(404);
  });
});

describe('accounts spec section 7: POST /ecom/cliente/address with the documented payload', () => {
  // The call's documented fields: nome, cep, logradouro, numero, bairro, cidade, estado / estado_id,
  // cidade_id, pais, complemento, como_chegar, ativo, principal (no pais_id).
  const paraguayan = {
    nome: 'Oficina',
    logradouro: 'Avda. Monseñor Rodríguez',
    numero: '1200',
    bairro: 'Microcentro',
    cidade: 'Ciudad del Este',
    estado: 'Alto Parana',
    estado_id: 30,
    cidade_id: 6033,
    pais: 'Paraguai',
    complemento: '',
    como_chegar: 'Frente al lago',
    ativo: true,
    principal: true,
  };

  it('adds a Paraguayan address without a CEP, its country named by pais or by the buyer', async () => {
    const token = await signIn(await createTestCustomer({ foreignBuyer: 0 }), 'es');
    const added = apiAnswer(
      AccountAddressSchema,
      await apiJson('/ecom/cliente/address', { method: 'POST', host: 'es', token, json: paraguayan }),
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ pais_id: 2, pais: 'Paraguai', cep: '', estado_id: 30, cidade_id: 6033, cidade: 'Ciudad del Este' });

    const { pais: _named, ...unnamed } = paraguayan;
    const second = await apiJson('/ecom/cliente/address', { method: 'POST', host: 'es', token, json: { ...unnamed, nome: 'Casa' } });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ pais_id: 2, cep: '' });
  });

  it("still asks a Brazilian buyer's address for its CEP, in Portuguese", async () => {
    const token = await signIn(await createTestCustomer({ foreignBuyer: 1 }));
    const { pais: _named, estado_id: _state, cidade_id: _city, ...rest } = paraguayan;
    const refused = await apiJson<FieldErrorAnswer>('/ecom/cliente/address', { method: 'POST', token, json: rest });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.cep?.[0]).toBe('Este campo é Obrigatório');
  });
});

/** POST /ecom/cliente/update-profile (multipart: telefone, documento, documento_tipo). */
async function updateProfile(token: string, fields: Record<string, string>, host: 'br' | 'es' = 'es') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiJson<{ user: AccountUser } & ErrorAnswer>('/ecom/cliente/update-profile', {
    method: 'POST',
    host,
    token,
    body: form,
    headers: sameOrigin(host),
  });
}

describe('accounts spec section 5: telefone masks', () => {
  it("stores and answers Brazil's '+55 (##) #####-####' / '+55 (##) ####-####' and Paraguay's '+595 ### ### ###'", async () => {
    const brazilian = await signIn(await createTestCustomer({ foreignBuyer: 1 }), 'br');
    for (const [typed, masked] of [
      ['45998765432', '+55 (45) 99876-5432'],
      ['(45) 3521-1234', '+55 (45) 3521-1234'],
    ] as const)
      expect(
        (await updateProfile(brazilian, { telefone: typed, documento_tipo: 'CPF', documento: '529.982.247-25' }, 'br')).body.user.telefone,
      ).toBe(masked);
    const paraguayan = await signIn(await createTestCustomer({ foreignBuyer: 0 }), 'es');
    const saved = await updateProfile(paraguayan, { telefone: '0981123456', documento_tipo: 'RUC', documento: '8001234-5' });
    expect(saved.body.user.telefone).toBe('+595 981 123 456');
  });
});

describe('accounts spec section 5 (profile edit): document types CPF for Brazilians, RUC or Cédula', () => {
  it("accepts the type as the documents write it ('Cédula', any case or accent) and answers the word", async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const token = await signIn(customer, 'es');
    for (const written of ['Cédula', 'cedula', 'CEDULA']) {
      const saved = await updateProfile(token, { telefone: '0981 123456', documento_tipo: written, documento: '1234567' });
      expect(saved.status, written).toBe(200);
      expect(saved.body.user.documento_tipo).toBe('Cédula');
    }
    const stored = await getTestDb().query<{ document_type: string }>('SELECT document_type FROM customers WHERE id = $1', [customer.id]);
    expect(stored.rows[0]?.document_type).toBe('CEDULA');

    const refused = await updateProfile(token, { telefone: '0981 123456', documento_tipo: 'Pasaporte', documento: '1234567' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.documento_tipo?.[0]).toBe('Este campo es obligatorio');
  });

  it("shows the word on the order, its page and its API record (and the page's date on the store clock)", async () => {
    const customer = await createCustomer({ foreignBuyer: 0, documentType: 'CEDULA', document: '1234567' });
    const order = await createPendingOrder({ customer });
    // Issue 35.9: 02:30 UTC on the 7th is 23:30 on the 6th in Asunción, written the es-PY way.
    await getTestDb().query(`UPDATE orders SET created_at = '2026-12-07T02:30:00Z' WHERE external_id = $1`, [order.externalId]);
    const view = await apiJson<OrderView>(`/ecom/venda/pedidos/${order.externalId}`, { host: 'es', token: customer.token });
    expect(view.body.comprador).toMatchObject({ documento_tipo: 'Cédula', documento: '1234567' });
    const page = await (await api(`/pedido/${order.externalId}`, { host: 'es', token: customer.token })).text();
    expect(page).toContain('Cédula 1234567');
    expect(page.replace(/\s/g, ' ')).toContain('6/12/26, 11:30 p. m.');
    expect(page).not.toContain('CEDULA');
  });
});

describe('API clients without cookies or Origin register (accounts spec section 7, POST /ecom/cliente/cadastrar)', () => {
  it('registers a client that sends neither; a cookie-bearing request from another site is still refused', async () => {
    const client = await api('/ecom/cliente/cadastrar', { method: 'POST', host: 'br', body: await brazilianRegistration() });
    expect(client.status).toBe(201);

    const crossSite = await api('/ecom/cliente/cadastrar', {
      method: 'POST',
      host: 'br',
      body: await brazilianRegistration(),
      headers: { cookie: 'fronteira_lang=pt-BR', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await api('/ecom/cliente/cadastrar', {
      method: 'POST',
      host: 'br',
      body: await brazilianRegistration(),
      headers: { cookie: 'fronteira_lang=pt-BR', origin: `http://${getHostHeader('br')}` },
    });
    expect(sameSite.status).toBe(201);
  });
});

describe('accounts spec sections 2 and 7: the reset link and POST /ecom/cliente/trocar-senha', () => {
  it('the link /app/reset-password/{uuid}/{token} carries the query parameters email and code; the reset needs the code', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 1 });
    expect((await api('/ecom/cliente/recuperar-senha', { method: 'POST', json: { email: customer.email } })).status).toBe(200);
    const mail = await waitForMail(getRunStack().dataDir, customer.email, (m) => m.links.some((l) => l.includes('/app/reset-password/')));
    const link = new URL(mail.links.find((l) => l.includes('/app/reset-password/'))!);
    const [uuid = '', token = ''] = link.pathname.split('/').slice(3);
    expect(uuid).toBe(customer.uuid);
    expect(link.searchParams.get('email')).toBe(customer.email);
    const code = link.searchParams.get('code') ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The page reads them from its address (the form posts them back).
    expect((await api(`${link.pathname}${link.search}`)).status).toBe(200);

    const password = 'Nova#Senha77';
    const reset = (sent: string | undefined) =>
      apiJson('/ecom/cliente/trocar-senha', {
        method: 'POST',
        json: {
          email: customer.email,
          uuid,
          token,
          ...(sent === undefined ? {} : { code: sent }),
          password,
          password_confirmation: password,
        },
      });
    expect((await reset(undefined)).status).toBe(400);
    expect((await reset(code === '000000' ? '000001' : '000000')).status).toBe(400);
    expect((await reset(code)).status).toBe(200);
  });
});
