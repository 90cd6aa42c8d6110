// Issue 33 point 1, from an empty database (SEED=0): exchange rates are created, not only
// updated, from the panel and through the ERP API (scope rates); until a currency has a rate,
// shoppers see prices in the currencies the store can sell in, never 0,00.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductUpsertResult, RatesAnswer } from '#lib/contract/erp-api.ts';
import { formatPrice } from '#lib/money.ts';
import { api, apiJson, getTestDb, useOwnStack, type ErrorAnswer } from '../support/api.ts';
import { createSignedInStaff, postForm } from '../support/staff.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;
let cookie: string;
let staffEmail: string;
beforeAll(async () => {
  stack = await startTestStack({ SEED: '0' });
  useOwnStack(stack);
  const admin = await createSignedInStaff('admin');
  cookie = admin.cookie;
  staffEmail = admin.staff.email;
}, 90_000);
afterAll(async () => {
  await getTestDb().end();
  await stack?.stop();
});

/** A key made in the panel with one scope; its secret read from the page that shows it once. */
async function createKey(scope: string): Promise<string> {
  const created = await postForm('/painel/chaves-api', { acao: 'criar', nome: `ERP ${scope}`, escopo: scope }, { cookie });
  expect(created.status).toBe(201);
  const secret = (await created.text()).match(/data-api-key-secret(?:="")?>([^<]+)</)?.[1];
  if (!secret) throw new Error('no key secret on the page');
  return secret;
}

function erp<T>(path: string, key: string, method = 'GET', json?: unknown) {
  return apiJson<T>(`/api/painel/v1/${path}`, { method, host: 'es', json, headers: { authorization: `Bearer ${key}` } });
}

const page = async (host: 'br' | 'es', path: string) => (await api(path, { host })).text();
const ratesPage = () => api('/painel/catalogo/cotacoes', { host: 'es', headers: { cookie } });

describe('day zero: exchange rates on an empty store', () => {
  it('the panel creates the rates it lacks; until then the storefronts price in U$, never 0,00', async () => {
    expect((await getTestDb().query('SELECT 1 FROM exchange_rates')).rowCount).toBe(0);
    const catalogue = await createKey('catalogue');
    const code = `DZ-${Date.now().toString(36)}`;
    const upsert = await erp<ProductUpsertResult>('produtos', catalogue, 'POST', {
      itens: [
        {
          codigo: code,
          nome_pt: 'Furadeira Dia Zero',
          nome_es: 'Taladro Día Cero',
          marca: 'Makita',
          categoria_pt: 'Ferramentas',
          preco: 100,
          moeda: 'USD',
          estoque: 5,
        },
      ],
    });
    expect(upsert.body).toMatchObject({ criados: 1, rejeitados: [] });
    const { id, slug, category } = (
      await getTestDb().query<{ id: number; slug: string; category: string }>(
        'SELECT p.id, p.slug, c.slug AS category FROM products p JOIN categories c ON c.id = p.category_id WHERE p.code = $1',
        [code],
      )
    ).rows[0]!;
    const listing = `/produtos/${category}`;

    // the panel says what is missing; the shop shows U$ and no converted 0
    expect(await (await ratesPage()).text()).toMatch(/data-testid="rates-missing"[^>]*>\s*Sin cotización todavía: R\$, G\$, P\$/);
    const brBefore = await page('br', `/produto/${slug}`);
    expect(brBefore).toContain('U$ 100,00');
    expect(brBefore).not.toMatch(/R\$ 0,00|G\$ 0\b/);
    const esBefore = await page('es', listing);
    expect(esBefore).toContain('U$ 100,00');
    expect(esBefore).not.toMatch(/G\$ \d/);
    const apiBefore = await apiJson<{ preco_atual: { formatado: string; moeda_id: number } }>(
      `/api/public/products/${id}/details?lang=pt&moeda_id=1`,
    );
    expect(apiBefore.body.preco_atual).toMatchObject({ formatado: 'U$ 100,00', moeda_id: 2 });

    // empty table, blank P$: R$ and G$ are created, P$ stays missing
    const saved = await postForm(
      '/painel/catalogo/cotacoes',
      { versao: '', cotacao_1: '5,4', cotacao_3: '7300', cotacao_4: '' },
      { cookie },
    );
    expect(saved.status).toBe(303);
    const { rows } = await getTestDb().query<{ target_currency_id: number; rate: string }>(
      'SELECT target_currency_id, rate::text AS rate FROM exchange_rates ORDER BY target_currency_id',
    );
    expect(rows).toEqual([
      { target_currency_id: 1, rate: '5.400000' },
      { target_currency_id: 3, rate: '7300.000000' },
    ]);
    const audit = await getTestDb().query<{ action: string; actor: string; entity_id: string }>(
      `SELECT action, actor, entity_id FROM audit_log WHERE entity_type = 'exchange_rate' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'rate.create', actor: staffEmail, entity_id: '1' },
      { action: 'rate.create', actor: staffEmail, entity_id: '3' },
    ]);
    const after = await (await ratesPage()).text();
    expect(after).toMatch(/data-testid="rates-missing"[^>]*>\s*Sin cotización todavía: P\$\./);
    expect(after.match(/data-testid="rates-history"[\s\S]*<\/table>/)?.[0]).toContain(staffEmail);

    // the Brazilian storefront shows R$ beside U$; the Paraguayan one sells in G$
    expect(await page('br', `/produto/${slug}`)).toContain(formatPrice(54_000, 1));
    expect(await page('es', listing)).toContain(formatPrice(730_000, 3));
  });

  it('the ERP API creates a rate with its own scope; other keys and bad bodies are refused with a reason', async () => {
    const rates = await createKey('rates');
    const stockOnly = await createKey('stock');
    const refused = await erp<ErrorAnswer>('cotacoes', stockOnly, 'PUT', { cotacoes: [{ moeda: 'ARS', valor: 1180 }] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"rates"');

    const bad = await erp<ErrorAnswer>('cotacoes', rates, 'PUT', { cotacoes: [{ moeda: 'USD', valor: 0 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^El cuerpo debe tener "cotacoes"/);
    const twice = await erp<ErrorAnswer>('cotacoes', rates, 'PUT', {
      cotacoes: [
        { moeda: 'ARS', valor: 1 },
        { moeda: 'ARS', valor: 2 },
      ],
    });
    expect(twice.status).toBe(422);

    const put = await erp<RatesAnswer>('cotacoes', rates, 'PUT', { cotacoes: [{ moeda: 'ARS', valor: 1180.5 }] });
    expect(put.status).toBe(200);
    expect(put.body.faltando).toEqual([]);
    expect(put.body.cotacoes.map(({ moeda, valor }) => ({ moeda, valor }))).toEqual([
      { moeda: 'BRL', valor: 5.4 },
      { moeda: 'PYG', valor: 7300 },
      { moeda: 'ARS', valor: 1180.5 },
    ]);
    const history = await getTestDb().query<{ staff_email: string }>(
      'SELECT staff_email FROM exchange_rate_history WHERE target_currency_id = 4',
    );
    expect(history.rows).toEqual([{ staff_email: `api-key:${rates.slice(0, 12)}` }]);
    expect((await erp<RatesAnswer>('cotacoes', rates)).body).toEqual(put.body);
    expect(await (await ratesPage()).text()).not.toContain('data-testid="rates-missing"');
  });
});
