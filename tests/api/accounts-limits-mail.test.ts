import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, apiJson, getTestDb, useOwnStack, type ErrorAnswer, type Host } from '../support/api.ts';
import {
  brazilianRegistration,
  createTestCustomer,
  sameOrigin,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type RegisteredAnswer,
} from '../support/accounts.ts';
import { waitForMailIn } from '../support/mail.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

// A shop of its own: per-IP limits as in production (multiplier 1, every request comes from
// 127.0.0.1) and no SMTP_URL, so mail goes to DATA_DIR/mail as on a fresh machine. No demo
// catalogue (SEED=0): accounts need none, and its start skips seeding 600 products.
let stack: TestStack;
const issuedSessionTokens: string[] = [];
const TOO_MANY = {
  br: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  es: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
};

beforeAll(async () => {
  stack = await startTestStack({ RATE_LIMIT_IP_MULTIPLIER: '1', SEED: '0' }, { smtp: false, captureOutput: true });
  useOwnStack(stack);
}, 90_000);

afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

beforeEach(async () => {
  await getTestDb().query('DELETE FROM rate_limits');
});

/** Sends `send(i)` until it answers 429; the statuses before, and the 429's body. */
async function untilLimited(send: (i: number) => Promise<Response>, max: number) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const response = await send(i);
    if (response.status === 429) return { allowed: statuses, limited: (await response.json()) as { message: string } };
    statuses.push(response.status);
  }
  throw new Error(`no 429 within ${max} requests (statuses ${statuses.join(',')})`);
}

const post = (url: string, json: unknown, host: Host, headers: Record<string, string> = {}) =>
  api(url, { method: 'POST', host, json, headers });

describe('e-mail without SMTP', () => {
  it('writes the confirmation of a Brazilian registration as a pt-BR .eml with a link from the configured origin, and logs the link', async () => {
    const form = await brazilianRegistration();
    const email = String(form.get('email'));
    const registered = await apiJson<RegisteredAnswer>('/ecom/cliente/cadastrar', { method: 'POST', body: form, headers: sameOrigin() });
    expect(registered.status).toBe(201);
    issuedSessionTokens.push(registered.body.token);
    const mail = await waitForMailIn(path.join(stack.dataDir, 'mail'), email);
    expect(mail.subject).toBe('Confirme seu e-mail');
    expect(mail.text).toContain('Olá, Joana.');
    const link = mail.links.find((l) => l.includes('/app/confirmation-email/')) ?? '';
    expect(link.startsWith(`http://br.localhost:${stack.port}/app/confirmation-email/${registered.body.user.id}/`)).toBe(true);
    await expect.poll(() => stack.getOutput()).toContain(`link: ${link}`);
    // The link works: it confirms the address.
    const [uid, token] = link.split('/').slice(-2);
    expect((await api(`/ecom/cliente/confirmar-email/${uid}/${token}`, { method: 'POST', headers: sameOrigin() })).status).toBe(200);
  });

  it("writes a Paraguayan customer's reset mail in Spanish with a link to the Spanish storefront", async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    // Asked from the Brazilian host: the language follows the customer, not the request.
    expect((await post('/ecom/cliente/recuperar-senha', { email: customer.email }, 'br')).status).toBe(200);
    const mail = await waitForMailIn(path.join(stack.dataDir, 'mail'), customer.email);
    expect(mail.subject).toBe('Restablecimiento de contraseña');
    expect(mail.text).toContain('Hola, Teste.');
    const link = mail.links.find((l) => l.includes('/app/reset-password/')) ?? '';
    expect(link.startsWith(`http://es.localhost:${stack.port}/app/reset-password/${customer.uuid}/`)).toBe(true);
    // The log carries the link as sent (the e-mail in its query stays percent-encoded there).
    await expect.poll(() => stack.getOutput()).toContain(`link: ${link.split('?')[0]}?email=`);
  });
});

