import type { AuditActor, AuditEntry } from '../audit/index.ts';
import type { CatalogueTag } from '../catalogue-changes/index.ts';
import { runInTransaction, type ConnectionSource, type Queryable } from '../db/client.ts';
import { mediaError } from './errors.ts';
import type { PictureStore } from './picture-store.ts';
import { findProductSummary, lockProductImages, searchProducts, updateProductImages } from './repository.ts';

export interface CatalogueMediaDeps {
  db: Queryable;
  connect: ConnectionSource['connect'];
  pictures: PictureStore;
  writeAudit: (tx: Queryable, entry: AuditEntry) => Promise<void>;
  announce: (tags: readonly CatalogueTag[]) => void;
}

/** A product shows at most this many pictures (the gallery's scroller). */
export const MAX_PRODUCT_PICTURES = 12;
const CLI_ACTOR: AuditActor = { staffId: null, email: 'cli' };

export type PictureMove = 'up' | 'down' | 'first';

/** Product pictures: add (through the picture store), order, remove; each change audited and announced. */
export function createCatalogueMediaService(deps: CatalogueMediaDeps) {
  const { db, connect, pictures, writeAudit, announce } = deps;

  async function changeProductImages(
    productId: number,
    actor: AuditActor,
    action: string,
    change: (images: { url: string }[]) => { url: string }[],
  ): Promise<{ url: string }[]> {
    const after = await runInTransaction({ connect }, async (tx) => {
      const before = await lockProductImages(tx, productId);
      if (!before) throw mediaError('not_found', 'notFound');
      const next = change(before);
      await updateProductImages(tx, productId, next);
      await writeAudit(tx, {
        actor,
        action,
        entityType: 'product',
        entityId: productId,
        before: { images: before },
        after: { images: next },
      });
      return next;
    });
    announce([`product:${productId}`]);
    return after;
  }

  /**
   * Checks, stores and resizes a picture, then adds it as the product's last picture (the import's
   * `--images` and the panel both come here). Throws a mediaError with the reason it was refused.
   */
  async function storeProductPicture(
    productId: number,
    bytes: Buffer,
    fileName: string,
    actor: AuditActor = CLI_ACTOR,
  ): Promise<{ url: string }> {
    if (!(await findProductSummary(db, productId))) throw mediaError('not_found', 'notFound');
    const url = await pictures.storePicture(bytes, fileName, 'product');
    await changeProductImages(productId, actor, 'product.picture_add', (images) => {
      if (images.some((image) => image.url === url)) return images;
      return [...images, { url }].slice(-MAX_PRODUCT_PICTURES);
    });
    return { url };
  }

  function removeProductPicture(productId: number, url: string, actor: AuditActor) {
    return changeProductImages(productId, actor, 'product.picture_remove', (images) => {
      if (!images.some((image) => image.url === url)) throw mediaError('not_found', 'notFound');
      return images.filter((image) => image.url !== url);
    });
  }

  function moveProductPicture(productId: number, url: string, move: PictureMove, actor: AuditActor) {
    return changeProductImages(productId, actor, 'product.picture_order', (images) => {
      const index = images.findIndex((image) => image.url === url);
      const picked = images[index];
      if (!picked) throw mediaError('not_found', 'notFound');
      const rest = images.filter((_, i) => i !== index);
      const target = move === 'first' ? 0 : Math.max(0, Math.min(rest.length, index + (move === 'up' ? -1 : 1)));
      rest.splice(target, 0, picked);
      return rest;
    });
  }

  return {
    storeProductPicture,
    removeProductPicture,
    moveProductPicture,
    getProduct: (productId: number) => findProductSummary(db, productId),
    findProducts: (text: string) => searchProducts(db, text, 20),
  };
}

export type CatalogueMediaService = ReturnType<typeof createCatalogueMediaService>;
