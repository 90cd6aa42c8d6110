import { describe, expect, it } from 'vitest';
import type { AccountAddress } from '#lib/contract/accounts.ts';
import { AccountAddressSchema } from '#lib/contract/accounts-schema.ts';
import type { FavouriteAdded, FavouriteList } from '#lib/contract/favourites.ts';
import { api, apiAnswer, apiJson, type FieldErrorAnswer } from '../support/api.ts';
import {
  AccountMeSchema,
  AddressListSchema,
  createTestCustomer,
  sameOrigin,
  signIn,
  type AccountMe,
  type AddressList,
} from '../support/accounts.ts';
import { createTestProduct } from '../support/cart-fixtures.ts';

const brazilian = {
  nome: 'Casa',
  cep: '85851-000',
  logradouro: 'Av. Brasil',
  numero: '100',
  bairro: 'Centro',
  cidade: 'Foz do Iguaçu',
  estado: 'PR',
  pais: 'Brasil',
  pais_id: 1,
};
const paraguayan = {
  nome: 'Oficina',
  logradouro: 'Avda. Monseñor Rodríguez',
  numero: '1200',
  bairro: 'Microcentro',
  pais_id: 2,
  estado_id: 30,
  cidade_id: 6033,
  cidade: 'Ciudad del Este',
  estado: 'Alto Parana',
  como_chegar: 'Frente al lago',
};

describe('delivery addresses', () => {
  it('adds, lists main first, sets main and soft-deletes', async () => {
    const token = await signIn(await createTestCustomer());
    const first = apiAnswer(AccountAddressSchema, await apiJson('/ecom/cliente/address', { method: 'POST', token, json: brazilian }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ nome: 'Casa', cep: '85851000', principal: true, ativo: true, pais_id: 1 });
    const second = apiAnswer(AccountAddressSchema, await apiJson('/ecom/cliente/address', { method: 'POST', token, json: paraguayan }));
    expect(second.body).toMatchObject({
      principal: false,
      pais_id: 2,
      estado_id: 30,
      cidade_id: 6033,
      cidade: 'Ciudad del Este',
      estado: 'Alto Paraná',
      como_chegar: 'Frente al lago',
    });

    const main = await apiJson(`/ecom/cliente/address/${second.body.id}/set-main`, { method: 'PATCH', token, headers: sameOrigin() });
    expect(main.status).toBe(200);
    let list = apiAnswer(AddressListSchema, await apiJson('/ecom/cliente/address', { token })).body.data;
    expect(list.map((a) => [a.id, a.principal])).toEqual([
      [second.body.id, true],
      [first.body.id, false],
    ]);

    const removed = await apiJson(`/ecom/cliente/address/${first.body.id}`, { method: 'PUT', token, json: { ativo: false, nome: 'Casa' } });
    expect(removed.status).toBe(200);
    list = (await apiJson<AddressList>('/ecom/cliente/address', { token })).body.data;
    expect(list.map((a: { id: number }) => a.id)).toEqual([second.body.id]);
    const me = apiAnswer(AccountMeSchema, await apiJson('/ecom/me', { method: 'POST', token, headers: sameOrigin() }));
    expect(me.body.enderecos).toHaveLength(1);
  });

  it('names every missing field in the buyer language, and requires state/city ids in Paraguayan mode', async () => {
    const token = await signIn(await createTestCustomer({ foreignBuyer: 0 }));
    const blankBr = await apiJson<FieldErrorAnswer>('/ecom/cliente/address', { method: 'POST', token, json: { pais_id: 1 } });
    expect(blankBr.status).toBe(422);
    expect(Object.keys(blankBr.body.errors).sort()).toEqual(['bairro', 'cep', 'cidade', 'estado', 'logradouro', 'nome', 'numero']);
    const blankPy = await apiJson<FieldErrorAnswer>('/ecom/cliente/address', {
      method: 'POST',
      token,
      host: 'es',
      json: { pais_id: 2, nome: 'x'.repeat(101) },
    });
    expect(Object.keys(blankPy.body.errors).sort()).toEqual(['bairro', 'cidade_id', 'estado_id', 'logradouro', 'nome', 'numero']);
    expect(blankPy.body.errors.nome![0]).toBe('Ingresa como máximo 100 caracteres');
  });
});

