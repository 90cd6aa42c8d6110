import { toPhoneNumber } from '#lib/phone.ts';
import type { AuditActor } from '../audit/index.ts';
import { runInTransaction } from '../db/client.ts';
import { mediaError } from './errors.ts';
import {
  deleteBanner,
  deleteSeller,
  insertBanner,
  insertSeller,
  listBannerRows,
  listBrandRows,
  listSellerRows,
  lockBanner,
  lockBannersOfKind,
  lockBrand,
  lockSeller,
  setBannerOrder,
  updateBanner,
  updateBrandLogo,
  updateSeller,
  type BannerFields,
  type BannerKind,
  type SellerFields,
} from './repository.ts';
import type { CatalogueMediaDeps } from './service.ts';

export interface UploadedPicture {
  bytes: Buffer;
  fileName: string;
}

export interface BannerInput extends Omit<BannerFields, 'imageUrl' | 'link'> {
  id?: number;
  link: string;
  image?: UploadedPicture;
}

export interface SellerInput extends Omit<SellerFields, 'photoUrl' | 'whatsapp'> {
  id?: number;
  whatsapp: string;
  photo?: UploadedPicture;
}

/**
 * A banner's link: a path of this shop ('/produtos/x', not '//elsewhere') or an https address;
 * empty means none (the storefront then leads to /produtos).
 */
export function toBannerLink(value: string): string | null {
  const link = value.trim();
  if (link === '') return null;
  if (link.length > 500 || /[\s\\<>"]/.test(link)) throw mediaError('invalid', 'badLink');
  if (/^\/(?!\/)/.test(link)) return link;
  try {
    const url = new URL(link);
    if (url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password) return url.href;
  } catch {
    // not an address at all
  }
  throw mediaError('invalid', 'badLink');
}

/** A seller's WhatsApp number as the storefront's wa.me links want it: digits with the country code (a local number is read as Paraguayan). */
export function toWhatsappDigits(value: string): string | null {
  if (value.trim() === '') return null;
  const phone = toPhoneNumber(value, 'PY');
  if (!phone) throw mediaError('invalid', 'badPhone');
  return phone.e164.slice(1);
}

/** Banners, brand logos and sellers of the storefront; each change audited and announced. */
export function createShowcaseService(deps: CatalogueMediaDeps) {
  const { db, connect, pictures, writeAudit, announce } = deps;
  const transaction = <T>(work: Parameters<typeof runInTransaction<T>>[1]) => runInTransaction({ connect }, work);
  const upload = (picture: UploadedPicture | undefined, purpose: 'banner' | 'seller' | 'brand') =>
    picture ? pictures.storePicture(picture.bytes, picture.fileName, purpose) : Promise.resolve(null);

  async function saveBanner(actor: AuditActor, input: BannerInput): Promise<number> {
    const link = toBannerLink(input.link);
    if (input.id === undefined && !input.image) throw mediaError('invalid', 'pictureMissing');
    const imageUrl = await upload(input.image, 'banner');
    const id = await transaction(async (tx) => {
      const before = input.id === undefined ? null : await lockBanner(tx, input.id);
      if (input.id !== undefined && !before) throw mediaError('not_found', 'notFound');
      const fields: BannerFields = { ...input, link, imageUrl: imageUrl ?? before?.image_url ?? '' };
      const bannerId = before ? before.id : await insertBanner(tx, fields);
      if (before) await updateBanner(tx, before.id, fields);
      await writeAudit(tx, {
        actor,
        action: before ? 'banner.update' : 'banner.create',
        entityType: 'banner',
        entityId: bannerId,
        before,
        after: fields,
      });
      return bannerId;
    });
    announce(['banners']);
    return id;
  }

  async function moveBanner(actor: AuditActor, id: number, move: 'up' | 'down'): Promise<void> {
    await transaction(async (tx) => {
      const banner = await lockBanner(tx, id);
      if (!banner) throw mediaError('not_found', 'notFound');
      const ids = await lockBannersOfKind(tx, banner.kind as BannerKind);
      const index = ids.indexOf(id);
      const target = Math.max(0, Math.min(ids.length - 1, index + (move === 'up' ? -1 : 1)));
      ids.splice(index, 1);
      ids.splice(target, 0, id);
      await setBannerOrder(tx, ids);
      await writeAudit(tx, {
        actor,
        action: 'banner.order',
        entityType: 'banner',
        entityId: id,
        before: { position: index + 1 },
        after: { position: target + 1 },
      });
    });
    announce(['banners']);
  }

  async function removeBanner(actor: AuditActor, id: number): Promise<void> {
    await transaction(async (tx) => {
      const before = await lockBanner(tx, id);
      if (!before) throw mediaError('not_found', 'notFound');
      await deleteBanner(tx, id);
      await writeAudit(tx, { actor, action: 'banner.delete', entityType: 'banner', entityId: id, before });
    });
    announce(['banners']);
  }

  async function setBrandLogo(actor: AuditActor, brandId: number, logo: UploadedPicture): Promise<void> {
    const logoUrl = await pictures.storePicture(logo.bytes, logo.fileName, 'brand');
    await transaction(async (tx) => {
      const before = await lockBrand(tx, brandId);
      if (!before) throw mediaError('not_found', 'notFound');
      await updateBrandLogo(tx, brandId, logoUrl);
      await writeAudit(tx, {
        actor,
        action: 'brand.logo',
        entityType: 'brand',
        entityId: brandId,
        before: { logo_url: before.logo_url },
        after: { logo_url: logoUrl },
      });
    });
    announce([`brand:${brandId}`]);
  }

  async function saveSeller(actor: AuditActor, input: SellerInput): Promise<number> {
    const whatsapp = toWhatsappDigits(input.whatsapp);
    const photoUrl = await upload(input.photo, 'seller');
    const id = await transaction(async (tx) => {
      const before = input.id === undefined ? null : await lockSeller(tx, input.id);
      if (input.id !== undefined && !before) throw mediaError('not_found', 'notFound');
      const fields: SellerFields = {
        name: input.name,
        rolePt: input.rolePt,
        roleEs: input.roleEs,
        whatsapp,
        photoUrl: photoUrl ?? before?.photo_url ?? null,
      };
      const sellerId = before ? before.id : await insertSeller(tx, fields);
      if (before) await updateSeller(tx, before.id, fields);
      await writeAudit(tx, {
        actor,
        action: before ? 'seller.update' : 'seller.create',
        entityType: 'seller',
        entityId: sellerId,
        before,
        after: fields,
      });
      return sellerId;
    });
    announce(['sellers']);
    return id;
  }

  async function removeSeller(actor: AuditActor, id: number): Promise<void> {
    await transaction(async (tx) => {
      const before = await lockSeller(tx, id);
      if (!before) throw mediaError('not_found', 'notFound');
      await deleteSeller(tx, id);
      await writeAudit(tx, { actor, action: 'seller.delete', entityType: 'seller', entityId: id, before });
    });
    announce(['sellers']);
  }

  return {
    listBanners: () => listBannerRows(db),
    listBrands: () => listBrandRows(db),
    listSellers: () => listSellerRows(db),
    saveBanner,
    moveBanner,
    removeBanner,
    setBrandLogo,
    saveSeller,
    removeSeller,
  };
}

export type ShowcaseService = ReturnType<typeof createShowcaseService>;
