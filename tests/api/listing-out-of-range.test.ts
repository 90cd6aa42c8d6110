import { describe, expect, it } from 'vitest';
import { api, getTestDb } from '../support/api.ts';

// Issue 35 point 9: a page past the last one says one thing, and links to page 1.
describe.each([
  ['br', 'Esta página não existe: a lista tem', 'Ir para a página 1', 'Nenhum produto encontrado.'],
  ['es', 'Esta página no existe: la lista tiene', 'Ir a la página 1', 'No se encontraron productos.'],
] as const)('a listing page out of range on %s', (host, saysMissing, firstPage, noProducts) => {
  it('names how many pages there are and links to the first, without claiming there are no products', async () => {
    const { rows } = await getTestDb().query<{ slug: string }>(
      `SELECT c.slug FROM categories c JOIN products p ON p.category_id = c.id
        WHERE p.active GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const { slug } = rows[0]!;
    const html = await (await api(`/produtos/${slug}?page=9999`, { host })).text();
    const main = html.slice(html.indexOf('<main'));
    expect(main).toContain(saysMissing);
    expect(main).toMatch(new RegExp(`<a href="/produtos/${slug}"[^>]*>${firstPage}</a>`));
    expect(main).not.toContain(noProducts);
    expect(main).not.toContain('rel="next"');
  });
});
