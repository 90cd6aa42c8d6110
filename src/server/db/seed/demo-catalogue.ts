import type pg from 'pg';
import { StoreDetailsSchema, type StoreDetails } from '#lib/contract/store-details.ts';
import { sanitizeDescription, sanitizeSvgIcon } from '#server/catalog/service.ts';
import { renderCategoryIcon } from './svg-art.ts';
import { BRANDS, CATEGORIES } from './catalogue-data.ts';
import { generateProduct, toDescriptionHtml } from './product-generator.ts';

/**
 * The deterministic demo catalogue: 14 categories (2 special) with 63 departments, 26 brands,
 * banners of the five types, 6 sellers, exchange rates, FAQ, and `products` generated products.
 */
export async function seedDemoCatalogue(pool: pg.Pool, options: { products: number }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await seedReferenceData(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  await insertGeneratedProducts(pool, 0, options.products);
}

// The rates the platform bootstrap had; other domains' tests price against them.
export const EXCHANGE_RATES: [target: number, rate: number][] = [
  [1, 5.4],
  [2, 1],
  [3, 7300],
  [4, 1180],
];

async function seedReferenceData(client: pg.PoolClient): Promise<void> {
  for (const [target, rate] of EXCHANGE_RATES) {
    await client.query(
      `INSERT INTO exchange_rates (source_currency_id, target_currency_id, rate) VALUES (2, $1, $2)
       ON CONFLICT (source_currency_id, target_currency_id) DO UPDATE SET rate = EXCLUDED.rate, updated_at = now()`,
      [target, rate],
    );
  }
  await client.query(
    `INSERT INTO brands (slug, name, logo_url, position)
     SELECT slug, name, '/img/brand/' || slug || '.webp', ord FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS b(slug, name, ord)`,
    [BRANDS.map((b) => b.slug), BRANDS.map((b) => b.name)],
  );
  const hidden = new Set(['geradores-e-motores', 'bancadas-e-armazenamento']);
  for (const [index, category] of CATEGORIES.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO categories (slug, name_pt, name_es, icon_svg, menu_visible, special, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        category.slug,
        category.pt,
        category.es,
        sanitizeSvgIcon(renderCategoryIcon(category.icon)),
        !category.special && !hidden.has(category.slug),
        category.special === true,
        index + 1,
      ],
    );
    const categoryId = rows[0]?.id;
    await client.query(
      `INSERT INTO departments (category_id, slug, name_pt, name_es, position)
       SELECT $1, slug, pt, es, ord FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS d(slug, pt, es, ord)`,
      [categoryId, category.departments.map((d) => d.slug), category.departments.map((d) => d.pt), category.departments.map((d) => d.es)],
    );
  }
  await seedBanners(client);
  await seedSellers(client);
  await seedFaq(client);
  await seedStoreDetails(client);
}

/** The demo store's own details (issue 33 point 3): what the panel's store page edits. */
const DEMO_STORE_DETAILS: StoreDetails = {
  name_pt: 'Fronteira Ferramentas',
  name_es: 'Fronteira Herramientas',
  legal_name: 'Fronteira Herramientas S.A.',
  ruc: '80012345-0',
  address_pt: 'Av. San Blas, 1200, Ciudad del Este, Paraguai',
  address_es: 'Av. San Blas, 1200, Ciudad del Este, Paraguay',
  hours_pt: 'Seg. a sáb., 7h às 18h',
  hours_es: 'Lun. a sáb., 7 a 18 h',
  phones: ['+595 61 500 200'],
  whatsapp: '+595 61 500 200',
  emails: ['vendas@fronteira.com.py', 'ventas@fronteira.com.py'],
  social: {
    instagram: 'https://www.instagram.com/fronteiraferramentas',
    facebook: 'https://www.facebook.com/fronteiraferramentas',
    youtube: 'https://www.youtube.com/@fronteiraferramentas',
  },
  quick_links: [
    { label_pt: 'Novidades', label_es: 'Novedades', href: '/produtos?order=codigo_desc' },
    { label_pt: 'Kits completos', label_es: 'Kits completos', href: '/produtos?text=kit' },
    { label_pt: 'Jogos de chaves', label_es: 'Juegos de llaves', href: '/especial/jogos-de-chaves' },
    { label_pt: 'Makita', label_es: 'Makita', href: '/marca/makita' },
    { label_pt: 'Bosch', label_es: 'Bosch', href: '/marca/bosch' },
  ],
};

async function seedStoreDetails(client: pg.PoolClient): Promise<void> {
  await client.query('INSERT INTO store_details (id, details) VALUES (true, $1) ON CONFLICT (id) DO NOTHING', [
    JSON.stringify(StoreDetailsSchema.parse(DEMO_STORE_DETAILS)),
  ]);
}

