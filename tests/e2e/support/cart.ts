import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { getTestDb } from './hosts.ts';

/** A product of this test's own (parallel tests share the database). */
export async function createE2eProduct(options: { stock?: number; priceMinor?: number; name?: string } = {}) {
  const tag = randomUUID().slice(0, 8);
  const name = options.name ?? `Chave Teste ${tag}`;
  const { rows } = await getTestDb().query<{ id: number; slug: string; code: string }>(
    `INSERT INTO products (code, slug, name_pt, name_es, price_minor, currency_id, stock, brand_id, category_id)
     VALUES ($1, $2, $3, $3, $4, 2, $5, (SELECT min(id) FROM brands), (SELECT min(id) FROM categories))
     RETURNING id, slug, code`,
    [`E2E-${tag}`, `chave-teste-${tag}`, name, options.priceMinor ?? 2500, options.stock ?? 10],
  );
  const row = rows[0] as { id: number; slug: string; code: string };
  return { ...row, id: Number(row.id), name };
}

/**
 * Waits until the page's load/idle islands have hydrated (Astro drops `ssr`); visible ones wait
 * for scrolling, interaction ones (search, cart drawer) for the shopper's first touch.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client="visible"]):not([client="interaction"])').length === 0,
  );
}

/**
 * Puts products in the browser's cart through the contract, as the store would, and stores the
 * external id where the store looks for it.
 */
export async function seedBrowserCart(page: Page, items: Array<{ id: number; qtde: number }>, moedaId = 2): Promise<string> {
  return page.evaluate(
    async ({ items, moedaId }) => {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      const id = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const response = await fetch('/ecom/venda/carrinho', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          external_id: id,
          filial_id: 1,
          moeda_id: moedaId,
          itens: items.map((i) => ({ produto_id: i.id, qtde: i.qtde, ativo: true })),
        }),
      });
      if (!response.ok) throw new Error(`cart seed failed: ${response.status}`);
      localStorage.setItem('fronteira_cart_id', id);
      // The marker the shop's stored-state module sets with every write (src/islands/stored-state.ts).
      document.cookie = 'fronteira_stored=1; path=/';
      document.cookie = `fronteira_cart=${id}; path=/`;
      return id;
    },
    { items, moedaId },
  );
}
