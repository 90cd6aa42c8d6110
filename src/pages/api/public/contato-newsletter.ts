import type { APIRoute } from 'astro';
import { NewsletterBodySchema } from '../../../lib/contract/catalog.ts';
import { catalogApiMessages } from '../../../lib/i18n/catalog-api.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { getPhoneCountry, toStoredPhoneDigits } from '../../../lib/phone.ts';
import { handleCatalogRequest } from '../../../server/catalog/http.ts';
import { getCatalogService } from '../../../server/catalog/services.ts';
import { json, parseJsonBody } from '../../../server/http/responses.ts';

/**
 * Offers signup: the phone's digits (10 to 15) are stored once, read by the shop's one phone rule
 * (a local '0981 123456' on the es-PY host is stored as 595981123456); a repeat answers 200.
 */
export const POST: APIRoute = (context) => handleCatalogRequest(context, async () => {
  const body = await parseJsonBody(context.request, NewsletterBodySchema, context.locals.locale);
  if (!body.ok) return body.response;
  const t = createTranslator(catalogApiMessages, context.locals.locale);
  const { created } = await getCatalogService().saveNewsletterContact(toStoredPhoneDigits(body.data.celular, getPhoneCountry(context.locals.locale)), context.locals.locale);
  return json({ message: t(created ? 'newsletterSaved' : 'newsletterKnown'), celular: body.data.celular }, { status: created ? 201 : 200 });
});