describe('per-IP and per-account limits (multiplier 1)', () => {
  it("login: after 10 wrong passwords the account waits at that address, in the shopper's language", async () => {
    const customer = await createTestCustomer();
    const { allowed, limited } = await untilLimited(
      (i) => post('/ecom/login', { email: customer.email, password: `Wrong#${i}aA` }, 'es'),
      20,
    );
    expect(allowed).toEqual(Array(10).fill(401));
    expect(limited.message).toBe(TOO_MANY.es);
  });

  it('login: 100 failures from one IP block it for every account, whatever X-Forwarded-For says', async () => {
    const { allowed, limited } = await untilLimited(
      (i) =>
        post('/ecom/login', { email: `ip-${Math.floor(i / 10)}@example.test`, password: 'Wrong#Pass1' }, 'br', {
          'x-forwarded-for': `203.0.113.${i % 250}`,
        }),
      120,
    );
    expect(allowed).toEqual(Array(100).fill(401));
    expect(limited.message).toBe(TOO_MANY.br);
    const customer = await createTestCustomer();
    const right = await apiJson<ErrorAnswer>('/ecom/login', {
      method: 'POST',
      host: 'es',
      json: { email: customer.email, password: customer.password },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(TOO_MANY.es);
    // The form of /login without JavaScript says so too, instead of "wrong password".
    const page = await api('/login', {
      method: 'POST',
      host: 'br',
      body: new URLSearchParams({ email: customer.email, password: customer.password }),
      headers: sameOrigin(),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(TOO_MANY.br);
    // 100 argon2id verifications (about 4 CPU-s) on a 2-core machine the suite shares with five
    // other workers: a budget for the work, not a deadline for a race.
  }, 120_000);

  it('registration: 20 attempts an hour per IP', async () => {
    const { allowed, limited } = await untilLimited(
      () => api('/ecom/cliente/cadastrar', { method: 'POST', host: 'es', body: new FormData(), headers: sameOrigin('es') }),
      30,
    );
    expect(allowed).toHaveLength(20);
    expect(allowed.every((s) => s === 422)).toBe(true);
    expect(limited.message).toBe(TOO_MANY.es);
  });

  it('check-email: 60 a minute per IP', async () => {
    const { allowed, limited } = await untilLimited(
      () => post('/ecom/cliente/cadastrar/check-email', { email: uniqueEmail('chk') }, 'br'),
      70,
    );
    expect(allowed).toEqual(Array(60).fill(200));
    expect(limited.message).toBe(TOO_MANY.br);
  });

  it('recovery: 5 an hour per e-mail and 20 per IP', async () => {
    const email = uniqueEmail('rec');
    const perEmail = await untilLimited(() => post('/ecom/cliente/recuperar-senha', { email }, 'es'), 10);
    expect(perEmail.allowed).toEqual(Array(5).fill(200));
    expect(perEmail.limited.message).toBe(TOO_MANY.es);
    await getTestDb().query('DELETE FROM rate_limits');
    const perIp = await untilLimited(() => post('/ecom/cliente/recuperar-senha', { email: uniqueEmail('rec') }, 'br'), 30);
    expect(perIp.allowed).toEqual(Array(20).fill(200));
    expect(perIp.limited.message).toBe(TOO_MANY.br);
  });

  it('confirmation resend: 5 an hour per customer and 20 per IP', async () => {
    const resend = (token: string, host: 'br' | 'es') =>
      api('/ecom/cliente/reenviar-email', { method: 'POST', host, token, headers: sameOrigin(host) });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await signIn(await createTestCustomer({ foreignBuyer: 0 }), 'es'));
    issuedSessionTokens.push(...tokens);
    const perCustomer = await untilLimited(() => resend(tokens[0] as string, 'es'), 10);
    expect(perCustomer.allowed).toEqual(Array(5).fill(200));
    expect(perCustomer.limited.message).toBe(TOO_MANY.es);
    await getTestDb().query('DELETE FROM rate_limits');
    const perIp = await untilLimited((i) => resend(tokens[Math.floor(i / 5)] as string, 'br'), 30);
    expect(perIp.allowed).toEqual(Array(20).fill(200));
    // Signed in, the language follows the profile (spec section 4), not the host.
    expect(perIp.limited.message).toBe(TOO_MANY.es);
  });
});

describe('the rate_limits table', () => {
  it('drops windows that ended over an hour ago when a new window starts', async () => {
    await getTestDb().query(
      "INSERT INTO rate_limits (key, points, expires_at) VALUES ('login-ip:198.51.100.1', 3, now() - interval '2 hours'), ('login-ip:198.51.100.2', 3, now() + interval '5 minutes')",
    );
    expect((await post('/ecom/cliente/cadastrar/check-email', { email: uniqueEmail('sweep') }, 'br')).status).toBe(200);
    // Mails queued by earlier tests open their recipients' windows whenever the queue sends them:
    // only the windows this test made are compared.
    const { rows } = await getTestDb().query<{ key: string }>(
      "SELECT key FROM rate_limits WHERE key LIKE 'login-ip:%' OR key LIKE 'check-email-ip:%' ORDER BY key",
    );
    expect(rows.map((row) => row.key)).toEqual(['check-email-ip:127.0.0.1', 'login-ip:198.51.100.2']);
  });
});

describe('logs', () => {
  it('never hold passwords, CPFs or session tokens', () => {
    const output = stack.getOutput();
    expect(output).toContain('[mail] no SMTP_URL');
    expect(issuedSessionTokens.length).toBeGreaterThan(0);
    for (const secret of [TEST_PASSWORD, 'Wrong#Pass1', '529.982.247-25', '52998224725', ...issuedSessionTokens]) {
      expect(output).not.toContain(secret);
    }
  });
});