async function seedBanners(client: pg.PoolClient): Promise<void> {
  const banners: [kind: string, image: string, link: string, titlePt: string, titleEs: string, textPt: string, textEs: string][] = [
    [
      'Banner Principal',
      '/img/banner/wide-drill-1.webp',
      '/produtos/ferramentas-eletricas',
      'Ferramentas elétricas profissionais',
      'Herramientas eléctricas profesionales',
      'As marcas que os profissionais usam, com retirada na loja.',
      'Las marcas que usan los profesionales, con retiro en la tienda.',
    ],
    [
      'Banner Principal',
      '/img/banner/wide-battery-2.webp',
      '/produtos/ferramentas-a-bateria',
      'Linha a bateria',
      'Línea a batería',
      'Liberdade sem fio para o canteiro de obras.',
      'Libertad inalámbrica para la obra.',
    ],
    [
      'Banner Principal',
      '/img/banner/wide-chainsaw-3.webp',
      '/produtos/jardinagem',
      'Jardinagem',
      'Jardinería',
      'Roçadeiras, motosserras e sopradores.',
      'Desmalezadoras, motosierras y sopladoras.',
    ],
    // The first of a triple type in panel order is the one shown (issue 20); the other waits its turn.
    [
      'Triplo Esquerdo',
      '/img/banner/tile-wrench-5.webp',
      '/especial/jogos-de-chaves',
      'Jogos de chaves e soquetes',
      'Juegos de llaves y tubos',
      'Para a oficina e a manutenção.',
      'Para el taller y el mantenimiento.',
    ],
    [
      'Triplo Esquerdo',
      '/img/banner/tile-wrench-4.webp',
      '/especial/jogos-de-chaves',
      'Jogos de chaves',
      'Juegos de llaves',
      'Kits completos para a oficina.',
      'Kits completos para el taller.',
    ],
    [
      'Triplo Centro',
      '/img/banner/tile-meter-6.webp',
      '/produtos/medicao',
      'Medição de precisão',
      'Medición de precisión',
      'Níveis e medidores a laser.',
      'Niveles y medidores láser.',
    ],
    [
      'Triplo Direito',
      '/img/banner/tile-welder-7.webp',
      '/produtos/soldagem',
      'Soldagem',
      'Soldadura',
      'Inversoras e máscaras automáticas.',
      'Soldadoras inverter y caretas automáticas.',
    ],
    [
      'Receba Ofertas',
      '/img/banner/wide-box-8.webp',
      '/#ofertas',
      'Receba ofertas no seu celular',
      'Recibe ofertas en tu celular',
      'Cadastre seu número e receba as promoções da semana.',
      'Registra tu número y recibe las promociones de la semana.',
    ],
  ];
  for (const banner of banners) {
    await client.query(
      `INSERT INTO banners (kind, image_url, link, title_pt, title_es, description_pt, description_es) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      banner,
    );
  }
}

async function seedSellers(client: pg.PoolClient): Promise<void> {
  const sellers: [name: string, rolePt: string, roleEs: string, whatsapp: string, photo: string | null][] = [
    ['Carlos Benítez', 'Gerente de vendas', 'Gerente de ventas', '595981234567', '/img/seller/1.webp'],
    ['Mariana Souza', 'Atendimento Brasil', 'Atención Brasil', '595982345678', '/img/seller/2.webp'],
    ['Jorge Giménez', 'Ferramentas elétricas', 'Herramientas eléctricas', '595983456789', '/img/seller/3.webp'],
    ['Ana Paula Ferreira', 'Atendimento Brasil', 'Atención Brasil', '595984567890', null],
    ['Luis Ramírez', 'Jardinagem e motores', 'Jardinería y motores', '595985678901', '/img/seller/5.webp'],
    ['Sofía Martínez', 'Empresas e licitações', 'Empresas y licitaciones', '595986789012', '/img/seller/6.webp'],
  ];
  for (const [index, seller] of sellers.entries()) {
    await client.query('INSERT INTO sellers (name, role_pt, role_es, whatsapp, photo_url, position) VALUES ($1, $2, $3, $4, $5, $6)', [
      ...seller,
      index + 1,
    ]);
  }
}

async function seedFaq(client: pg.PoolClient): Promise<void> {
  const faq: [string, string, string, string][] = [
    [
      'Como compro pelo site?',
      '¿Cómo compro por el sitio?',
      'Escolha os produtos, crie sua conta, pague online e retire na loja com o código do pedido.',
      'Elige los productos, crea tu cuenta, paga en línea y recibe en tu casa o retira en la tienda.',
    ],
    [
      'Vocês entregam no Brasil?',
      '¿Hacen envíos a Brasil?',
      'Não. Compras de clientes brasileiros são retiradas na loja física, isentas de I.V.A.',
      'No. Las compras de clientes brasileños se retiran en la tienda física, exentas de I.V.A.',
    ],
    [
      'Quais documentos preciso?',
      '¿Qué documentos necesito?',
      'Clientes brasileiros cadastram CPF e um documento de identidade.',
      'Clientes paraguayos registran su RUC o cédula para la factura.',
    ],
    [
      'Os produtos têm garantia?',
      '¿Los productos tienen garantía?',
      'Sim, todos têm garantia do fabricante, indicada na ficha do produto.',
      'Sí, todos tienen garantía del fabricante, indicada en la ficha del producto.',
    ],
  ];
  for (const [index, row] of faq.entries()) {
    await client.query('INSERT INTO faq (question_pt, question_es, answer_pt, answer_es, position) VALUES ($1, $2, $3, $4, $5)', [
      ...row,
      index + 1,
    ]);
  }
}

const CHUNK = 2000;

/** sanitize-html costs ~0.1 ms a call: the generated pieces repeat, so each is cleaned once. */
function createMemoSanitizer(): (html: string) => string {
  const cache = new Map<string, string>();
  return (html) => {
    let clean = cache.get(html);
    if (clean === undefined) {
      clean = sanitizeDescription(html);
      if (cache.size < 200_000) cache.set(html, clean);
    }
    return clean;
  };
}

/** Bulk loads faster without the secondary indexes: at least this many rows drop and rebuild them. */
const BULK_THRESHOLD = 20_000;

/**
 * Inserts `count` generated products starting at ordinal `from`, in multi-row statements of
 * 2,000 (unnest of arrays). Codes and slugs already present are skipped. A bulk load drops the
 * products' secondary indexes first and rebuilds them after (run it with the shop idle).
 */
export async function insertGeneratedProducts(
  pool: pg.Pool,
  from: number,
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  if (count < BULK_THRESHOLD) return insertProducts(pool, from, count, onProgress);
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = 'products'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.conrelid = 'products'::regclass)`,
  );
  for (const index of indexes) await pool.query(`DROP INDEX IF EXISTS "${index.name}"`);
  try {
    return await insertProducts(pool, from, count, onProgress);
  } finally {
    for (const index of indexes) await pool.query(index.definition);
  }
}

async function insertProducts(pool: pg.Pool, from: number, count: number, onProgress?: (done: number) => void): Promise<number> {
  const ids = await pool.query<{ kind: string; slug: string; id: number; category_id: number | null }>(
    `SELECT 'brand' AS kind, slug, id, NULL::int AS category_id FROM brands
     UNION ALL SELECT 'category', slug, id, NULL FROM categories
     UNION ALL SELECT 'department', c.slug || '/' || d.slug, d.id, d.category_id FROM departments d JOIN categories c ON c.id = d.category_id`,
  );
  const idOf = new Map(ids.rows.map((r) => [`${r.kind}:${r.slug}`, r.id]));
  const clean = createMemoSanitizer();
  let inserted = 0;
  for (let start = from; start < from + count; start += CHUNK) {
    const products = Array.from({ length: Math.min(CHUNK, from + count - start) }, (_, i) => generateProduct(start + i));
    const column = <T>(pick: (p: (typeof products)[number]) => T) => products.map(pick);
    const { rows } = await pool.query<{ id: number; code: string }>(
      `INSERT INTO products (code, slug, name_pt, name_es, summary_pt, summary_es, description_pt, description_es,
         price_minor, stock, physical_stock, show_price, brand_id, category_id, department_id, images)
       SELECT code, slug, name_pt, name_es, summary_pt, summary_es, description_pt, description_es,
         price_minor, stock, physical_stock, show_price, brand_id, category_id, department_id, images::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::bigint[], $10::int[], $11::bool[], $12::bool[], $13::int[], $14::int[], $15::int[], $16::text[])
         AS p(code, slug, name_pt, name_es, summary_pt, summary_es, description_pt, description_es,
           price_minor, stock, physical_stock, show_price, brand_id, category_id, department_id, images)
       ON CONFLICT DO NOTHING
       RETURNING id, code`,
      [
        column((p) => p.code),
        column((p) => p.slug),
        column((p) => p.namePt),
        column((p) => p.nameEs),
        column((p) => p.summaryPt),
        column((p) => p.summaryEs),
        column((p) => toDescriptionHtml(p.descriptionPt, clean)),
        column((p) => toDescriptionHtml(p.descriptionEs, clean)),
        column((p) => p.priceMinor),
        column((p) => p.stock),
        column((p) => p.physicalStock),
        column((p) => p.showPrice),
        column((p) => idOf.get(`brand:${p.brandSlug}`)),
        column((p) => idOf.get(`category:${p.categorySlug}`)),
        column((p) => idOf.get(`department:${p.categorySlug}/${p.departmentSlug}`)),
        column((p) => JSON.stringify(p.images)),
      ],
    );
    const byCode = new Map(products.map((p) => [p.code, p]));
    const specs = rows.flatMap((row) => (byCode.get(row.code)?.specs ?? []).map((spec, position) => ({ id: row.id, position, spec })));
    await pool.query(
      `INSERT INTO product_specifications (product_id, position, name_pt, name_es, value_pt, value_es)
       SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [
        specs.map((s) => s.id),
        specs.map((s) => s.position),
        specs.map((s) => s.spec[0]),
        specs.map((s) => s.spec[1]),
        specs.map((s) => s.spec[2]),
        specs.map((s) => s.spec[3]),
      ],
    );
    inserted += rows.length;
    onProgress?.(start + products.length - from);
  }
  return inserted;
}
