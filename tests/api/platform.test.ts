import { describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await api('/healthz')).status).toBe(200);
    const ready = await api('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('ready');
  });

  it('renders each storefront host in its language', async () => {
    const br = await (await api('/', { host: 'br' })).text();
    const es = await (await api('/', { host: 'es' })).text();
    expect(br).toContain('<html lang="pt-BR"');
    expect(es).toContain('<html lang="es-PY"');
  });

  it('stores ?lang= in a cookie and redirects to the address without it', async () => {
    const response = await api('/?lang=es-AR', { host: 'es' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/fronteira_lang=es-AR/);
    const page = await (await api('/', { host: 'es', headers: { cookie: cookie.split(';')[0] ?? '' } })).text();
    expect(page).toContain('<html lang="es-AR"');
  });

  it('sends security headers and varies pages by host', async () => {
    const response = await api('/', { host: 'br' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toMatch(/Host/);
  });

  it('answers unknown API addresses with a JSON 404 in the shopper language, pages with the 404 page', async () => {
    for (const [path, host, message] of [
      ['/api/public/nada', 'es', 'El recurso al que intentas acceder no existe'],
      ['/ecom/venda/nada', 'br', 'O Recurso que está tentando acessar não existe'],
    ] as const) {
      const response = await api(path, { host });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message });
    }
    const page = await api('/nada', { host: 'es' });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});
