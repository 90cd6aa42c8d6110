import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig (environment read at start)', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.DATA_DIR).toBe('data');
    expect(config.PAYMENT_PROVIDER_BR).toBe('sandbox');
    expect(config.PAYMENT_PROVIDER_PY).toBe('sandbox');
    expect(config.RESERVATION_TTL_MINUTES).toBe(30);
    expect(config.SHIPPING_TOKEN_TTL_S).toBe(1800);
  });

  it('treats an empty value as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(4321);
  });

  it('names every wrong variable with the value it got', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x/y',
      SHOP_ORIGIN_BR: 'br.example.com',
      RESERVATION_TTL_MINUTES: '-5',
    });
    expect(problems).toHaveLength(4);
    expect(problems.find((line) => line.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.some((line) => line.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('SHOP_ORIGIN_BR:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('RESERVATION_TTL_MINUTES:'))).toBe(true);
  });

  it('refuses an unknown payment provider instead of falling back to the sandbox', () => {
    expect(problemsOf({ PAYMENT_PROVIDER_BR: 'stripe' })[0]).toMatch(/^PAYMENT_PROVIDER_BR:/);
    expect(problemsOf({ PAYMENT_PROVIDER_PY: 'paypal' })[0]).toMatch(/^PAYMENT_PROVIDER_PY:/);
    expect(problemsOf({ PAYMENT_PROVIDER: 'sandbox' })[0]).toMatch(
      /^PAYMENT_PROVIDER: replaced by PAYMENT_PROVIDER_BR and PAYMENT_PROVIDER_PY/,
    );
  });

  it('requires the credentials of the gateway each storefront uses', () => {
    expect(problemsOf({ PAYMENT_PROVIDER_BR: 'mercadopago' })).toEqual([
      'MERCADOPAGO_ACCESS_TOKEN: required because PAYMENT_PROVIDER_BR is mercadopago',
      'MERCADOPAGO_WEBHOOK_SECRET: required because PAYMENT_PROVIDER_BR is mercadopago',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER_PY: 'pagopar', PAGOPAR_PUBLIC_KEY: 'public-key-123' })).toEqual([
      'PAGOPAR_PRIVATE_KEY: required because PAYMENT_PROVIDER_PY is pagopar',
    ]);
    const configured = parseConfig({
      PAYMENT_PROVIDER_PY: 'pagopar',
      PAGOPAR_PUBLIC_KEY: 'public-key-123',
      PAGOPAR_PRIVATE_KEY: 'private-key-123',
    });
    expect(configured.PAGOPAR_API_URL).toBe('https://api.pagopar.com');
  });

  it('refuses the sandbox in production on a public storefront unless explicitly allowed', () => {
    const production = {
      NODE_ENV: 'production',
      SHOP_ORIGIN_BR: 'https://loja.fronteira.com.br',
      SHOP_ORIGIN_ES: 'https://tienda.fronteira.com.py',
      DATABASE_URL: 'postgres://shop@db/fronteira',
    };
    const problems = problemsOf(production);
    expect(problems.map((line) => line.split(':')[0])).toEqual(['PAYMENT_PROVIDER_BR', 'PAYMENT_PROVIDER_PY']);
    expect(problems[0]).toContain('ALLOW_SANDBOX_IN_PRODUCTION=1');
    expect(problemsOf({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: '1' })).toEqual([]);
    // a try-out on localhost origins (npm start) and development keep the sandbox as default
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([]);
    expect(problemsOf({ ...production, NODE_ENV: 'development' })).toEqual([]);
  });

  it('opens the metrics port only with its token, and never on the shop port', () => {
    const token = 'm'.repeat(32);
    expect(problemsOf({ METRICS_PORT: '9464' })).toEqual([
      'METRICS_TOKEN: required when METRICS_PORT is set (the metrics answer only to a bearer of it)',
    ]);
    expect(problemsOf({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: /);
    expect(problemsOf({ METRICS_PORT: '4321', METRICS_TOKEN: token })).toEqual(['METRICS_PORT: must differ from PORT (both 4321)']);
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token }).METRICS_PORT).toBe(9464);
  });

  describe('production refuses what would silently go wrong (issue 31)', () => {
    const PUBLIC = {
      NODE_ENV: 'production',
      SHOP_ORIGIN_BR: 'https://loja.fronteira.com.br',
      SHOP_ORIGIN_ES: 'https://tienda.fronteira.com.py',
      ALLOW_SANDBOX_IN_PRODUCTION: '1',
    };

    it('a public shop without DATABASE_URL, unless the embedded database is asked for by name', () => {
      expect(problemsOf(PUBLIC)).toEqual([expect.stringMatching(/^DATABASE_URL: required with NODE_ENV=production .*EMBEDDED_DATABASE=1/)]);
      expect(problemsOf({ ...PUBLIC, EMBEDDED_DATABASE: '1' })).toEqual([]);
      expect(problemsOf({ ...PUBLIC, DATABASE_URL: 'postgres://shop@db/fronteira' })).toEqual([]);
    });

    it('one storefront origin without the other, naming the missing one', () => {
      const { SHOP_ORIGIN_ES: _es, ...brOnly } = { ...PUBLIC, DATABASE_URL: 'postgres://shop@db/fronteira' };
      expect(problemsOf(brOnly)).toEqual([expect.stringMatching(/^SHOP_ORIGIN_ES: required because SHOP_ORIGIN_BR is set/)]);
    });

    it('an http public origin', () => {
      const problems = problemsOf({
        ...PUBLIC,
        DATABASE_URL: 'postgres://shop@db/fronteira',
        SHOP_ORIGIN_ES: 'http://tienda.fronteira.com.py',
      });
      expect(problems).toEqual([expect.stringMatching(/^SHOP_ORIGIN_ES: must be an https origin with NODE_ENV=production/)]);
    });

    it('a try-out on localhost origins and development are left alone', () => {
      expect(problemsOf({ NODE_ENV: 'production' })).toEqual([]);
      expect(
        problemsOf({ NODE_ENV: 'production', SHOP_ORIGIN_BR: 'http://br.localhost:4321', SHOP_ORIGIN_ES: 'http://es.localhost:4321' }),
      ).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'development', SHOP_ORIGIN_BR: 'http://loja.example.com.br' })).toEqual([]);
    });
  });

  it('drops the trailing slash of configured origins', () => {
    expect(parseConfig({ SHOP_ORIGIN_ES: 'https://loja.example.com.py/', NODE_ENV: 'development' }).SHOP_ORIGIN_ES).toBe(
      'https://loja.example.com.py',
    );
  });
});
