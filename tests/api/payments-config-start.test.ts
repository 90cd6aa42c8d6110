import { describe, expect, it } from 'vitest';
import { PUBLIC_ORIGINS, startShopWith as startWith } from '../support/start-refusal.ts';

/**
 * The shop refuses to start on a payment misconfiguration (issue 18, decision 0410): the
 * process exits with code 1 before serving anything, naming the variable. Checked on the real
 * entry point, server.mjs, as an operator starts it.
 */
describe('start-up with a payment misconfiguration', () => {
  it.each([
    ['an unknown gateway name', { PAYMENT_PROVIDER_BR: 'stripe' }, /PAYMENT_PROVIDER_BR: .*"stripe"/],
    [
      'Pagopar without its keys',
      { PAYMENT_PROVIDER_PY: 'pagopar' },
      /PAGOPAR_PUBLIC_KEY: required because PAYMENT_PROVIDER_PY is pagopar[\s\S]*PAGOPAR_PRIVATE_KEY: required/,
    ],
    [
      'Mercado Pago without its webhook secret',
      { PAYMENT_PROVIDER_BR: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789' },
      /MERCADOPAGO_WEBHOOK_SECRET: required because PAYMENT_PROVIDER_BR is mercadopago/,
    ],
    [
      'the sandbox in production on public storefronts',
      { ...PUBLIC_ORIGINS, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      /PAYMENT_PROVIDER_BR: the sandbox takes no real money[\s\S]*PAYMENT_PROVIDER_PY: the sandbox takes no real money/,
    ],
    [
      'the old single PAYMENT_PROVIDER',
      { PAYMENT_PROVIDER: 'sandbox' },
      /PAYMENT_PROVIDER: replaced by PAYMENT_PROVIDER_BR and PAYMENT_PROVIDER_PY/,
    ],
  ])('%s stops the shop with exit code 1 and names the variable', async (_name, env, message) => {
    const { code, stderr } = await startWith(env);
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error, the shop cannot start');
    expect(stderr).toMatch(message);
  });

  it('the sandbox on public storefronts starts only when explicitly allowed (got past the configuration check)', async () => {
    // The database address answers nothing: the start fails later, on connecting, not on the configuration check.
    const { stderr } = await startWith({
      ...PUBLIC_ORIGINS,
      ALLOW_SANDBOX_IN_PRODUCTION: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(stderr).not.toContain('Configuration error');
  });
});
