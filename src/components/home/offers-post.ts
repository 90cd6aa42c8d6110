import { toPhoneDigits } from '#lib/offers-phone.ts';
import { getPhoneCountry, toStoredPhoneDigits } from '#lib/phone.ts';
import type { Locale } from '#lib/locale.ts';
import { getCatalogService } from '#server/catalog/index.ts';

/** The offers form posted without JavaScript: the same rule as the API (10 to 15 digits). */
export async function handleOffersPost(request: Request, locale: Locale): Promise<'sent' | 'invalid'> {
  const form = await request.formData().catch(() => null);
  const value = form?.get('celular');
  const digits = typeof value === 'string' ? toPhoneDigits(value) : '';
  if (digits.length < 10 || digits.length > 15) return 'invalid';
  await getCatalogService().saveNewsletterContact(toStoredPhoneDigits(value as string, getPhoneCountry(locale)), locale);
  return 'sent';
}
