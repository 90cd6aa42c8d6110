// Issue 35 point 2: one cart per signed-in account across devices. Each "device" is a cookie jar
// of its own; signing in (POST /ecom/login, and the no-JS /login form) points the jar's cart
// cookie at the account's cart and sums the jar's guest cart into it within the stock cap.
import { describe, expect, it } from 'vitest';
import { api, apiAnswer, getTestDb } from '../support/api.ts';
import { createTestCustomer, sameOrigin } from '../support/accounts.ts';
import { createTestProduct, newExternalId } from '../support/cart-fixtures.ts';
import { CartViewSchema } from '#lib/contract/cart-schema.ts';
import type { CartView } from '#lib/contract/cart.ts';

/** A browser's cookies: what it sends, updated from every answer's Set-Cookie. */
function createJar() {
  const cookies = new Map<string, string>();
  return {
    get: (name: string) => cookies.get(name),
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    set: (name: string, value: string) => cookies.set(name, value),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (attributes.some((attribute) => /max-age=0$/i.test(attribute.trim())) || value === '') cookies.delete(name.trim());
        else cookies.set(name.trim(), value.trim());
      }
    },
  };
}
type Jar = ReturnType<typeof createJar>;

async function send(jar: Jar, path: string, init: { method?: string; json?: unknown; host?: 'br' | 'es' } = {}) {
  const host = init.host ?? 'br';
  const response = await api(path, { ...init, host, headers: { cookie: jar.header(), ...sameOrigin(host) } });
  jar.take(response);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signInWith(jar: Jar, customer: { email: string; password: string }, host: 'br' | 'es' = 'br') {
  const answer = await send(jar, '/ecom/login', { method: 'POST', json: { email: customer.email, password: customer.password }, host });
  expect(answer.status).toBe(200);
}

/** A cart made in this jar (the browser's id in its cookie, as the cart island does). */
async function createCart(jar: Jar, lines: Array<[number, number]>, moeda_id = 2) {
  const externalId = newExternalId();
  jar.set('fronteira_cart', externalId);
  const created = await send(jar, '/ecom/venda/carrinho', {
    method: 'POST',
    json: { external_id: externalId, moeda_id, itens: lines.map(([produto_id, qtde]) => ({ produto_id, qtde })) },
  });
  expect(created.status).toBe(201);
  return created.body as CartView;
}

async function readCart(jar: Jar) {
  const answer = await send(jar, `/ecom/venda/carrinho/${jar.get('fronteira_cart')}`);
  return apiAnswer(CartViewSchema, answer).body;
}

const quantities = (cart: CartView) => cart.itens.filter((line) => line.ativo).map((line) => [line.produto_id, line.qtde]);

describe('carts that follow the account', () => {
  it('a cart filled on one device is the cart on another after signing in there', async () => {
    const customer = await createTestCustomer();
    const [drill, saw] = await Promise.all([createTestProduct({ stock: 8 }), createTestProduct({ stock: 8 })]);
    const phone = createJar();
    await signInWith(phone, customer);
    const filled = await createCart(phone, [
      [drill.id, 2],
      [saw.id, 1],
    ]);

    const laptop = createJar();
    await signInWith(laptop, customer);
    expect(laptop.get('fronteira_cart')).toBe(filled.external_id);
    expect(laptop.get('fronteira_cart_merged')).toBeUndefined(); // nothing of the laptop's to merge
    expect(quantities(await readCart(laptop))).toEqual([
      [drill.id, 2],
      [saw.id, 1],
    ]);
  });

  it('signing in sums the guest cart into the account cart within the stock cap and says what changed', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const [drill, saw, gone, level] = await Promise.all([
      createTestProduct({ stock: 5, name: 'Furadeira merge' }),
      createTestProduct({ stock: 20 }),
      createTestProduct({ stock: 3, name: 'Serra esgotada' }),
      createTestProduct({ stock: 4 }),
    ]);
    const phone = createJar();
    await signInWith(phone, customer, 'es');
    const account = await createCart(phone, [
      [drill.id, 4],
      [saw.id, 1],
    ]);

    const laptop = createJar();
    const guest = await createCart(laptop, [
      [drill.id, 3], // 4 + 3 > stock 5: capped at 5
      [saw.id, 2], // summed: 3
      [gone.id, 1], // sold out by the time of the sign-in: left out
      [level.id, 2], // new to the account's cart
    ]);
    await getTestDb().query('UPDATE products SET stock = 0 WHERE id = $1', [gone.id]);
    await signInWith(laptop, customer, 'es');

    expect(laptop.get('fronteira_cart')).toBe(account.external_id);
    const merged = await readCart(laptop);
    expect(quantities(merged)).toEqual([
      [drill.id, 5],
      [saw.id, 3],
      [level.id, 2],
    ]);
    expect(merged.versao).toBeGreaterThan(account.versao);
    const notice = JSON.parse(decodeURIComponent(laptop.get('fronteira_cart_merged') ?? '{}'));
    expect(notice).toEqual({ n: 3, capped: ['Furadeira merge'], dropped: ['Serra esgotada'] });
    // The guest cart is emptied, and the phone sees the same cart.
    const { rows } = await getTestDb().query(
      'SELECT count(*)::int AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.external_id = $1',
      [guest.external_id],
    );
    expect(rows[0].n).toBe(0);
    expect(quantities(await readCart(phone))).toEqual(quantities(merged));
  });

  it('an account without a cart takes the guest cart as it is; the no-JS sign-in form does the same', async () => {
    const customer = await createTestCustomer();
    const drill = await createTestProduct({ stock: 5 });
    const laptop = createJar();
    const guest = await createCart(laptop, [[drill.id, 2]]);
    const form = new URLSearchParams({ email: customer.email, password: customer.password });
    const response = await api('/login?redirect=/checkout', {
      method: 'POST',
      headers: { cookie: laptop.header(), ...sameOrigin(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout');
    laptop.take(response);
    expect(laptop.get('fronteira_cart')).toBe(guest.external_id);
    const { rows } = await getTestDb().query('SELECT customer_id FROM carts WHERE external_id = $1', [guest.external_id]);
    expect(Number(rows[0].customer_id)).toBe(customer.id);

    // Signed out, the account's cart is not the guest's to read; signing in again brings it back.
    const other = createJar();
    other.set('fronteira_cart', guest.external_id);
    expect((await send(other, `/ecom/venda/carrinho/${guest.external_id}`)).status).toBe(403);
    await signInWith(other, customer);
    expect(quantities(await readCart(other))).toEqual([[drill.id, 2]]);
  });
});

describe('the account cart without cookies', () => {
  it('a sign-in without a cart cookie sets none when the account has no cart', async () => {
    const customer = await createTestCustomer();
    const jar = createJar();
    await signInWith(jar, customer);
    expect(jar.get('fronteira_cart')).toBeUndefined();
  });
});
