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
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.RESERVATION_TTL_MINUTES).toBe(30);
    expect(config.SHIPPING_TOKEN_TTL_S).toBe(1800);
  });

  it('treats an empty value as unset', () => {
    expect(parseConfig({ PORT: '' }).PORT).toBe(4321);
  });

  it('names every wrong variable with the value it got', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', SHOP_ORIGIN_BR: 'br.example.com', RESERVATION_TTL_MINUTES: '-5' });
    expect(problems).toHaveLength(4);
    expect(problems.find((line) => line.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.some((line) => line.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('SHOP_ORIGIN_BR:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('RESERVATION_TTL_MINUTES:'))).toBe(true);
  });

  it('refuses an unknown payment provider instead of falling back to the sandbox', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })[0]).toMatch(/^PAYMENT_PROVIDER:/);
  });

  it('drops the trailing slash of configured origins', () => {
    expect(parseConfig({ SHOP_ORIGIN_ES: 'https://loja.example.com.py/' }).SHOP_ORIGIN_ES).toBe('https://loja.example.com.py');
  });
});
