import type { APIRoute } from 'astro';
import { commonMessages } from '../../../../../lib/i18n/common.ts';
import { createTranslator } from '../../../../../lib/i18n/translator.ts';
import { json, jsonError } from '../../../../../server/http/responses.ts';
import { getReferenceService } from '../../../../../server/reference/services.ts';
import { toId } from '../../../../../lib/contract/input.ts';

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export const GET: APIRoute = async ({ params, locals }) => {
  const stateId = toId(params.id);
  const service = getReferenceService();
  const state = stateId === null ? null : await service.getState(stateId);
  if (!state) return jsonError(404, createTranslator(commonMessages, locals.locale)('resourceNotFound'));
  const data = await service.listCities(state.estado_id);
  return json({ data, estado: state }, { headers: { 'cache-control': 'public, max-age=86400' } });
};
