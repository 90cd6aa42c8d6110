import { describe, expect, it } from 'vitest';
import { brazilianRegistration, MINIMAL_PDF, sameOrigin } from '../support/accounts.ts';
import { api, apiJson, getTestDb } from '../support/api.ts';
import { createSignedInStaff, createTestStaff, postForm } from '../support/staff.ts';

/** An audit row's JSON columns, as the staff pages wrote them (read by field in the assertions). */
interface AuditRow {
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditRows(staffId: number, action: string): Promise<AuditRow[]> {
  const { rows } = await getTestDb().query<AuditRow>('SELECT entity_id, before, after FROM audit_log WHERE staff_id = $1 AND action = $2', [
    staffId,
    action,
  ]);
  return rows;
}

/** A Brazilian buyer registered through the shop: front PNG, back PDF, stored encrypted. */
async function registerBuyerWithDocuments(): Promise<{ uuid: string; documents: { uuid: string; side: string }[] }> {
  const form = await brazilianRegistration();
  const { status } = await apiJson('/ecom/cliente/cadastrar', { method: 'POST', host: 'br', body: form, headers: sameOrigin('br') });
  expect(status).toBe(201);
  const { rows } = await getTestDb().query<{ customer: string; uuid: string; side: string }>(
    `SELECT c.uuid AS customer, d.uuid, d.side FROM customer_documents d JOIN customers c ON c.id = d.customer_id
      WHERE c.email = $1 ORDER BY d.side`,
    [String(form.get('email')).toLowerCase()],
  );
  return { uuid: rows[0]?.customer ?? '', documents: rows.map(({ uuid, side }) => ({ uuid, side })) };
}

describe('what a counter user cannot do', () => {
  it('cannot open staff, audit, customers or offers pages, manage staff, read documents or export', async () => {
    const { cookie } = await createSignedInStaff('counter');
    for (const path of ['/painel/equipe', '/painel/auditoria', '/painel/clientes', '/painel/ofertas']) {
      const response = await api(path, { host: 'es', headers: { cookie } });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain('Sin permiso');
    }
    const email = `never-${Date.now()}@example.test`;
    expect((await postForm('/painel/equipe', { action: 'add', email, role: 'admin' }, { cookie })).status).toBe(403);
    expect((await getTestDb().query('SELECT 1 FROM staff WHERE email = $1', [email])).rowCount).toBe(0);
    const buyer = await registerBuyerWithDocuments();
    const document = await api(`/api/painel/documentos/${buyer.documents[0]?.uuid}`, { host: 'es', headers: { cookie } });
    expect(document.status).toBe(403);
    expect(await document.json()).toEqual({ message: 'Tu función no permite esta acción.' });
    expect((await api('/api/painel/ofertas.csv', { host: 'es', headers: { cookie } })).status).toBe(403);
    expect(
      (
        await getTestDb().query("SELECT 1 FROM audit_log WHERE action IN ('document.view', 'offers.export') AND entity_id = $1", [
          buyer.documents[0]?.uuid,
        ])
      ).rowCount,
    ).toBe(0);
  });
});

describe('staff management page', () => {
  it('adds, disables and resets, one audit row each, and refuses bad input in the admin language', async () => {
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const email = `new-${Date.now()}@example.test`;
    const added = await postForm('/painel/equipe', { action: 'add', email, role: 'counter' }, { cookie });
    expect(added.status).toBe(200);
    const page = await added.text();
    expect(page).toMatch(/data-set-password-link>http:\/\/[^<]+\/painel\/definir-senha\?token=/);
    const [row] = await auditRows(admin.id, 'staff.add');
    expect(row?.after).toMatchObject({ email, role: 'counter', disabled: false });
    const id = row?.entity_id ?? '';
    expect((await postForm('/painel/equipe', { action: 'disable', id }, { cookie })).status).toBe(200);
    expect((await auditRows(admin.id, 'staff.disable')).map((r) => [r.before?.disabled, r.after?.disabled])).toEqual([[false, true]]);
    expect((await postForm('/painel/equipe', { action: 'reset', id }, { cookie })).status).toBe(200);
    expect(await auditRows(admin.id, 'staff.reset')).toHaveLength(1);

    const taken = await postForm('/painel/equipe', { action: 'add', email: email.toUpperCase(), role: 'admin' }, { cookie });
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain('Este correo ya tiene una cuenta en el equipo.');
    const invalid = await postForm('/painel/equipe', { action: 'add', email: 'not-an-email', role: 'admin' }, { cookie });
    expect(invalid.status).toBe(422);
    const self = await postForm('/painel/equipe', { action: 'disable', id: String(admin.id) }, { cookie });
    expect(self.status).toBe(422);
    expect(await self.text()).toContain('No puedes desactivar tu propia cuenta.');
    expect((await postForm('/painel/equipe', { action: 'disable', id: 'abc' }, { cookie })).status).toBe(404);
    expect(await auditRows(admin.id, 'staff.add')).toHaveLength(1);
    expect(await auditRows(admin.id, 'staff.disable')).toHaveLength(1);
  });
});

describe('identity documents', () => {
  it('an admin opens front and back decrypted, with safe headers, each view audited', async () => {
    const buyer = await registerBuyerWithDocuments();
    expect(buyer.documents.map((d) => d.side)).toEqual(['frente', 'verso']);
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const page = await (await api(`/painel/clientes/${buyer.uuid}`, { host: 'es', headers: { cookie } })).text();
    for (const document of buyer.documents) expect(page).toContain(`/api/painel/documentos/${document.uuid}`);

    const front = await api(`/api/painel/documentos/${buyer.documents[0]?.uuid}`, { host: 'es', headers: { cookie } });
    expect(front.status).toBe(200);
    const bytes = Buffer.from(await front.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(front.headers.get('content-type')).toBe('image/png');
    expect(front.headers.get('cache-control')).toBe('no-store');
    expect(front.headers.get('x-content-type-options')).toBe('nosniff');
    expect(front.headers.get('content-disposition')).toMatch(/^inline; filename="documento-frente-[0-9a-f]{8}\.png"$/);
    expect(front.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);

    const back = await api(`/api/painel/documentos/${buyer.documents[1]?.uuid}`, { host: 'es', headers: { cookie } });
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await back.arrayBuffer()).equals(MINIMAL_PDF)).toBe(true);
    await api(`/api/painel/documentos/${buyer.documents[1]?.uuid}`, { host: 'es', headers: { cookie } });

    const views = await auditRows(admin.id, 'document.view');
    expect(views.map((v) => [v.entity_id, v.after?.side])).toEqual([
      [buyer.documents[0]?.uuid, 'frente'],
      [buyer.documents[1]?.uuid, 'verso'],
      [buyer.documents[1]?.uuid, 'verso'],
    ]);
    const missing = await api('/api/painel/documentos/0b5c7e2a-3f7d-4c1e-9a55-6d2f1c8b9e01', { host: 'es', headers: { cookie } });
    expect(missing.status).toBe(404);
    expect((await api('/api/painel/documentos/not-a-uuid', { host: 'es', headers: { cookie } })).status).toBe(404);
    expect(await auditRows(admin.id, 'document.view')).toHaveLength(3);
  });

  it('finds buyers by name, e-mail or document digits', async () => {
    const buyer = await registerBuyerWithDocuments();
    const { cookie } = await createSignedInStaff('admin');
    const email =
      (await getTestDb().query<{ email: string }>('SELECT email FROM customers WHERE uuid = $1', [buyer.uuid])).rows[0]?.email ?? '';
    for (const q of [email, email.slice(0, 10).toUpperCase()]) {
      const page = await (await api(`/painel/clientes?q=${encodeURIComponent(q)}`, { host: 'es', headers: { cookie } })).text();
      expect(page, q).toContain(`/painel/clientes/${buyer.uuid}`);
    }
    // The customers list (issue 34 point 1) pages every customer: a short search narrows it, without a refusal.
    const short = await api(`/painel/clientes?q=${encodeURIComponent(email.slice(0, 2))}`, { host: 'es', headers: { cookie } });
    expect(short.status).toBe(200);
  });
});

