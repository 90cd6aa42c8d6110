import type { APIRoute } from 'astro';
import { commonMessages } from '../../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getReferenceService } from '../../../../../server/reference/services.ts';

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export const GET: APIRoute = async ({ params, locals }) => {
  const stateId = Number(params.id);
  const service = getReferenceService();
  const state = Number.isInteger(stateId) ? await service.getState(stateId) : null;
  if (!state) return jsonError(404, createTranslator(commonMessages, locals.locale)('resourceNotFound'));
  const data = await service.listCities(stateId);
  return json({ data, estado: state }, { headers: { 'cache-control': 'public, max-age=86400' } });
};
