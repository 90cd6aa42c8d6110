import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sameOrigin } from '../support/accounts.ts';
import { api, apiJson, getTestDb, type ErrorAnswer, type FieldErrorAnswer } from '../support/api.ts';
import { createSignedInStaff, postForm } from '../support/staff.ts';

// What an attacker (or a broken client) sends the staff panel and the ERP API: each answer is a
// refusal in the caller's language, never a 5xx, and nothing already saved changes.

const UNSAFE = { es: 'Este campo contiene caracteres no permitidos', br: 'Este campo contém caracteres não permitidos' };

/** The message under a field of a refused settings form (the input names it with aria-describedby). */
function fieldError(html: string, field: string): string | undefined {
  const input = html.match(new RegExp(`<(?:input|textarea|select)[^>]*\\bname="${field}"[^>]*>`))?.[0] ?? '';
  const id = input.match(/aria-describedby="([^"]+)"/)?.[1];
  return id ? html.match(new RegExp(`<p class="pnl-field-error" id="${id}"[^>]*>([^<]*)<`))?.[1] : undefined;
}

/** A multipart body cut off inside its file, as a phone losing its connection mid-upload sends it. */
const CUT_OFF = '--cut\r\nContent-Disposition: form-data; name="imagem"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n';

async function expectShopAlive(): Promise<void> {
  expect((await api('/healthz', { host: 'br' })).status).toBe(200);
}

describe('panel forms under hostile input', () => {
  it('a NUL or control character in a product, category or pickup point text is refused per field, nothing saved', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const db = getTestDb();
    const {
      rows: [product],
    } = await db.query<{ id: number; version: string; currency_id: number; name_pt: string; description_pt: string }>(
      'SELECT id, xmin::text AS version, currency_id, name_pt, description_pt FROM products ORDER BY id OFFSET 7 LIMIT 1',
    );
    const attempts: Record<string, string>[] = [
      { nome_pt: 'Serra\u0000copo' },
      { nome_pt: 'Serra\u0007copo' },
      { descricao_pt: '<p>a\u0000b</p>' },
    ];
    for (const fields of attempts) {
      const answer = await postForm(
        `/painel/catalogo/produtos/${product!.id}`,
        { versao: product!.version, preco: '10', moeda: String(product!.currency_id), estoque: '3', nome_pt: 'x', nome_es: 'y', ...fields },
        { cookie },
      );
      expect(answer.status).toBe(422);
      expect(fieldError(await answer.text(), Object.keys(fields)[0]!)).toBe(UNSAFE.es);
    }
    const {
      rows: [after],
    } = await db.query('SELECT name_pt, description_pt, xmin::text AS version FROM products WHERE id = $1', [product!.id]);
    expect(after).toEqual({ name_pt: product!.name_pt, description_pt: product!.description_pt, version: product!.version });

    const {
      rows: [category],
    } = await db.query<{ id: number; version: string; name_pt: string }>(
      'SELECT id, xmin::text AS version, name_pt FROM categories ORDER BY id LIMIT 1',
    );
    const refusedCategory = await postForm(
      '/painel/catalogo/categorias',
      { tipo: 'categoria', id: String(category!.id), versao: category!.version, nome_pt: 'Serras\u0000', nome_es: 'Sierras', ordem: '1' },
      { cookie, host: 'br' },
    );
    expect(refusedCategory.status).toBe(422);
    expect(await refusedCategory.text()).toContain(UNSAFE.es); // the staff member's language (es-PY), not the host's

    const {
      rows: [city],
    } = await db.query<{ id: number }>(
      'SELECT c.id FROM cities c JOIN states s ON s.id = c.state_id WHERE s.country_id = 2 ORDER BY c.id LIMIT 1',
    );
    const name = `Ponto ${randomBytes(4).toString('hex')}\u0000`;
    const refusedPoint = await postForm(
      '/painel/catalogo/frete',
      {
        tipo: 'ponto',
        nome: name,
        endereco: 'Rua 1',
        cidade: String(city!.id),
        horario_pt: '8-18',
        horario_es: '8-18',
        preco: '0',
        prazo: '1',
        ativo: 'on',
      },
      { cookie },
    );
    expect(refusedPoint.status).toBe(422);
    expect(await refusedPoint.text()).toContain(UNSAFE.es);
    expect((await db.query('SELECT 1 FROM pickup_points WHERE name LIKE $1', [`${name.slice(0, 13)}%`])).rowCount).toBe(0);
  });

  it('a rate for a department that does not exist is refused with a message, not a server error', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const {
      rows: [service],
    } = await getTestDb().query<{ id: number }>("SELECT id FROM delivery_services WHERE kind = 'delivery' ORDER BY id LIMIT 1");
    const before = (await getTestDb().query('SELECT count(*)::int AS n FROM delivery_rates')).rows[0];
    for (const destino of ['d:999999', 'd:32767', 'd:1']) {
      const answer = await postForm(
        '/painel/catalogo/frete',
        { tipo: 'nova_tarifa', servico: String(service!.id), destino, preco: '1000', prazo: '1' },
        { cookie },
      );
      expect(answer.status, destino).toBe(422); // d:1 is a Brazilian state: rates exist only in Paraguay
      expect(await answer.text()).toContain('Elige una ciudad de Paraguay de la lista.');
    }
    expect((await getTestDb().query('SELECT count(*)::int AS n FROM delivery_rates')).rows[0]).toEqual(before);
  });

  it('banner and seller texts with a NUL are refused with a message, nothing saved', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const db = getTestDb();
    const {
      rows: [banner],
    } = await db.query<{ id: number; title_pt: string }>('SELECT id, title_pt FROM banners ORDER BY id LIMIT 1');
    const refusedBanner = await postForm(
      '/api/painel/catalogo/banners',
      { acao: 'save', id: String(banner!.id), tipo: 'Banner Principal', link: '/produtos', titulo_pt: 'Oferta\u0000' },
      { cookie },
    );
    expect(refusedBanner.status).toBe(303);
    const back = refusedBanner.headers.get('location') ?? '';
    expect(back).toMatch(/^\/painel\/catalogo\/banners\?erro=badField&/);
    const page = await (await api(back, { host: 'es', headers: { cookie } })).text();
    expect(page).toContain('Revisa los campos marcados.');
    // the refused form shows what was typed (issue 33 point 8), without the NUL
    const form = page.split('<form').find((html) => html.includes(`name="id" value="${banner!.id}"`) && html.includes('name="titulo_pt"'));
    expect(form).toMatch(/name="titulo_pt" value="Oferta"/);
    expect((await db.query('SELECT title_pt FROM banners WHERE id = $1', [banner!.id])).rows[0]).toEqual({ title_pt: banner!.title_pt });

    const seller = `Vendedor ${randomBytes(4).toString('hex')}`;
    const refusedSeller = await apiJson('/api/painel/catalogo/vendedores', {
      method: 'POST',
      host: 'br',
      body: new URLSearchParams({
        acao: 'save',
        nome: `${seller}\u0000`,
        funcao_pt: 'Vendas',
        funcao_es: 'Ventas',
        whatsapp: '+595981123456',
      }),
      headers: { cookie, accept: 'application/json', ...sameOrigin('br') },
    });
    expect(refusedSeller).toEqual({
      status: 422,
      body: expect.objectContaining({ code: 'badField', message: 'Revisa los campos marcados.' }),
    });
    expect((await db.query('SELECT 1 FROM sellers WHERE name LIKE $1', [`${seller}%`])).rowCount).toBe(0);
  });

  it('an API key name with a control character is refused in the panel, no key made', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const name = `ERP ${randomBytes(4).toString('hex')}`;
    const answer = await postForm('/painel/chaves-api', { acao: 'criar', nome: `${name}\u0000`, escopo: 'stock' }, { cookie });
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain('Dale a la clave un nombre de 1 a 80 caracteres.');
    expect((await getTestDb().query('SELECT 1 FROM api_keys WHERE name LIKE $1', [`${name}%`])).rowCount).toBe(0);
  });
});

