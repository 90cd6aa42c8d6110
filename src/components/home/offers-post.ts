import { OFFERS_PHONE_MAX_LENGTH, validateOffersPhone } from '#lib/offers-phone.ts';
import { getPhoneCountry, toStoredPhoneDigits } from '#lib/phone.ts';
import type { Locale } from '#lib/locale.ts';
import { getCatalogService } from '#server/catalog/index.ts';

export interface OffersPost {
  status: 'sent' | 'invalid';
  /** What was typed, shown again with its error when refused. */
  typed: string;
}

/** The offers form posted without JavaScript: the desktop form's rules, as the API applies them. */
export async function handleOffersPost(request: Request, locale: Locale): Promise<OffersPost> {
  const form = await request.formData().catch(() => null);
  const value = form?.get('celular');
  const typed = typeof value === 'string' ? value.slice(0, OFFERS_PHONE_MAX_LENGTH.desktop * 2) : '';
  if (validateOffersPhone(typed) !== null) return { status: 'invalid', typed };
  await getCatalogService().saveNewsletterContact(toStoredPhoneDigits(typed, getPhoneCountry(locale)), locale);
  return { status: 'sent', typed: '' };
}
