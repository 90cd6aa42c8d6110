import { BANNER_KINDS, type BannerKind } from '#lib/contract/catalogue-media.ts';
import type { Queryable } from '../db/client.ts';

/** Every SQL statement of the catalogue-media domain (pictures, product pictures, banners, brands, sellers). */
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

export async function insertPictureVariant(
  tx: Queryable,
  row: { hash: string; width: number; fileName: string; byteSize: number },
): Promise<void> {
  await tx.query(
    'INSERT INTO picture_variants (hash, width, file_name, byte_size) VALUES ($1, $2, $3, $4) ON CONFLICT (hash, width) DO NOTHING',
    [row.hash, row.width, row.fileName, row.byteSize],
  );
}

export async function findVariantFile(db: Queryable, hash: string, width: number): Promise<string | null> {
  const { rows } = await db.query<{ file_name: string }>('SELECT file_name FROM picture_variants WHERE hash = $1 AND width = $2', [
    hash,
    width,
  ]);
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

export interface BannerRow {
  id: number;
  kind: BannerKind;
  image_url: string;
  link: string | null;
  title_pt: string;
  title_es: string;
  description_pt: string;
  description_es: string;
  position: number;
}

export interface BannerFields {
  kind: BannerKind;
  imageUrl: string;
  link: string | null;
  titlePt: string;
  titleEs: string;
  descriptionPt: string;
  descriptionEs: string;
}

export async function listBannerRows(db: Queryable): Promise<BannerRow[]> {
  const { rows } = await db.query<BannerRow>(
    `SELECT id, kind, image_url, link, title_pt, title_es, description_pt, description_es, position
       FROM banners ORDER BY array_position($1::text[], kind), position, id`,
    [BANNER_KINDS],
  );
  return rows;
}

export async function lockBanner(tx: Queryable, id: number): Promise<BannerRow | null> {
  const { rows } = await tx.query<BannerRow>('SELECT * FROM banners WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function insertBanner(tx: Queryable, fields: BannerFields): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO banners (kind, image_url, link, title_pt, title_es, description_pt, description_es, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(position), 0) + 1 FROM banners WHERE kind = $1)) RETURNING id`,
    [fields.kind, fields.imageUrl, fields.link, fields.titlePt, fields.titleEs, fields.descriptionPt, fields.descriptionEs],
  );
  return Number(rows[0]?.id);
}

export async function updateBanner(tx: Queryable, id: number, fields: BannerFields): Promise<void> {
  await tx.query(
    `UPDATE banners SET kind = $2, image_url = $3, link = $4, title_pt = $5, title_es = $6, description_pt = $7, description_es = $8 WHERE id = $1`,
    [id, fields.kind, fields.imageUrl, fields.link, fields.titlePt, fields.titleEs, fields.descriptionPt, fields.descriptionEs],
  );
}

export async function deleteBanner(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM banners WHERE id = $1', [id]);
}

/** Renumbers a kind's banners in the given order (ids of that kind, first to last). */
export async function setBannerOrder(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query('UPDATE banners b SET position = o.n FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE b.id = o.id', [ids]);
}

export async function lockBannersOfKind(tx: Queryable, kind: BannerKind): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM banners WHERE kind = $1 ORDER BY position, id FOR UPDATE', [kind]);
  return rows.map((row) => row.id);
}

export interface BrandRow {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
}

export async function listBrandRows(db: Queryable): Promise<BrandRow[]> {
  const { rows } = await db.query<BrandRow>('SELECT id, slug, name, logo_url FROM brands ORDER BY position, name');
  return rows;
}

