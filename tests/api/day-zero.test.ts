// Issue 33 ("day zero"), from an empty database (SEED=0). Point 1: exchange rates are created,
// not only updated, from the panel and through the ERP API (scope rates); until a currency has a
// rate, shoppers see prices in the currencies the store can sell in, never 0,00. Point 7: the
// admin's second factor cannot trap: a wrong code keeps the key, recovery codes, a reset.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductUpsertResult, RatesAnswer } from '#lib/contract/erp-api.ts';
import { formatPrice } from '#lib/money.ts';
import { api, apiJson, getTestDb, useOwnStack, type ErrorAnswer } from '../support/api.ts';
import { createSignedInStaff, createTestStaff, postForm, staffCookie, type TestStaff } from '../support/staff.ts';
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
const panelHome = () => api('/painel', { host: 'es', headers: { cookie } });

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

    // the panel says what is missing, on its home and the rates page; the shop shows U$ and no converted 0
    expect(await (await ratesPage()).text()).toMatch(/data-testid="rates-missing"[^>]*>\s*Sin cotización todavía: R\$, G\$, P\$/);
    expect(await (await panelHome()).text()).toMatch(/data-testid="rates-missing"[^>]*>\s*Sin cotización todavía: R\$, G\$, P\$/);
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
    expect(await (await panelHome()).text()).not.toContain('data-testid="rates-missing"');
  });
});

/** The password step: the session cookie and where it leads (enrolment or the code). */
async function signInWithPassword(staff: TestStaff): Promise<{ cookie: string; next: string | null }> {
  const login = await postForm('/painel/login', { email: staff.email, password: staff.password });
  expect(login.status).toBe(303);
  return { cookie: staffCookie(login.headers.getSetCookie()[0]?.match(/=([^;]+)/)?.[1] ?? ''), next: login.headers.get('location') };
}
const shownSecret = (html: string) => html.match(/data-totp-secret[^>]*>([A-Z2-7]+)</)?.[1];
const countAudit = async (action: string, staffId: number) =>
  (
    await getTestDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_id = $2`, [
      action,
      String(staffId),
    ])
  ).rows[0]!.n;

describe('day zero: the admin second factor cannot trap', () => {
  const admin = { staff: null as TestStaff | null, codes: [] as string[] };

  it('a wrong code keeps the same key and says what to check; that key then enrols, with recovery codes', async () => {
    const staff = await createTestStaff('admin');
    admin.staff = staff;
    const { cookie, next } = await signInWithPassword(staff);
    expect(next).toBe('/painel/totp');
    const first = shownSecret(await (await api('/painel/totp', { host: 'es', headers: { cookie } })).text());
    expect(first).toMatch(/^[A-Z2-7]{16,}$/);

    const wrong = await postForm('/painel/totp', { code: '000000' }, { cookie });
    expect(wrong.status).toBe(422);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('hora del celular sea automática');
    expect(wrongPage).toContain(staff.email);
    expect(shownSecret(wrongPage)).toBe(first);
    expect(shownSecret(await (await api('/painel/totp', { host: 'es', headers: { cookie } })).text())).toBe(first);

    const enrolled = await postForm('/painel/totp', { code: await generate({ secret: first! }) }, { cookie });
    expect(enrolled.status).toBe(200);
    const codes = [...(await enrolled.text()).matchAll(/<code class="pnl-code"[^>]*>([0-9a-f-]+)<\/code>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    admin.codes = codes;
    expect((await api('/painel', { host: 'es', headers: { cookie } })).status).toBe(200);
    const stored = await getTestDb().query<{ code_hash: Buffer }>('SELECT code_hash FROM staff_recovery_codes WHERE staff_id = $1', [
      staff.id,
    ]);
    expect(stored.rows).toHaveLength(10);
    expect(stored.rows.map((row) => row.code_hash.toString('utf8'))).not.toContain(codes[0]);
    expect(await countAudit('staff.totp_enrol', staff.id)).toBe(1);
  });

  it('a recovery code opens the panel once, typed in any case and spacing', async () => {
    const staff = admin.staff!;
    const code = admin.codes[0]!;
    const { cookie, next } = await signInWithPassword(staff);
    expect(next).toBe('/painel/login/codigo');
    const used = await postForm('/painel/login/codigo', { recovery: ` ${code.toUpperCase().replaceAll('-', ' ')} ` }, { cookie });
    expect(used.status).toBe(303);
    expect((await api('/painel', { host: 'es', headers: { cookie } })).status).toBe(200);
    expect(await countAudit('staff.login_recovery_code', staff.id)).toBe(1);

    const again = await signInWithPassword(staff);
    const replay = await postForm('/painel/login/codigo', { recovery: code }, { cookie: again.cookie });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('Código de recuperación incorrecto o ya usado.');
    expect((await postForm('/painel/login/codigo', { recovery: admin.codes[1]! }, { cookie: again.cookie })).status).toBe(303);
  });

  it("another admin resets an admin's second factor (audited): the next sign-in enrols again", async () => {
    const staff = admin.staff!;
    const { cookie } = await createSignedInStaff('admin');
    const self = await getTestDb().query<{ id: number }>("SELECT id FROM staff WHERE role = 'admin' ORDER BY id DESC LIMIT 1");
    expect((await postForm('/painel/equipe', { action: 'reset_totp', id: String(self.rows[0]!.id) }, { cookie })).status).toBe(422);
    const reset = await postForm('/painel/equipe', { action: 'reset_totp', id: String(staff.id) }, { cookie });
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain(`Se borró el segundo factor de ${staff.email}`);
    const row = await getTestDb().query('SELECT totp_secret_enc, totp_enrolled_at FROM staff WHERE id = $1', [staff.id]);
    expect(row.rows[0]).toEqual({ totp_secret_enc: null, totp_enrolled_at: null });
    expect((await getTestDb().query('SELECT 1 FROM staff_recovery_codes WHERE staff_id = $1', [staff.id])).rowCount).toBe(0);
    expect(await countAudit('staff.totp_reset', staff.id)).toBe(1);
    expect((await signInWithPassword(staff)).next).toBe('/painel/totp');
  });
});

describe('day zero: panel forms', () => {
  it('a refused API key form keeps the name and scopes typed', async () => {
    const noScope = await postForm('/painel/chaves-api', { acao: 'criar', nome: 'ERP matriz', escopo: 'nada' }, { cookie });
    expect(noScope.status).toBe(422);
    expect(await noScope.text()).toMatch(/name="nome"[^>]*value="ERP matriz"/);
    const noName = await postForm('/painel/chaves-api', { acao: 'criar', nome: '', escopo: 'rates' }, { cookie });
    expect(noName.status).toBe(422);
    expect(await noName.text()).toMatch(/value="rates" checked/);
  });

  it('a staff password of 64 characters is set through the link and signs in', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const email = `long-${Date.now().toString(36)}@example.test`;
    const added = await postForm('/painel/equipe', { action: 'add', email, role: 'counter' }, { cookie });
    const link = (await added.text()).match(/data-set-password-link[^>]*>\s*([^<\s]+)/)?.[1] ?? '';
    const path = new URL(link).pathname + new URL(link).search;
    const password = `Aa1!${'x'.repeat(60)}`;
    expect([...password]).toHaveLength(64);
    const set = await postForm(path, { password, confirm: password });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain('Contraseña definida.');
    const login = await postForm('/painel/login', { email, password });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/painel');
  });
});