describe('uploads cut off mid-file', () => {
  it('a panel picture upload that ends inside its file is refused and the shop keeps serving', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const {
      rows: [product],
    } = await getTestDb().query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    const answer = await api(`/api/painel/catalogo/produtos/${product!.id}/fotos`, {
      method: 'POST',
      host: 'es',
      body: CUT_OFF,
      headers: { cookie, accept: 'application/json', 'content-type': 'multipart/form-data; boundary=cut', ...sameOrigin('es') },
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual(expect.objectContaining({ message: 'Revisa los campos marcados.' }));
    await expectShopAlive();
  });

  it('an anonymous registration whose document upload ends mid-file gets a 400, and the shop keeps serving', async () => {
    const answer = await apiJson<ErrorAnswer>('/ecom/cliente/cadastrar', {
      method: 'POST',
      host: 'br',
      body: CUT_OFF.replace('imagem', 'frente'),
      headers: { 'content-type': 'multipart/form-data; boundary=cut', ...sameOrigin('br') },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
    await expectShopAlive();
  });
});

describe('ERP API envelope errors', () => {
  it('name the fault in the caller language, not in English', async () => {
    const secret = `frt_${randomBytes(32).toString('base64url')}`;
    await getTestDb().query('INSERT INTO api_keys (name, prefix, key_hash, scopes) VALUES ($1, $2, $3, $4)', [
      `hostile ${randomBytes(3).toString('hex')}`,
      secret.slice(0, 12),
      createHash('sha256').update(secret).digest(),
      ['stock', 'catalogue'],
    ]);
    for (const path of ['estoque', 'produtos']) {
      const answer = await apiJson<FieldErrorAnswer>(`/api/painel/v1/${path}`, {
        method: 'POST',
        host: 'es',
        json: { itens: { codigo: 'X', estoque: 1 } },
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.itens).toEqual([expect.stringMatching(/^Entrada inválida: se esperaba/)]);
    }
  });
});

describe('catalogue import of a broken file', () => {
  it('names the line where the CSV stops being readable, in words', async () => {
    const { cookie } = await createSignedInStaff('admin');
    const form = new FormData();
    const csv = 'codigo,nome_pt,nome_es,marca,categoria_pt,preco,estoque\n"QA-1,a,b,c,d,1,1\n';
    form.append('arquivo', new Blob([csv], { type: 'text/csv' }), 'catalogo.csv');
    const upload = await api('/painel/catalogo/importar', {
      method: 'POST',
      host: 'es',
      body: form,
      headers: { ...sameOrigin('es'), cookie },
    });
    expect(upload.status).toBe(303);
    const location = upload.headers.get('location')!;
    let page = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      page = await (await api(location, { host: 'es', headers: { cookie } })).text();
      if (!page.includes('data-testid="import-progress"')) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(page.match(/data-testid="import-failed">([^<]*)</)?.[1]).toBe(
      'La importación falló y no se grabó nada más: No se pudo leer el archivo (CSV o JSON mal formado) a partir de la fila 2.',
    );
  });
});
