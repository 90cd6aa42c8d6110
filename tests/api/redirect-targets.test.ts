import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '../support/hostile-redirects.ts';
import { api } from '../support/api.ts';
import { createTestCustomer, sameOrigin } from '../support/accounts.ts';

/** The sign-in form as a browser without JavaScript posts it, with the page's own redirect=. */
async function signInWithoutJs(redirect: string, customer: { email: string; password: string }) {
  const form = new URLSearchParams({ email: customer.email, password: customer.password });
  return api(`/login?redirect=${encodeURIComponent(redirect)}`, {
    method: 'POST',
    headers: { ...sameOrigin(), 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

// Every hostile value through the real sign-in (the browser spec keeps a few, with and without
// JavaScript: tests/e2e/redirect-targets.spec.ts): the shop's Location never names another site.
describe('sign-in without JavaScript, whatever redirect= says', () => {
  it('sends the shopper to their profile for every hostile redirect= value', async () => {
    const customer = await createTestCustomer();
    const wrongTargets: string[] = [];
    for (const value of HOSTILE_REDIRECTS) {
      const response = await signInWithoutJs(value, customer);
      expect(response.status, JSON.stringify(value)).toBe(303);
      const location = response.headers.get('location') ?? '';
      if (location !== '/perfil') wrongTargets.push(`${JSON.stringify(value)} -> ${location}`);
    }
    expect(wrongTargets).toEqual([]);
  });

  it('keeps a same-site redirect= with its query', async () => {
    const customer = await createTestCustomer();
    const response = await signInWithoutJs('/perfil/endereco?aba=1', customer);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/perfil/endereco?aba=1');
  });
});
