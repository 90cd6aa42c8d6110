import { z } from 'zod';
import { isValidRuc } from '../documents.ts';
import { isValidEmail } from '../email-address.ts';
import type { Locale } from '../locale.ts';
import { toPhoneNumber } from '../phone.ts';
import { isSafeText, isSingleLineText } from '../safe-text.ts';

/**
 * The store's own details (issue 33 point 3), as the panel writes them and every page, e-mail and
 * order document reads them. Texts a shopper reads in their language (names, address, hours,
 * quick-link labels) come in both; the rest is the same everywhere. Each refusal's message is a
 * key of the panel's store catalogue (i18n/panel-store.ts).
 */

export const STORE_PHONES_MAX = 5;
export const STORE_EMAILS_MAX = 5;
export const QUICK_LINKS_MAX = 8;
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** Each network's own name (a brand, the same in every language). */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = { instagram: 'Instagram', facebook: 'Facebook', youtube: 'YouTube' };

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'tooLong' })
    .refine((value) => isSafeText(value) && isSingleLineText(value), { message: 'unsafe' });
const required = (max: number) => line(max).min(1, { message: 'required' });
/** Paraguay's and Brazil's and Argentina's numbers, stored in their international form ('+595 61 500200'). */
const phone = line(40).transform((value, ctx) => {
  const number = toPhoneNumber(value, 'PY');
  if (number) return number.international;
  ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
  return z.NEVER;
});
const email = line(200).refine(isValidEmail, { message: 'emailInvalid' });
/** A social profile: an https address, or nothing. */
const profile = line(300).refine((value) => value === '' || (URL.canParse(value) && value.startsWith('https://')), {
  message: 'urlInvalid',
});
/** A quick link: a page of the shop ('/marca/bosch', '/produtos?text=kit') or an https address. */
const linkTarget = required(300).refine(
  (value) => (value.startsWith('/') && !value.startsWith('//')) || (URL.canParse(value) && value.startsWith('https://')),
  { message: 'linkInvalid' },
);

export const StoreDetailsSchema = z.object({
  name_pt: required(120),
  name_es: required(120),
  legal_name: line(200),
  ruc: line(20).refine((value) => value === '' || isValidRuc(value), { message: 'rucInvalid' }),
  address_pt: line(300),
  address_es: line(300),
  hours_pt: line(200),
  hours_es: line(200),
  phones: z.array(phone).max(STORE_PHONES_MAX, { message: 'tooMany' }),
  whatsapp: z.union([z.literal(''), phone]),
  emails: z.array(email).max(STORE_EMAILS_MAX, { message: 'tooMany' }),
  social: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, profile])) as Record<SocialNetwork, typeof profile>),
  quick_links: z
    .array(z.object({ label_pt: required(60), label_es: required(60), href: linkTarget }))
    .max(QUICK_LINKS_MAX, { message: 'tooMany' }),
});
export type StoreDetails = z.output<typeof StoreDetailsSchema>;

/** The details in one language, as pages, e-mails and documents show them. */
export interface LocalStoreDetails {
  name: string;
  legalName: string;
  ruc: string;
  address: string;
  hours: string;
  phones: string[];
  /** The WhatsApp number's digits with the country code, for wa.me links; '' when none. */
  whatsappDigits: string;
  whatsapp: string;
  emails: string[];
  social: { network: SocialNetwork; url: string }[];
  quickLinks: { label: string; href: string }[];
}

/**
 * The stored details in `locale`'s language; `fallbackName` (the catalogue's site name) where the
 * store has none saved yet, every other part empty so pages leave it out.
 */
export function toLocalStoreDetails(details: StoreDetails | null, locale: Locale, fallbackName: string): LocalStoreDetails {
  const pt = locale === 'pt-BR';
  if (!details)
    return {
      name: fallbackName,
      legalName: '',
      ruc: '',
      address: '',
      hours: '',
      phones: [],
      whatsappDigits: '',
      whatsapp: '',
      emails: [],
      social: [],
      quickLinks: [],
    };
  return {
    name: pt ? details.name_pt : details.name_es,
    legalName: details.legal_name,
    ruc: details.ruc,
    address: pt ? details.address_pt : details.address_es,
    hours: pt ? details.hours_pt : details.hours_es,
    phones: details.phones,
    whatsappDigits: details.whatsapp.replace(/\D/g, ''),
    whatsapp: details.whatsapp,
    emails: details.emails,
    social: SOCIAL_NETWORKS.filter((network) => details.social[network] !== '').map((network) => ({
      network,
      url: details.social[network],
    })),
    quickLinks: details.quick_links.map((link) => ({ label: pt ? link.label_pt : link.label_es, href: link.href })),
  };
}
