import { describe, expect, it } from 'vitest';
import { CatalogueProductSchema } from '#lib/contract/catalogue-product.ts';
import { findTextWarnings, toFieldChanges, toNextState } from './compare.ts';

const row = (fields: Record<string, unknown>) =>
  CatalogueProductSchema.parse({
    codigo: 'FUR-800',
    nome_pt: 'Furadeira 800 W',
    nome_es: 'Taladro 800 W',
    marca: 'Bosch',
    categoria_pt: 'Ferramentas Elétricas',
    preco: '89,90',
    estoque: '12',
    ...fields,
  });

describe('an import row against the stored product', () => {
  it('makes a new product from the row and the defaults, names in slugs, descriptions sanitised', () => {
    const next = toNextState(row({ descricao_pt: '<p>Mandril</p><script>alert(1)</script>' }), null);
    expect(next).toMatchObject({
      brandSlug: 'bosch',
      categorySlug: 'ferramentas-eletricas',
      categoria_es: 'Ferramentas Elétricas',
      departmentSlug: null,
      priceMinor: 8990,
      moeda: 'USD',
      mostrar_preco: true,
      descritivo_pt: '',
      descricao_pt: '<p>Mandril</p>',
      especificacoes: [],
      imagens: [],
    });
  });

  it('keeps what the row leaves out, and drops the department when the category changes', () => {
    const stored = toNextState(row({ departamento_pt: 'Furadeiras', descritivo_pt: 'Para alvenaria', mostrar_preco: 'não' }), null);
    const same = toNextState(row({}), stored);
    expect(same).toMatchObject({ departamento_pt: 'Furadeiras', descritivo_pt: 'Para alvenaria', mostrar_preco: false });
    expect(toFieldChanges(stored, same)).toEqual([]);
    const moved = toNextState(row({ categoria_pt: 'Jardim' }), stored);
    expect(moved).toMatchObject({ departamento_pt: null, departmentSlug: null, descritivo_pt: 'Para alvenaria' });
  });

  it('names only the fields that changed, with prices in the currency and long texts shortened', () => {
    const stored = toNextState(row({}), null);
    const changes = toFieldChanges(stored, toNextState(row({ preco: '650.000', moeda: 'PYG', nome_pt: 'F'.repeat(100) }), stored));
    expect(changes.map((change) => change.field)).toEqual(['nome_pt', 'preco', 'moeda']);
    expect(changes[1]).toEqual({ field: 'preco', from: '89.90', to: '650000' });
    expect(changes[0]?.to).toBe(`${'F'.repeat(79)}…`);
  });
});

describe('the warnings of a valid row', () => {
  it('names text fields that start like a formula or carry HTML; descriptions may be HTML', () => {
    const warned = findTextWarnings(
      row({
        nome_pt: '=HYPERLINK("http://x")',
        marca: '<b>Bosch</b>',
        descricao_pt: '<p>Mandril</p>',
        descricao_es: '@SUM(A1)',
        especificacoes: [{ nome_pt: 'Peso', nome_es: 'Peso', valor_pt: '+1 kg', valor_es: '1 kg' }],
      }),
    );
    expect(warned).toEqual([
      { field: 'nome_pt', kind: 'formula' },
      { field: 'descricao_es', kind: 'formula' },
      { field: 'marca', kind: 'html' },
      { field: 'especificacoes_pt', kind: 'formula' },
    ]);
    expect(findTextWarnings(row({ descritivo_pt: 'Broca 10-12 mm, a+b', descricao_pt: '<p>ok</p>' }))).toEqual([]);
  });
});
