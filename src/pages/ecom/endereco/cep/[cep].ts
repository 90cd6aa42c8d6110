import type { APIRoute } from 'astro';
import { json, jsonError } from '../../../../server/http/responses.ts';
import { getAccountTexts } from '../../../../server/accounts/http.ts';
import { getPostalCodeLookup } from '../../../../server/postal-code/viacep.ts';

/** GET /ecom/endereco/cep/{cep}: the address of a CEP (viacep fields); 404 with the manual-choice message. */
export const GET: APIRoute = async (context) => {
  const { t } = getAccountTexts(context.locals.locale);
  const result = await getPostalCodeLookup().lookup(context.params.cep ?? '');
  if (result.kind === 'found') return json(result.address, { headers: { 'cache-control': 'public, max-age=86400' } });
  if (result.kind === 'unavailable') console.warn('[cep] lookup service unavailable');
  return jsonError(result.kind === 'not_found' ? 404 : 503, t('cepNotFound'));
};