export async function lockBrand(tx: Queryable, id: number): Promise<BrandRow | null> {
  const { rows } = await tx.query<BrandRow>('SELECT id, slug, name, logo_url FROM brands WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function updateBrandLogo(tx: Queryable, id: number, logoUrl: string): Promise<void> {
  await tx.query('UPDATE brands SET logo_url = $2 WHERE id = $1', [id, logoUrl]);
}

/** The brand's shown name; its slug (the brand's address, and how an import file matches it) stays. */
export async function updateBrandName(tx: Queryable, id: number, name: string): Promise<void> {
  await tx.query('UPDATE brands SET name = $2 WHERE id = $1', [id, name]);
}

export interface SellerRow {
  id: number;
  name: string;
  role_pt: string;
  role_es: string;
  whatsapp: string | null;
  photo_url: string | null;
  position: number;
}

export interface SellerFields {
  name: string;
  rolePt: string;
  roleEs: string;
  whatsapp: string | null;
  photoUrl: string | null;
}

export async function listSellerRows(db: Queryable): Promise<SellerRow[]> {
  const { rows } = await db.query<SellerRow>(
    'SELECT id, name, role_pt, role_es, whatsapp, photo_url, position FROM sellers ORDER BY position, id',
  );
  return rows;
}

export async function lockSeller(tx: Queryable, id: number): Promise<SellerRow | null> {
  const { rows } = await tx.query<SellerRow>(
    'SELECT id, name, role_pt, role_es, whatsapp, photo_url, position FROM sellers WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

export async function insertSeller(tx: Queryable, fields: SellerFields): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO sellers (name, role_pt, role_es, whatsapp, photo_url, position)
     VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position), 0) + 1 FROM sellers)) RETURNING id`,
    [fields.name, fields.rolePt, fields.roleEs, fields.whatsapp, fields.photoUrl],
  );
  return Number(rows[0]?.id);
}

export async function updateSeller(tx: Queryable, id: number, fields: SellerFields): Promise<void> {
  await tx.query('UPDATE sellers SET name = $2, role_pt = $3, role_es = $4, whatsapp = $5, photo_url = $6 WHERE id = $1', [
    id,
    fields.name,
    fields.rolePt,
    fields.roleEs,
    fields.whatsapp,
    fields.photoUrl,
  ]);
}

/** Every seller's id in the storefront's order, locked for a move. */
export async function lockSellerOrder(tx: Queryable): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM sellers ORDER BY position, id FOR UPDATE');
  return rows.map((row) => row.id);
}

export async function setSellerOrder(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query('UPDATE sellers s SET position = o.n FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE s.id = o.id', [ids]);
}

export async function deleteSeller(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM sellers WHERE id = $1', [id]);
}

// Pictures in bulk (table picture_batches): each file of an upload kept until the job queue made it.

export type BatchFileStatus = 'waiting' | 'stored' | 'refused' | 'unmatched';

export async function insertPictureBatch(db: Queryable, staffId: number): Promise<string> {
  // The bytes of batches a day old are not kept (an import never confirmed leaves its pictures waiting).
  await db.query(
    `UPDATE picture_batch_files SET bytes = NULL
      WHERE bytes IS NOT NULL AND batch_id IN (SELECT id FROM picture_batches WHERE created_at < now() - interval '1 day')`,
  );
  const { rows } = await db.query<{ id: string }>('INSERT INTO picture_batches (staff_id) VALUES ($1) RETURNING id', [staffId]);
  return (rows[0] as { id: string }).id;
}

export async function deletePictureBatch(db: Queryable, batchId: string): Promise<void> {
  await db.query('DELETE FROM picture_batches WHERE id = $1', [batchId]);
}

export async function insertBatchFile(
  db: Queryable,
  file: { batchId: string; position: number; name: string; bytes: Buffer | null; status: BatchFileStatus; reason: string | null },
): Promise<void> {
  await db.query('INSERT INTO picture_batch_files (batch_id, position, name, bytes, status, reason) VALUES ($1, $2, $3, $4, $5, $6)', [
    file.batchId,
    file.position,
    file.name,
    file.bytes,
    file.status,
    file.reason,
  ]);
}

/** The waiting files' names (matching by code happens once all are in). */
export async function listWaitingNames(db: Queryable, batchId: string): Promise<{ position: number; name: string }[]> {
  const { rows } = await db.query<{ position: number; name: string }>(
    "SELECT position, name FROM picture_batch_files WHERE batch_id = $1 AND status = 'waiting' ORDER BY position",
    [batchId],
  );
  return rows;
}

/** Product ids by upper-case code, for the given upper-case codes. */
export async function findProductIdsByCode(db: Queryable, upperCodes: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; code: string }>(
    'SELECT id, upper(code) AS code FROM products WHERE upper(code) = ANY($1::text[])',
    [upperCodes],
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Each waiting file's products (none: unmatched, with the reason key given). */
export async function setBatchMatches(
  db: Queryable,
  batchId: string,
  matches: { position: number; productId: number }[],
  unmatchedReason: string,
): Promise<void> {
  await db.query(
    `UPDATE picture_batch_files f SET product_ids = ARRAY[m.product_id]
       FROM unnest($2::int[], $3::int[]) AS m(position, product_id)
      WHERE f.batch_id = $1 AND f.position = m.position`,
    [batchId, matches.map((m) => m.position), matches.map((m) => m.productId)],
  );
  await markUnmatched(db, batchId, unmatchedReason);
}

async function markUnmatched(db: Queryable, batchId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE picture_batch_files SET status = 'unmatched', bytes = NULL, reason = $2
      WHERE batch_id = $1 AND status = 'waiting' AND product_ids IS NULL`,
    [batchId, reason],
  );
}

