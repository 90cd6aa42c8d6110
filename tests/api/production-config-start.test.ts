import { describe, expect, it } from 'vitest';
import { PUBLIC_ORIGINS, startShopWith } from '../support/start-refusal.ts';

// Production refuses what would silently go wrong (issue 31): exit code 1 before serving, one
// sentence naming the variable. The sandbox is allowed so that only the rule under test speaks.
const PRODUCTION = { ...PUBLIC_ORIGINS, ALLOW_SANDBOX_IN_PRODUCTION: '1' };
const UNREACHABLE_DATABASE = 'postgres://nobody@127.0.0.1:1/none';

describe('start-up with a production misconfiguration', () => {
  it.each([
    [
      'public origins without DATABASE_URL (the embedded database would start empty)',
      PRODUCTION,
      /DATABASE_URL: required with NODE_ENV=production on a public storefront origin .*EMBEDDED_DATABASE=1/,
    ],
    [
      'one storefront origin without the other',
      { SHOP_ORIGIN_BR: PUBLIC_ORIGINS.SHOP_ORIGIN_BR, ALLOW_SANDBOX_IN_PRODUCTION: '1', DATABASE_URL: UNREACHABLE_DATABASE },
      /SHOP_ORIGIN_ES: required because SHOP_ORIGIN_BR is set/,
    ],
    [
      'an http public origin',
      { ...PRODUCTION, SHOP_ORIGIN_ES: 'http://tienda.fronteira.com.py', DATABASE_URL: UNREACHABLE_DATABASE },
      /SHOP_ORIGIN_ES: must be an https origin with NODE_ENV=production \(got "http:\/\/tienda.fronteira.com.py"\)/,
    ],
  ])('%s stops the shop with exit code 1 and names the variable', async (_name, env, message) => {
    const { code, stderr } = await startShopWith(env);
    expect(code).toBe(1);
    const problems = stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('the embedded database asked for by name gets past the configuration check', async () => {
    // PORT 1 cannot be listened on: the start fails later, after the configuration check.
    const { stderr } = await startShopWith({ ...PRODUCTION, EMBEDDED_DATABASE: '1' });
    expect(stderr).not.toContain('Configuration error');
  });
});
