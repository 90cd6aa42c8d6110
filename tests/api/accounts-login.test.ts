import { describe, expect, it } from 'vitest';
import { createSessionService } from '#server/accounts/service.ts';
import { api, apiJson, getTestDb, type ErrorAnswer, type FieldErrorAnswer } from '../support/api.ts';
import { createTestCustomer, sameOrigin, signIn } from '../support/accounts.ts';

describe('POST /ecom/login', () => {
  it('answers token and user and sets an httpOnly SameSite=Lax session cookie', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 1 });
    const response = await api('/ecom/login', {
      method: 'POST',
      json: { email: customer.email.toUpperCase(), password: customer.password },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({ email: customer.email, estrangeiro: 1, nome: 'Teste' });
    expect(body.user).not.toHaveProperty('password_hash');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/fronteira_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=3600/);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer in the host language', async () => {
    const customer = await createTestCustomer();
    const wrong = await apiJson<ErrorAnswer>('/ecom/login', {
      method: 'POST',
      host: 'es',
      json: { email: customer.email, password: 'Wrong#Pass1' },
    });
    const unknown = await apiJson<ErrorAnswer>('/ecom/login', {
      method: 'POST',
      host: 'es',
      json: { email: 'nobody-here@example.test', password: 'Wrong#Pass1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toBe('E-mail o contraseña inválidos.');
  });

  it('requires both fields and refuses non-JSON bodies', async () => {
    const blank = await apiJson<FieldErrorAnswer>('/ecom/login', { method: 'POST', json: {} });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.email![0]).toBe('Este campo é Obrigatório');
    expect(blank.body.errors.password![0]).toBe('Este campo é Obrigatório');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = 'email=a%40b.c&password=x';
    expect((await api('/ecom/login', { method: 'POST', headers: { ...form, ...sameOrigin() }, body })).status).toBe(415);
    // A form posted from another site never reaches the endpoint.
    expect((await api('/ecom/login', { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body })).status).toBe(403);
  });

  it('slows an account down from the address that guesses (150 tries hit the limit)', async () => {
    const customer = await createTestCustomer();
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const response = await api('/ecom/login', { method: 'POST', json: { email: customer.email, password: `Wrong#${i}aA` } });
      statuses.push(response.status);
      if (response.status === 429) break;
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    // Even the right password is refused from that address while it waits.
    const right = await apiJson<ErrorAnswer>('/ecom/login', {
      method: 'POST',
      json: { email: customer.email, password: customer.password },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/tentativas/);
  });
});

describe('session', () => {
  it('POST /ecom/me answers the profile for the bearer token and the cookie, 401 without', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const token = await signIn(customer);
    const byBearer = await apiJson('/ecom/me', { method: 'POST', token, headers: sameOrigin() });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body).toMatchObject({ email: customer.email, estrangeiro: 0, enderecos: [] });
    const byCookie = await apiJson('/ecom/me', { method: 'POST', headers: { ...sameOrigin(), cookie: `fronteira_session=${token}` } });
    expect(byCookie.status).toBe(200);
    expect((await api('/ecom/me', { method: 'POST', headers: sameOrigin() })).status).toBe(401);
  });

  it('logout ends the session on the server', async () => {
    const customer = await createTestCustomer();
    const token = await signIn(customer);
    const out = await api('/ecom/logout', { method: 'POST', token, headers: sameOrigin() });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie') ?? '').toMatch(/fronteira_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await api('/ecom/me', { method: 'POST', token, headers: sameOrigin() })).status).toBe(401);
  });

  it('expires 1 hour after sign-in (checked at 59 and 61 minutes with an injected clock)', async () => {
    const customer = await createTestCustomer();
    let now = new Date('2026-11-22T10:00:00Z');
    const sessions = createSessionService({ db: getTestDb(), clock: { now: () => now } });
    const { token } = await sessions.createSession(customer.id);
    now = new Date('2026-11-22T10:59:00Z');
    expect(Number((await sessions.getSessionCustomer(token))?.id)).toBe(customer.id);
    now = new Date('2026-11-22T11:01:00Z');
    expect(await sessions.getSessionCustomer(token)).toBeNull();
  });

  it('a signed-in page request follows the profile language, not the host', async () => {
    const paraguayan = await createTestCustomer({ foreignBuyer: 0 });
    const token = await signIn(paraguayan);
    const page = await (await api('/login', { host: 'br', headers: { cookie: `fronteira_session=${token}` } })).text();
    expect(page).toContain('<html lang="es-PY"');
  });
});

describe('protected pages', () => {
  it('/login renders the form in each host language', async () => {
    expect(await (await api('/login', { host: 'br' })).text()).toContain('Esqueci minha senha');
    expect(await (await api('/login', { host: 'es' })).text()).toContain('Olvidé mi contraseña');
  });
});