describe('offers sign-ups', () => {
  it('lists the phones of the home offers form and exports them as CSV (audited)', async () => {
    const phone = `5959${String(Date.now()).slice(-8)}`;
    expect((await apiJson('/api/public/contato-newsletter', { method: 'POST', host: 'es', json: { celular: phone } })).status).toBe(201);
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    expect(await (await api('/painel/ofertas', { host: 'es', headers: { cookie } })).text()).toContain(phone);
    const csv = await api('/api/painel/ofertas.csv', { host: 'es', headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="ofertas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = Buffer.from(await csv.arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: spreadsheets read UTF-8
    const text = raw.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Celular;Idioma;Registrado el');
    expect(text).toMatch(new RegExp(`\\r\\n${phone};es-PY;\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\r\\n`));
    expect(await auditRows(admin.id, 'offers.export')).toHaveLength(1);
  });
});

describe('audit log page', () => {
  it('filters by who, action and date range; a bad date says so', async () => {
    const { staff: admin, cookie } = await createSignedInStaff('admin');
    const other = await createTestStaff('counter');
    await postForm('/painel/equipe', { action: 'disable', id: String(other.id) }, { cookie });
    const today = new Date(Date.now() - 3 * 3600 * 1000).toISOString().slice(0, 10);
    const mine = await (
      await api(`/painel/auditoria?who=${admin.id}&action=staff.disable&from=${today}&to=${today}`, { host: 'es', headers: { cookie } })
    ).text();
    expect(mine).toContain('staff.disable');
    expect(mine).toContain('Página 1 de 1 · 1 registros');
    const none = await (
      await api(`/painel/auditoria?who=${admin.id}&action=staff.disable&to=2020-01-01`, { host: 'es', headers: { cookie } })
    ).text();
    expect(none).toContain('Nada encontrado con estos filtros.');
    const bad = await api('/painel/auditoria?from=2026-02-30', { host: 'es', headers: { cookie } });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Fecha inválida');
  });
});
