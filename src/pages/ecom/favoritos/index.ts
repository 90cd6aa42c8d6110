import type { APIRoute } from 'astro';
import { z } from 'zod';
import { favouritesMessages } from '../../../lib/i18n/favourites.ts';
import { createTranslator } from '../../../lib/i18n/translator.ts';
import { toApiLang } from '../../../lib/locale.ts';
import { getFavouritesService } from '../../../server/favourites/services.ts';
import { json, jsonError, parseJsonBody } from '../../../server/http/responses.ts';
import { idSchema } from '../../../lib/contract/input.ts';

const BodySchema = z.object({ produto_id: idSchema });

/** GET /ecom/favoritos: the signed-in customer's favourites as `{ data }`. */
export const GET: APIRoute = async ({ locals }) => {
  const t = createTranslator(favouritesMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  return json({ data: await getFavouritesService().listFavourites(locals.customer.id, toApiLang(locals.locale)) });
};

/** POST /ecom/favoritos {produto_id}: adds (idempotent) and answers `{ id, produto_id }`. */
export const POST: APIRoute = async ({ request, locals }) => {
  const t = createTranslator(favouritesMessages, locals.locale);
  if (!locals.customer) return jsonError(401, t('loginRequired'));
  const parsed = await parseJsonBody(request, BodySchema, locals.locale);
  if (!parsed.ok) return parsed.response;
  const added = await getFavouritesService().addFavourite(locals.customer.id, parsed.data.produto_id);
  if (!added) return jsonError(422, t('productNotFound'), { produto_id: [t('productNotFound')] });
  return json(added, { status: 201 });
};