/**
 * An import's waiting files matched to every product whose `imagens` names them (by file name,
 * folders and case ignored), ranked by their place there (1: the main picture).
 */
export async function matchBatchToImageNames(db: Queryable, batchId: string, unmatchedReason: string): Promise<void> {
  await db.query(
    `WITH named AS (SELECT p.id, lower(regexp_replace(n.name, '^.*[\\\\/]', '')) AS name, n.place
                      FROM products p CROSS JOIN LATERAL unnest(p.image_files) WITH ORDINALITY AS n(name, place)
                     WHERE cardinality(p.image_files) > 0),
          matched AS (SELECT f.position, array_agg(DISTINCT named.id) AS ids, min(named.place) AS rank
                        FROM picture_batch_files f JOIN named ON named.name = lower(f.name)
                       WHERE f.batch_id = $1 AND f.status = 'waiting'
                       GROUP BY f.position)
     UPDATE picture_batch_files f SET product_ids = m.ids, rank = m.rank FROM matched m WHERE f.batch_id = $1 AND f.position = m.position`,
    [batchId],
  );
  await markUnmatched(db, batchId, unmatchedReason);
}

export interface PictureBatchRow {
  id: string;
  staff_id: number;
  staff_email: string;
  import_id: string | null;
  queued: boolean;
}

export async function findPictureBatch(db: Queryable, by: { id: string } | { importId: string }): Promise<PictureBatchRow | null> {
  const { rows } = await db.query<PictureBatchRow>(
    `SELECT b.id, b.staff_id, s.email AS staff_email, b.import_id, b.queued
       FROM picture_batches b JOIN staff s ON s.id = b.staff_id WHERE ${'id' in by ? 'b.id' : 'b.import_id'} = $1`,
    ['id' in by ? by.id : by.importId],
  );
  return rows[0] ?? null;
}

export async function linkBatchToImport(db: Queryable, batchId: string, importId: string): Promise<void> {
  await db.query('UPDATE picture_batches SET import_id = $2 WHERE id = $1', [batchId, importId]);
}

/** Marks the batch queued once; false when it already was (the job is added once). */
export async function markBatchQueued(db: Queryable, batchId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE picture_batches SET queued = true, updated_at = now() WHERE id = $1 AND NOT queued', [
    batchId,
  ]);
  return rowCount === 1;
}

export async function takeNextWaitingFile(
  db: Queryable,
  batchId: string,
): Promise<{ position: number; name: string; bytes: Buffer; product_ids: number[] } | null> {
  const { rows } = await db.query<{ position: number; name: string; bytes: Buffer; product_ids: number[] }>(
    `SELECT position, name, bytes, product_ids FROM picture_batch_files
      WHERE batch_id = $1 AND status = 'waiting' AND bytes IS NOT NULL ORDER BY rank, position LIMIT 1`,
    [batchId],
  );
  return rows[0] ?? null;
}

export async function finishBatchFile(
  db: Queryable,
  batchId: string,
  position: number,
  outcome: { status: 'stored'; url: string } | { status: 'refused'; reason: string },
): Promise<void> {
  await db.query(`UPDATE picture_batch_files SET status = $3, url = $4, reason = $5, bytes = NULL WHERE batch_id = $1 AND position = $2;`, [
    batchId,
    position,
    outcome.status,
    outcome.status === 'stored' ? outcome.url : null,
    outcome.status === 'refused' ? outcome.reason : null,
  ]);
  await db.query('UPDATE picture_batches SET updated_at = now() WHERE id = $1', [batchId]);
}

export interface BatchFileRow {
  name: string;
  status: BatchFileStatus;
  reason: string | null;
}

/** The batch's counts by status, and its refused and unmatched files (the first `limit`). */
export async function readBatchProgress(
  db: Queryable,
  batchId: string,
  limit: number,
): Promise<{ counts: Record<BatchFileStatus, number>; problems: BatchFileRow[] }> {
  const { rows } = await db.query<{ status: BatchFileStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM picture_batch_files WHERE batch_id = $1 GROUP BY status',
    [batchId],
  );
  const counts: Record<BatchFileStatus, number> = { waiting: 0, stored: 0, refused: 0, unmatched: 0 };
  for (const row of rows) counts[row.status] = row.n;
  const problems = await db.query<BatchFileRow>(
    `SELECT name, status, reason FROM picture_batch_files WHERE batch_id = $1 AND status IN ('refused', 'unmatched')
      ORDER BY position LIMIT $2`,
    [batchId, limit],
  );
  return { counts, problems: problems.rows };
}
