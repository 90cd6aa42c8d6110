import type { Queryable } from '../db/client.ts';

/** Every SQL statement of the catalogue-media domain (pictures, product pictures, banners, brands, sellers). */
export interface PictureRow {
  hash: string;
  width: number;
  height: number;
}

export async function lockPictureHash(tx: Queryable, hash: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('picture:' || $1))", [hash]);
}

export async function findPictureVariantWidths(db: Queryable, hash: string): Promise<number[]> {
  const { rows } = await db.query<{ width: number }>('SELECT width FROM picture_variants WHERE hash = $1 ORDER BY width', [hash]);
  return rows.map((row) => row.width);
}

export async function insertPicture(
  tx: Queryable,
  row: { hash: string; mime: string; width: number; height: number; originalName: string; originalFile: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO pictures (hash, mime, width, height, original_name, original_file) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (hash) DO NOTHING`,
    [row.hash, row.mime, row.width, row.height, row.originalName, row.originalFile],
  );
}

export async function insertPictureVariant(tx: Queryable, row: { hash: string; width: number; fileName: string; byteSize: number }): Promise<void> {
  await tx.query(
    'INSERT INTO picture_variants (hash, width, file_name, byte_size) VALUES ($1, $2, $3, $4) ON CONFLICT (hash, width) DO NOTHING',
    [row.hash, row.width, row.fileName, row.byteSize],
  );
}

export async function findVariantFile(db: Queryable, hash: string, width: number): Promise<string | null> {
  const { rows } = await db.query<{ file_name: string }>('SELECT file_name FROM picture_variants WHERE hash = $1 AND width = $2', [hash, width]);
  return rows[0]?.file_name ?? null;
}

export async function lockProductImages(tx: Queryable, productId: number): Promise<{ url: string }[] | null> {
  const { rows } = await tx.query<{ images: unknown }>('SELECT images FROM products WHERE id = $1 FOR UPDATE', [productId]);
  if (!rows[0]) return null;
  const images = rows[0].images;
  return Array.isArray(images) ? images.map((image: { url?: unknown }) => ({ url: String(image?.url ?? '') })) : [];
}

export async function updateProductImages(tx: Queryable, productId: number, images: readonly { url: string }[]): Promise<void> {
  await tx.query('UPDATE products SET images = $2::jsonb WHERE id = $1', [productId, JSON.stringify(images)]);
}

export interface ProductSummaryRow {
  id: number;
  code: string;
  name_pt: string;
  name_es: string;
  images: { url: string }[];
}

export async function findProductSummary(db: Queryable, productId: number): Promise<ProductSummaryRow | null> {
  const { rows } = await db.query<ProductSummaryRow>('SELECT id, code, name_pt, name_es, images FROM products WHERE id = $1', [productId]);
  return rows[0] ?? null;
}

/** Products whose code or name holds `text` (the lookup that leads to a product's pictures). */
export async function searchProducts(db: Queryable, text: string, limit: number): Promise<ProductSummaryRow[]> {
  const { rows } = await db.query<ProductSummaryRow>(
    `SELECT id, code, name_pt, name_es, images FROM products
      WHERE code ILIKE $1 OR name_pt ILIKE $1 OR name_es ILIKE $1 ORDER BY code LIMIT $2`,
    [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit],
  );
  return rows;
}
