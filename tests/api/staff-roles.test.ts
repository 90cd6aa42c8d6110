import { describe, expect, it } from 'vitest';
import { api, getHostHeader } from '../support/api.ts';
import { listPanelRoutes } from '../support/panel-routes.ts';
import { createSignedInStaff } from '../support/staff.ts';

/**
 * What the counter role may reach, route file by route file (decision 0515): finding and moving
 * orders on (the desk's list and page, ship, hand over, cancel) and the pickup counter, besides
 * signing in and out. Every other panel route file answers it 401 or 403: a new route file must
 * be put here, or stay closed to the counter.
 */
const COUNTER_MAY = new Set([
  'painel/index.astro',
  'painel/balcao.astro',
  'painel/pedidos/index.astro',
  'painel/pedidos/[number].astro',
  // Packing slips and pick lists: what the counter packs (decision 0515).
  'painel/pedidos/impressao.pdf.ts',
  'api/painel/pedidos/[number]/status.ts',
  'api/painel/pedidos/[number]/notas.ts',
  'api/painel/pedidos/[number]/reenvio.ts',
  'painel/login.astro',
  'painel/login/codigo.astro',
  'painel/totp.astro',
  'painel/definir-senha.astro',
  'painel/idioma.ts',
  'painel/proibido.astro',
  'painel/sair.ts',
]);
/** Signing out ends the session the other requests use: it is asked last. */
const SIGN_OUT = 'painel/sair.ts';

describe('the counter role, enumerated from the route files', () => {
  it('reaches the counter and the order desk, and no export, customer, document, catalogue or staff route', async () => {
    const { cookie } = await createSignedInStaff('counter');
    const origin = `http://${getHostHeader('es')}`;
    const routes = listPanelRoutes();
    expect(routes.map((route) => route.file)).toEqual(expect.arrayContaining([...COUNTER_MAY]));
    const answers: string[] = [];
    for (const route of [...routes.filter((r) => r.file !== SIGN_OUT), ...routes.filter((r) => r.file === SIGN_OUT)]) {
      for (const method of route.methods) {
        const response = await api(route.path, {
          method,
          host: 'es',
          headers: { cookie, origin, ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
          ...(method === 'GET' ? {} : { body: 'x=1' }),
        });
        const refused = response.status === 401 || (response.status === 403 && route.file !== 'painel/proibido.astro');
        answers.push(`${method} ${route.file}: ${refused === COUNTER_MAY.has(route.file) ? 'wrong' : 'ok'} (${response.status})`);
        await response.body?.cancel();
      }
    }
    expect(answers.filter((answer) => answer.includes(': wrong'))).toEqual([]);
  });
});
