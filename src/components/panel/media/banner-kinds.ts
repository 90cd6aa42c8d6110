import type { MediaMessageKey } from '#lib/i18n/panel-media.ts';
import type { BannerKind } from '#lib/contract/catalogue-media.ts';

/** The panel's name for each banner type of the spec. */
export const KIND_LABEL: Record<BannerKind, MediaMessageKey> = {
  'Banner Principal': 'kindMain',
  'Triplo Esquerdo': 'kindLeft',
  'Triplo Centro': 'kindCenter',
  'Triplo Direito': 'kindRight',
  'Receba Ofertas': 'kindOffers',
};
