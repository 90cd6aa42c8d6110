// Exports that open right (issue 34 point 6): customers and offers sign-ups as the admin's
// spreadsheet reads them, formulas neutralised however it splits, audited, admins only.
import { describe, expect, it } from 'vitest';
import { api, getTestDb } from '../support/api.ts';
import { expectNoFormulaCell } from '../support/csv.ts';
import { listPanelRoutes } from '../support/panel-routes.ts';
import { createSignedInStaff, createTestStaff, signInStaff } from '../support/staff.ts';
import { createCustomer, uniqueId } from './checkout-fixtures.ts';

async function getCsv(path: string, cookie: string) {
  const response = await api(path, { host: 'es', headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return (await response.text()).replace(/^\uFEFF/, '');
}

async function getExportAudit(staffId: number, action: string) {
  const { rows } = await getTestDb().query<{ after: { rows: number; filters?: Record<string, string> } }>(
    'SELECT after FROM audit_log WHERE staff_id = $1 AND action = $2 ORDER BY id',
    [staffId, action],
  );
  return rows.map((row) => row.after);
}

describe('customers and offers exports', () => {
  it("customers: the list's filters, `;` cells in the admin's language and the store's time, no formula however split, audited", async () => {
    const admin = await createTestStaff('admin', { locale: 'pt-BR' });
    const cookie = await signInStaff(admin);
    const customer = await createCustomer();
    await getTestDb().query(`UPDATE customers SET first_name = $2, last_name = $3, phone = $4 WHERE id = $1`, [
      customer.id,
      '=HYPERLINK("http://x");=cmd|" /C calc"!A0,+1,@SUM(1)',
      '-2+3',
      '+595981123456',
    ]);
    const csv = await getCsv(`/api/painel/clientes.csv?q=${encodeURIComponent(customer.email)}&pagina=3`, cookie);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Nome;E-mail;Telefone;Documento;País;Cadastrado em;E-mail confirmado;Pedidos');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;${customer.email};'+595981123456;RUC 80012345-6;`);
    expect(lines[1]).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2};Não;0$/);
    expectNoFormulaCell(csv);
    expect(await getExportAudit(admin.id, 'customers.export')).toEqual([{ filters: { q: customer.email }, rows: 1 }]);
    // A bad filter is refused with its field, not exported whole.
    expect((await api('/api/painel/clientes.csv?pais=XX', { host: 'es', headers: { cookie } })).status).toBe(422);
  });

  it('offers sign-ups: no formula however split, audited', async () => {
    const { staff, cookie } = await createSignedInStaff('admin');
    await getTestDb().query(`INSERT INTO newsletter_contacts (phone_digits, locale) VALUES ($1, 'es-PY')`, [
      `595${uniqueId().replace(/\D/g, '').padEnd(9, '7').slice(0, 9)}`,
    ]);
    const csv = await getCsv('/api/painel/ofertas.csv', cookie);
    expect(csv.split('\r\n')[0]).toBe('Celular;Idioma;Registrado el');
    expectNoFormulaCell(csv);
    expect((await getExportAudit(staff.id, 'offers.export')).length).toBe(1);
  });

  it('the counter is refused every export route file (decision 0515)', async () => {
    const exports = listPanelRoutes().filter((route) => /\.(csv|xlsx)\.ts$/.test(route.file));
    expect(exports.map((route) => route.file).sort()).toEqual([
      'api/painel/clientes.csv.ts',
      'api/painel/ofertas.csv.ts',
      'painel/catalogo/importar/[id]/recusadas.csv.ts',
      'painel/catalogo/importar/modelo.csv.ts',
      'painel/pedidos.csv.ts',
    ]);
    const { cookie } = await createSignedInStaff('counter');
    for (const route of exports) {
      const response = await api(route.path, { host: 'es', headers: { cookie } });
      expect([401, 403], route.file).toContain(response.status);
      expect(response.headers.get('content-type') ?? '', route.file).not.toContain('text/csv');
    }
  });
});