describe('editing an address (PUT with address fields)', () => {
  it('replaces every field, in Brazilian or Paraguayan mode, keeping id and main flag', async () => {
    const token = await signIn(await createTestCustomer());
    const created = (await apiJson<AccountAddress>('/ecom/cliente/address', { method: 'POST', token, json: brazilian })).body;
    const toSaoPaulo = {
      nome: 'Escritório',
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      numero: '1',
      bairro: 'Sé',
      cidade: 'São Paulo',
      estado: 'SP',
      pais: 'Brasil',
      pais_id: 1,
      estado_id: 26,
      cidade_id: 3832,
      complemento: 'Sala 2',
      como_chegar: '',
    };
    const edited = await apiJson<AccountAddress>(`/ecom/cliente/address/${created.id}`, { method: 'PUT', token, json: toSaoPaulo });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      nome: 'Escritório',
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '1',
      bairro: 'Sé',
      cidade: 'São Paulo',
      estado: 'SP',
      estado_id: 26,
      cidade_id: 3832,
      complemento: 'Sala 2',
      principal: true,
      ativo: true,
    });
    // The same address moved to Paraguay: names come from the reference data, not the client.
    const moved = await apiJson<AccountAddress>(`/ecom/cliente/address/${created.id}`, {
      method: 'PUT',
      token,
      host: 'es',
      json: { ...paraguayan, nome: 'Depósito', cidade: 'typed by hand', estado: '', estado_id: 39, cidade_id: 6200 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: created.id,
      nome: 'Depósito',
      pais_id: 2,
      pais: 'Paraguai',
      cep: '',
      estado_id: 39,
      cidade_id: 6200,
      cidade: 'Asunción',
      estado: 'Capital',
    });
    const list = (await apiJson<AddressList>('/ecom/cliente/address', { token })).body.data;
    expect(list).toEqual([moved.body]);
  });

  it('validates as creation does, in the buyer language, and checks the city against the state', async () => {
    const token = await signIn(await createTestCustomer({ foreignBuyer: 0 }));
    const created = (await apiJson<AccountAddress>('/ecom/cliente/address', { method: 'POST', token, host: 'es', json: paraguayan })).body;
    const blank = await apiJson<FieldErrorAnswer>(`/ecom/cliente/address/${created.id}`, {
      method: 'PUT',
      token,
      host: 'es',
      json: { pais_id: 2, logradouro: '' },
    });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors).sort()).toEqual(['bairro', 'cidade_id', 'estado_id', 'logradouro', 'nome', 'numero']);
    expect(blank.body.errors.logradouro![0]).toBe('Este campo es obligatorio');
    // Asunción is not in Alto Paraná; a Brazilian city id is not Paraguayan.
    for (const place of [
      { estado_id: 30, cidade_id: 6200 },
      { estado_id: 30, cidade_id: 401 },
    ]) {
      const wrong = await apiJson<FieldErrorAnswer>(`/ecom/cliente/address/${created.id}`, {
        method: 'PUT',
        token,
        host: 'es',
        json: { ...paraguayan, ...place },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.cidade_id![0]).toBe('Elige una ciudad del departamento indicado.');
    }
    // Creation checks it too (asked on the Brazilian host: a signed-in buyer's language follows the profile).
    const onCreate = await apiJson<FieldErrorAnswer>('/ecom/cliente/address', {
      method: 'POST',
      token,
      json: { ...paraguayan, cidade_id: 401 },
    });
    expect(onCreate.status).toBe(422);
    expect(onCreate.body.errors.cidade_id![0]).toBe('Elige una ciudad del departamento indicado.');
    const unchanged = (await apiJson<AddressList>('/ecom/cliente/address', { token })).body.data;
    expect(unchanged).toEqual([created]);
  });

  it("answers 404 for another customer's address or an unknown id, and leaves it untouched", async () => {
    const tokenA = await signIn(await createTestCustomer());
    const tokenB = await signIn(await createTestCustomer());
    const address = (await apiJson<AccountAddress>('/ecom/cliente/address', { method: 'POST', token: tokenA, json: brazilian })).body;
    const byB = await apiJson(`/ecom/cliente/address/${address.id}`, {
      method: 'PUT',
      token: tokenB,
      json: { ...brazilian, nome: 'Roubado' },
    });
    expect(byB.status).toBe(404);
    expect((await apiJson('/ecom/cliente/address/999999999', { method: 'PUT', token: tokenA, json: brazilian })).status).toBe(404);
    expect((await apiJson<AddressList>('/ecom/cliente/address', { token: tokenA })).body.data[0]!.nome).toBe('Casa');
  });
});

describe('two customers', () => {
  it('customer B cannot see, change or delete the addresses of customer A', async () => {
    const tokenA = await signIn(await createTestCustomer());
    const tokenB = await signIn(await createTestCustomer());
    const address = (await apiJson<AccountAddress>('/ecom/cliente/address', { method: 'POST', token: tokenA, json: brazilian })).body;

    expect((await apiJson<AddressList>('/ecom/cliente/address', { token: tokenB })).body.data).toEqual([]);
    expect(
      (await api(`/ecom/cliente/address/${address.id}/set-main`, { method: 'PATCH', token: tokenB, headers: sameOrigin() })).status,
    ).toBe(404);
    expect((await api(`/ecom/cliente/address/${address.id}`, { method: 'PUT', token: tokenB, json: { ativo: false } })).status).toBe(404);
    const meB = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token: tokenB, headers: sameOrigin() });
    expect(meB.body.enderecos).toEqual([]);
    expect(meB.body.email).not.toBe(
      (await apiJson<AccountMe>('/ecom/me', { method: 'POST', token: tokenA, headers: sameOrigin() })).body.email,
    );

    const stillThere = (await apiJson<AddressList>('/ecom/cliente/address', { token: tokenA })).body.data;
    expect(stillThere).toHaveLength(1);
  });

  it('customer B cannot list or remove the favourites of customer A', async () => {
    const tokenA = await signIn(await createTestCustomer());
    const tokenB = await signIn(await createTestCustomer());
    const product = await createTestProduct({ name: 'Furadeira da Matriz' });
    const favourite = (
      await apiJson<FavouriteAdded>('/ecom/favoritos', { method: 'POST', token: tokenA, json: { produto_id: product.id } })
    ).body;
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: tokenB })).body.data).toEqual([]);
    expect((await api(`/ecom/favoritos/${favourite.id}`, { method: 'DELETE', token: tokenB, headers: sameOrigin() })).status).toBe(404);
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: tokenA })).body.data).toHaveLength(1);
  });

  it('every address endpoint answers 401 without a session', async () => {
    expect((await api('/ecom/cliente/address')).status).toBe(401);
    expect((await api('/ecom/cliente/address', { method: 'POST', json: brazilian })).status).toBe(401);
    expect((await api('/ecom/cliente/address/1/set-main', { method: 'PATCH', headers: sameOrigin() })).status).toBe(401);
  });
});
