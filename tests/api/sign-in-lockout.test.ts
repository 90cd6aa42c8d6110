import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, apiJson, getTestDb, useOwnStack } from '../support/api.ts';
import { createTestCustomer, sameOrigin } from '../support/accounts.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

// A shop of its own behind one trusted proxy (TRUSTED_PROXY_HOPS=1): the client address is the
// last X-Forwarded-For entry, so one test speaks from several addresses. Per-IP limits as in
// production (multiplier 1). No demo catalogue (SEED=0): sign-in needs none, and its start
// skips seeding 600 products.
let stack: TestStack;
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.23';

beforeAll(async () => {
  stack = await startTestStack({ RATE_LIMIT_IP_MULTIPLIER: '1', TRUSTED_PROXY_HOPS: '1', SEED: '0' });
  useOwnStack(stack);
}, 90_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

beforeEach(async () => {
  await getTestDb().query('DELETE FROM rate_limits');
});

// A flood sends up to 150 sign-ins, ten of them checked with argon2: slower on a busy machine.
const FLOOD_TIMEOUT_MS = 120_000;
const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (email: string, password: string, address: string) =>
  apiJson<{ token?: string; message?: string }>('/ecom/login', {
    method: 'POST',
    host: 'br',
    json: { email, password },
    headers: from(address),
  });

describe('sign-in under a password-guessing flood', () => {
  it(
    'a flood of wrong passwords from one address does not lock the owner out from another',
    async () => {
      const customer = await createTestCustomer();
      const statuses: number[] = [];
      for (let i = 0; i < 150; i++) statuses.push((await login(customer.email, `Wrong#${i}aA`, ATTACKER)).status);
      // Ten tries are checked, then the pair waits (a growing delay) and the address hits its cap.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
      const attackerRight = await login(customer.email, customer.password, ATTACKER);
      expect(attackerRight.status).toBe(429);
      expect(attackerRight.body.message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');

      const owner = await login(customer.email, customer.password, OWNER);
      expect(owner.status).toBe(200);
      expect(owner.body.token).toMatch(/\S{20,}/);
      const me = await api('/ecom/me', { method: 'POST', host: 'br', token: owner.body.token ?? '', headers: sameOrigin() });
      expect(me.status).toBe(200);
    },
    FLOOD_TIMEOUT_MS,
  );

  it('the delay grows: after the free tries each wait is longer, and the answer says how long', async () => {
    const customer = await createTestCustomer();
    for (let i = 0; i < 10; i++) expect((await login(customer.email, `Wrong#${i}aA`, ATTACKER)).status).toBe(401);
    const first = await api('/ecom/login', {
      method: 'POST',
      host: 'es',
      json: { email: customer.email, password: 'Wrong#xA1' },
      headers: from(ATTACKER),
    });
    expect(first.status).toBe(429);
    const firstWait = Number(first.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThanOrEqual(29);
    expect(firstWait).toBeLessThanOrEqual(30);
    expect(((await first.json()) as { message: string }).message).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    // The wait ends (moved back here instead of sleeping): one more wrong try doubles it.
    await getTestDb().query("UPDATE rate_limits SET not_before = now() - interval '1 second' WHERE key LIKE 'login-account-ip:%'");
    expect((await login(customer.email, 'Wrong#yA2', ATTACKER)).status).toBe(401);
    const second = await api('/ecom/login', {
      method: 'POST',
      host: 'br',
      json: { email: customer.email, password: customer.password },
      headers: from(ATTACKER),
    });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    // Meanwhile the owner signs in from home, and that clears nothing for the guesser.
    expect((await login(customer.email, customer.password, OWNER)).status).toBe(200);
    expect((await login(customer.email, customer.password, ATTACKER)).status).toBe(429);
  });

  it(
    'the per-address cap still stops one address guessing across many accounts',
    async () => {
      // The address has 90 of its 100 failures counted already (each costs an argon2 check: the
      // accounts-limits-mail flood makes all 100); the last 10 go to five accounts, then 429.
      await getTestDb().query(`INSERT INTO rate_limits (key, points, expires_at) VALUES ($1, 90, now() + interval '15 minutes')`, [
        `login-ip:${ATTACKER}`,
      ]);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push((await login(`guess-${i % 5}@example.test`, 'Wrong#Pass1', ATTACKER)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(5).fill(429));
      const customer = await createTestCustomer();
      expect((await login(customer.email, customer.password, ATTACKER)).status).toBe(429);
      expect((await login(customer.email, customer.password, OWNER)).status).toBe(200);
    },
    FLOOD_TIMEOUT_MS,
  );

  it("recovery requests from one address cannot use up the owner's", async () => {
    const customer = await createTestCustomer();
    const recover = (address: string) =>
      api('/ecom/cliente/recuperar-senha', { method: 'POST', host: 'br', json: { email: customer.email }, headers: from(address) });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await recover(ATTACKER)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await recover(OWNER)).status).toBe(200);
    // A mail flood to one inbox from many addresses still stops.
    const spread: number[] = [];
    for (let i = 0; i < 40; i++) spread.push((await recover(`192.0.2.${i + 1}`)).status);
    // 30 an hour per e-mail over every address: 9 were counted above.
    expect(spread).toEqual([...Array(21).fill(200), ...Array(19).fill(429)]);
  });
});

// Issue 29 point 7: postal-code lookups are limited per client address (60 a minute), so one
// client cannot turn the shop into a proxy for the postal-code service; others still look up.
describe('postal-code lookups per client address', () => {
  it('answers 60 lookups a minute from one address, then 429 in its language, while another address still looks up', async () => {
    const lookup = (address: string) => api('/ecom/endereco/cep/85851-000', { host: 'br', headers: from(address) });
    const answers = await Promise.all(Array.from({ length: 60 }, () => lookup(ATTACKER)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    const refused = await lookup(ATTACKER);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    expect((await lookup(OWNER)).status).toBe(200);
  });
});
