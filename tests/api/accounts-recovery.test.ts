import { describe, expect, it } from 'vitest';
import { createAccountTokens } from '#server/accounts/service.ts';
import { api, apiJson, getTestDb, type FieldErrorAnswer, getRunStack } from '../support/api.ts';
import {
  brazilianRegistration,
  createTestCustomer,
  sameOrigin,
  signIn,
  type AccountMe,
  type RegisteredAnswer,
} from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';

const NEW_PASSWORD = 'Nova#Senha77';

function readResetLink(link: string) {
  const match = link.match(/\/app\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`not a reset link: ${link}`);
  return { uuid: match[1] as string, token: match[2] as string, code: new URL(link).searchParams.get('code') ?? '' };
}

describe('password recovery and reset', () => {
  it('mails a link from the configured origin, resets once, ends the other sessions', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const oldSession = await signIn(customer);
    const request = await apiJson('/ecom/cliente/recuperar-senha', {
      method: 'POST',
      json: { email: customer.email },
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(request.status).toBe(200);
    const mail = await waitForMail(getRunStack().dataDir, customer.email, (m) => /contraseña/i.test(m.subject));
    const link = mail.links.find((l) => l.includes('/app/reset-password/')) ?? '';
    // A Paraguayan buyer's mail is in Spanish and links to the Spanish storefront.
    expect(link.startsWith(`http://es.localhost:${getRunStack().port}/app/reset-password/${customer.uuid}/`)).toBe(true);
    const { uuid, token, code } = readResetLink(link);

    const reset = await apiJson('/ecom/cliente/trocar-senha', {
      method: 'POST',
      json: { email: customer.email, uuid, token, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await api('/ecom/me', { method: 'POST', token: oldSession, headers: sameOrigin() })).status).toBe(401);
    expect((await apiJson('/ecom/login', { method: 'POST', json: { email: customer.email, password: customer.password } })).status).toBe(
      401,
    );
    expect((await apiJson('/ecom/login', { method: 'POST', json: { email: customer.email, password: NEW_PASSWORD } })).status).toBe(200);

    const reused = await apiJson('/ecom/cliente/trocar-senha', {
      method: 'POST',
      json: { uuid, token, code, password: 'Outra#Senha88', password_confirmation: 'Outra#Senha88' },
    });
    expect(reused.status).toBe(400);
  });

  it('answers the same for an unknown e-mail', async () => {
    const known = await createTestCustomer();
    const a = await apiJson('/ecom/cliente/recuperar-senha', { method: 'POST', json: { email: known.email } });
    const b = await apiJson('/ecom/cliente/recuperar-senha', { method: 'POST', json: { email: 'nobody-at-all@example.test' } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
  });

  it("refuses an expired token and another customer's token", async () => {
    const customer = await createTestCustomer();
    const other = await createTestCustomer();
    const db = getTestDb();
    const tokens = createAccountTokens({ db, clock: { now: () => new Date(Date.now() - 31 * 60 * 1000) } });
    const expired = await tokens.issue(customer.id, 'reset');
    const body = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect(
      (await apiJson('/ecom/cliente/trocar-senha', { method: 'POST', json: { uuid: customer.uuid, ...expired, ...body } })).status,
    ).toBe(400);
    const fresh = await createAccountTokens({ db, clock: { now: () => new Date() } }).issue(customer.id, 'reset');
    expect((await apiJson('/ecom/cliente/trocar-senha', { method: 'POST', json: { uuid: other.uuid, ...fresh, ...body } })).status).toBe(
      400,
    );
    const mismatch = await apiJson('/ecom/cliente/trocar-senha', {
      method: 'POST',
      json: { uuid: customer.uuid, ...fresh, password: NEW_PASSWORD, password_confirmation: 'x' },
    });
    expect(mismatch.status).toBe(422);
  });

  it('limits recovery requests for one e-mail', async () => {
    const customer = await createTestCustomer();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await api('/ecom/cliente/recuperar-senha', { method: 'POST', json: { email: customer.email } })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('e-mail confirmation', () => {
  it('confirms once with the mailed link; resend works while unconfirmed', async () => {
    const form = await brazilianRegistration();
    const email = String(form.get('email'));
    const registered = await apiJson<RegisteredAnswer>('/ecom/cliente/cadastrar', { method: 'POST', body: form, headers: sameOrigin() });
    const token = registered.body.token as string;
    const resend = await apiJson('/ecom/cliente/reenviar-email', { method: 'POST', token, headers: sameOrigin() });
    expect(resend.status).toBe(200);
    const mail = await waitForMail(getRunStack().dataDir, email, (m) => /confirme/i.test(m.subject));
    const [, uid, confirmToken] = mail.links[0]?.match(/confirmation-email\/([^/]+)\/([^/\s]+)/) ?? [];
    const first = await api(`/ecom/cliente/confirmar-email/${uid}/${confirmToken}`, { method: 'POST', headers: sameOrigin() });
    expect(first.status).toBe(200);
    const me = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token, headers: sameOrigin() });
    expect(me.body.email_verified_at).not.toBeNull();
    expect((await api(`/ecom/cliente/confirmar-email/${uid}/${confirmToken}`, { method: 'POST', headers: sameOrigin() })).status).toBe(400);
  });
});

describe('password change in the customer area', () => {
  it('checks the current password and applies the rule', async () => {
    const customer = await createTestCustomer();
    const token = await signIn(customer);
    const wrong = await apiJson<FieldErrorAnswer>('/ecom/cliente/trocar-senha-l', {
      method: 'POST',
      token,
      json: { password_currently: 'Nope#1234', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password_currently).toBeDefined();
    const weak = await apiJson<FieldErrorAnswer>('/ecom/cliente/trocar-senha-l', {
      method: 'POST',
      token,
      json: { password_currently: customer.password, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.body.errors.password![0]).toBe('A senha deve ter de 8 a 20 caracteres');
    const ok = await apiJson('/ecom/cliente/trocar-senha-l', {
      method: 'POST',
      token,
      json: { password_currently: customer.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await apiJson('/ecom/me', { method: 'POST', token, headers: sameOrigin() })).status).toBe(200);
    expect((await apiJson('/ecom/login', { method: 'POST', json: { email: customer.email, password: NEW_PASSWORD } })).status).toBe(200);
  });
});
