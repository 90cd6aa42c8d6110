import { describe, expect, it } from 'vitest';
import { readAuditQuery, toAuditChange } from './routes.ts';

describe('readAuditQuery', () => {
  it('reads who, action and a date range in the store day (UTC-3), the end day included', () => {
    const query = readAuditQuery(new URLSearchParams('who=7&action=staff.add&from=2026-11-01&to=2026-11-02&page=2'));
    expect(query.dateInvalid).toBe(false);
    expect(query.filter).toEqual({
      staffId: 7,
      action: 'staff.add',
      from: new Date('2026-11-01T03:00:00Z'),
      to: new Date('2026-11-03T03:00:00Z'),
      limit: 50,
      offset: 50,
    });
  });

  it('reports impossible or reversed dates and filters by none of them', () => {
    for (const search of ['from=2026-02-30', 'to=yesterday', 'from=2026-11-05&to=2026-11-01']) {
      const query = readAuditQuery(new URLSearchParams(search));
      expect(query.dateInvalid, search).toBe(true);
      expect(query.filter.from, search).toBeUndefined();
      expect(query.filter.to, search).toBeUndefined();
    }
  });

  it("cli selects the command line rows, api-key the ERP keys' rows; a bad page is page 1", () => {
    expect(readAuditQuery(new URLSearchParams('who=cli&page=-3')).filter).toEqual({ machine: 'cli', limit: 50, offset: 0 });
    expect(readAuditQuery(new URLSearchParams('who=api-key')).filter).toEqual({ machine: 'api-key', limit: 50, offset: 0 });
  });
});

describe('toAuditChange', () => {
  it('keeps only what changed between two objects', () => {
    expect(toAuditChange({ id: 1, locale: 'es-PY', role: 'admin' }, { id: 1, locale: 'pt-BR', role: 'admin' })).toEqual({
      before: { locale: 'es-PY' },
      after: { locale: 'pt-BR' },
    });
  });

  it('keeps a lone side or a non-object whole', () => {
    expect(toAuditChange(null, { id: 1 })).toEqual({ before: null, after: { id: 1 } });
    expect(toAuditChange('PAGO', 'ENVIADO')).toEqual({ before: 'PAGO', after: 'ENVIADO' });
  });
});
