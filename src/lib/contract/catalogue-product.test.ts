import { describe, expect, it } from 'vitest';
import { CatalogueProductSchema, toMinorUnits, toRowIssues } from './catalogue-product.ts';

describe('import amounts', () => {
  it('reads decimal comma or point, with or without grouping, per the currency', () => {
    expect(toMinorUnits('1234.56', 2)).toBe(123_456);
    expect(toMinorUnits('1234,56', 2)).toBe(123_456);
    expect(toMinorUnits('1.234,56', 2)).toBe(123_456);
    expect(toMinorUnits('1,234.56', 2)).toBe(123_456);
    expect(toMinorUnits('1.234.567', 0)).toBe(1_234_567);
    expect(toMinorUnits('650.000', 0)).toBe(650_000);
    expect(toMinorUnits('89,9', 2)).toBe(8990);
    expect(toMinorUnits(89.9, 2)).toBe(8990);
    expect(toMinorUnits(1500, 0)).toBe(1500);
  });

  it('names what is wrong with an amount', () => {
    expect(toMinorUnits('10.505', 2)).toBe('decimals');
    expect(toMinorUnits('1,5', 0)).toBe('decimals');
    expect(toMinorUnits('-3', 2)).toBe('negative');
    expect(toMinorUnits('doze', 2)).toBe('invalid');
    expect(toMinorUnits('1.2.3,4,5', 2)).toBe('invalid');
    expect(toMinorUnits('', 2)).toBe('required');
    expect(toMinorUnits('99999999999999999', 2)).toBe('too_large');
  });
});

describe('the product row schema', () => {
  const row = {
    codigo: 'A-1',
    nome_pt: 'Furadeira',
    nome_es: 'Taladro',
    marca: 'Bosch',
    categoria_pt: 'Elétricas',
    preco: '1.500',
    moeda: 'pyg',
    estoque: '3',
  };

  it('normalises a row as CSV and JSON send it', () => {
    expect(CatalogueProductSchema.parse(row)).toMatchObject({ moeda: 'PYG', priceMinor: 1500, estoque: 3 });
    expect(CatalogueProductSchema.parse({ ...row, preco: 10.5, moeda: undefined, estoque: 0, mostrar_preco: 'não' })).toMatchObject({
      moeda: 'USD',
      priceMinor: 1050,
      mostrar_preco: false,
    });
  });

  it('lists every field that is wrong, once, by its column name', () => {
    const result = CatalogueProductSchema.safeParse({ ...row, nome_pt: ' ', estoque: '2.5', moeda: 'EUR', imagens: ['../etc/passwd'] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toRowIssues(result.error)).toEqual([
        { field: 'nome_pt', problem: 'required' },
        { field: 'moeda', problem: 'invalid' },
        { field: 'estoque', problem: 'invalid' },
        { field: 'imagens', problem: 'invalid' },
      ]);
    }
  });

  it('refuses "1.500" dollars as ambiguous (1.50 or 1500?) rather than guess; in guaraníes it is 1500', () => {
    const result = CatalogueProductSchema.safeParse({ ...row, moeda: 'USD' });
    expect(result.success).toBe(false);
    if (!result.success) expect(toRowIssues(result.error)).toEqual([{ field: 'preco', problem: 'ambiguous' }]);
    expect(CatalogueProductSchema.parse({ ...row, preco: '1,50', moeda: 'USD' })).toMatchObject({ priceMinor: 150 });
  });
});
