import { describe, expect, it } from 'vitest';
import { FavouriteAddedSchema, FavouriteListSchema, type FavouriteAdded, type FavouriteList } from '#lib/contract/favourites.ts';
import { api, apiAnswer, apiJson, getHostHeader, type ErrorAnswer } from '../support/api.ts';

// The origin check refuses body-less DELETEs from browsers (with their cookie) without Origin.
const origin = () => ({ origin: `http://${getHostHeader('br')}` });
import { createTestCustomer, createTestProduct } from '../support/cart-fixtures.ts';

describe('favourites API', () => {
  it('needs a signed-in customer', async () => {
    expect((await api('/ecom/favoritos')).status).toBe(401);
    expect((await api('/ecom/favoritos', { method: 'POST', json: { produto_id: 1 } })).status).toBe(401);
  });

  it('adds (idempotently), lists and removes a customer favourite', async () => {
    const customer = await createTestCustomer(0);
    const product = await createTestProduct({ name: 'Serra Favorita' });
    const added = apiAnswer(
      FavouriteAddedSchema,
      await apiJson('/ecom/favoritos', { method: 'POST', token: customer.token, json: { produto_id: product.id } }),
    );
    expect(added.status).toBe(201);
    expect(added.body.produto_id).toBe(product.id);
    const again = apiAnswer(
      FavouriteAddedSchema,
      await apiJson('/ecom/favoritos', { method: 'POST', token: customer.token, json: { produto_id: product.id } }),
    );
    expect(again.body.id).toBe(added.body.id);
    const list = apiAnswer(FavouriteListSchema, await apiJson('/ecom/favoritos', { token: customer.token }));
    expect(list.body.data).toEqual([expect.objectContaining({ id: added.body.id, produto_id: product.id })]);
    expect(list.body.data[0]!.produto.nome).toBe('Serra Favorita');

    const other = await createTestCustomer(0);
    expect((await api(`/ecom/favoritos/${added.body.id}`, { method: 'DELETE', token: other.token, headers: origin() })).status).toBe(404);
    expect((await api(`/ecom/favoritos/${added.body.id}`, { method: 'DELETE', token: customer.token, headers: origin() })).status).toBe(
      204,
    );
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: customer.token })).body.data).toEqual([]);
  });

  it('refuses an unknown product', async () => {
    const customer = await createTestCustomer(0);
    const { status } = await apiJson<FavouriteAdded>('/ecom/favoritos', {
      method: 'POST',
      token: customer.token,
      json: { produto_id: 99999999 },
    });
    expect(status).toBe(422);
  });

  it('sends visitors of /perfil/favoritos to login with the full path', async () => {
    const response = await api('/perfil/favoritos?x=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/perfil/favoritos?x=1')}`);
    const customer = await createTestCustomer(1); // a Brazilian buyer: pages in pt-BR
    const page = await api('/perfil/favoritos', { headers: { cookie: `fronteira_session=${customer.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Você ainda não tem favoritos.');
  });
});

describe('origin check on the JSON API', () => {
  it('lets a bearer-token client without cookies delete and post a form-less request with no Origin', async () => {
    const customer = await createTestCustomer(0);
    const product = await createTestProduct();
    const added = await apiJson<FavouriteAdded>('/ecom/favoritos', {
      method: 'POST',
      token: customer.token,
      json: { produto_id: product.id },
    });
    expect(added.status).toBe(201);
    expect((await api(`/ecom/favoritos/${added.body.id}`, { method: 'DELETE', token: customer.token })).status).toBe(204);
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: customer.token })).body.data).toEqual([]);
  });

  it('refuses the same DELETE when it carries the session cookie, or comes from another site', async () => {
    const customer = await createTestCustomer(0);
    const product = await createTestProduct();
    const added = await apiJson<FavouriteAdded>('/ecom/favoritos', {
      method: 'POST',
      token: customer.token,
      json: { produto_id: product.id },
    });
    const cookie = { cookie: `fronteira_session=${customer.token}` };
    const withCookie = await apiJson<ErrorAnswer>(`/ecom/favoritos/${added.body.id}`, { method: 'DELETE', headers: cookie });
    expect(withCookie.status).toBe(403);
    expect(withCookie.body.message).toBeTruthy();
    const crossSite = await api(`/ecom/favoritos/${added.body.id}`, {
      method: 'DELETE',
      token: customer.token,
      headers: { ...cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: customer.token })).body.data).toHaveLength(1);
  });

  it('refuses cross-site form posts that ride on the session cookie, bearer header or not', async () => {
    const customer = await createTestCustomer(0);
    const product = await createTestProduct();
    const form = {
      cookie: `fronteira_session=${customer.token}`,
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const body = new URLSearchParams({ produto_id: String(product.id), qtde: '1' }).toString();
    expect((await api('/carrinho/adicionar', { method: 'POST', headers: form, body })).status).toBe(403);
    expect((await api('/ecom/favoritos', { method: 'POST', headers: form, body })).status).toBe(403);
    expect((await api('/ecom/favoritos', { method: 'POST', token: customer.token, headers: form, body })).status).toBe(403);
    expect((await apiJson<FavouriteList>('/ecom/favoritos', { token: customer.token })).body.data).toEqual([]);
  });
});
