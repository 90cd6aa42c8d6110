import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCustomer, signIn } from '../support/accounts.ts';
import { api, getRunStack } from '../support/api.ts';
import { startShopProcess, type ShopProcess } from '../support/shop-process.ts';

/**
 * Issue 22 point 7: a hash-based Content-Security-Policy on every page (the same for every
 * request, so catalogue pages stay cacheable), Strict-Transport-Security when the storefront's
 * configured origin is https, and no cache keeps a page shown to a signed-in person.
 */

let httpsShop: ShopProcess;

beforeAll(async () => {
  httpsShop = await startShopProcess(getRunStack().databaseUrl, {
    DATA_DIR: getRunStack().dataDir,
    SHOP_ORIGIN_BR: 'https://br.localhost',
  });
}, 120_000);

afterAll(async () => {
  await httpsShop?.stop();
});

const PAGES = ['/', '/produtos', '/marcas', '/login', '/carrinho', '/como-comprar', '/pagina-que-nao-existe'];

describe('page headers', () => {
  it.each(PAGES)('%s carries the same hash-based CSP on every request', async (path) => {
    const [first, second] = await Promise.all([api(path, { host: 'es' }), api(path, { host: 'es' })]);
    const policy = first.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
    expect(policy).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
    expect(second.headers.get('content-security-policy')).toBe(policy);
  });

  it('catalogue pages stay cacheable for visitors; every page a signed-in person sees is private, no-store', async () => {
    expect((await api('/produtos', { host: 'es' })).headers.get('cache-control')).toMatch(/^public,.*s-maxage=/);
    const token = await signIn(await createTestCustomer());
    for (const path of ['/', '/produtos', '/perfil', '/perfil/dados-pessoais', '/pedidos', '/carrinho']) {
      const response = await api(path, { headers: { cookie: `fronteira_session=${token}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('Strict-Transport-Security only where the configured origin is https', async () => {
    expect((await api('/', { host: 'br' })).headers.get('strict-transport-security')).toBeNull();
    const https = await api('/', { host: 'br', port: httpsShop.port, headers: { host: 'br.localhost' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const api404 = await api('/api/public/start', { host: 'br', port: httpsShop.port, headers: { host: 'br.localhost' } });
    expect(api404.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await api('/', { host: 'es', port: httpsShop.port })).headers.get('strict-transport-security')).toBeNull();
  });
});
