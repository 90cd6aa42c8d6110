import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, getTestDb, type Host } from '../support/api.ts';

/**
 * Issue 21 point 3: the mega menu and the departments sidebar are rendered once per categories
 * read and reused (src/components/shell/RenderOnce.astro). A category written in SQL reaches both
 * on the next page through the change notice, well before the 30 s refresh of the read.
 */
const NOTICE_WAIT_MS = 5000;

/** The category links of the mega menu and of the sidebar of an uncached page (test stacks run without the page cache). */
async function readMenus(host: Host): Promise<{ mega: string; sidebar: string }> {
  const response = await api('/como-comprar', { host });
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    mega: /<div class="mega[ "][\s\S]*?<\/nav>/.exec(html)?.[0] ?? '',
    sidebar: /<dialog class="sidebar[ "][\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '',
  };
}

describe('shell menus rendered once', () => {
  it('show a category added and then renamed in SQL on the next page, in both languages', async () => {
    const db = getTestDb();
    const id = randomInt(1e9);
    const slug = `menu-teste-${id}`;
    await readMenus('br'); // the menus of the current read are rendered and kept
    const {
      rows: [category],
    } = await db.query<{ id: number }>(
      `INSERT INTO categories (slug, name_pt, name_es, menu_visible, special, position)
       VALUES ($1, $2, $3, true, false, 99999) RETURNING id`,
      [slug, `Menu teste ${id}`, `Menú prueba ${id}`],
    );
    try {
      await expect.poll(async () => (await readMenus('br')).mega, { timeout: NOTICE_WAIT_MS }).toContain(`Menu teste ${id}`);
      await db.query('UPDATE categories SET name_pt = $2, name_es = $3 WHERE id = $1', [
        category!.id,
        `Renomeada ${id}`,
        `Renombrada ${id}`,
      ]);
      await expect.poll(async () => (await readMenus('br')).mega, { timeout: NOTICE_WAIT_MS }).toContain(`Renomeada ${id}`);
      for (const host of ['br', 'es'] as const) {
        const { mega, sidebar } = await readMenus(host);
        const name = host === 'br' ? `Renomeada ${id}` : `Renombrada ${id}`;
        for (const menu of [mega, sidebar]) {
          expect(menu).toContain(`href="/produtos/${slug}"`);
          expect(menu).toContain(name);
          expect(menu).not.toContain(`Menu teste ${id}`);
          expect(menu).not.toContain(`Menú prueba ${id}`);
        }
      }
    } finally {
      await db.query('DELETE FROM categories WHERE id = $1', [category!.id]);
    }
  });
});
