// The address look-ups of accounts spec section 3, framework-free: the endpoint files under
// src/pages/ecom/endereco are one-line adapters to these.
import { z } from 'zod';
import { toId } from '#lib/contract/input.ts';
import type { Locale } from '#lib/locale.ts';
import { toErrorResponse } from '../http/error-result.ts';
import { json, parseJsonBody, parseQuery } from '../http/responses.ts';
import { referenceError } from './errors.ts';
import type { ReferenceService } from './service.ts';

const DAY_CACHE = { headers: { 'cache-control': 'public, max-age=86400' } };

const StatesQuerySchema = z.object({ pais_id: z.coerce.number().int().min(1).max(2).optional() });

const CityByCodeSchema = z.object({
  pais_id: z.coerce.number().int().min(1).max(2),
  codigo: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,7}$/)),
});

/** GET /ecom/endereco/estados?pais_id=: states (1-27 Brazil, 28-45 Paraguay) as `{ data }`. */
export async function getStates(service: ReferenceService, url: URL, locale: Locale): Promise<Response> {
  const query = parseQuery(url, StatesQuerySchema, locale);
  if (!query.ok) return query.response;
  return json({ data: await service.listStates(query.data.pais_id) }, DAY_CACHE);
}

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export async function getStateCities(service: ReferenceService, idParam: string | undefined, locale: Locale): Promise<Response> {
  const stateId = toId(idParam);
  try {
    const state = stateId === null ? null : await service.getState(stateId);
    if (!state) throw referenceError('not_found', 'resourceNotFound', { code: 'state_not_found' });
    return json({ data: await service.listCities(state.estado_id), estado: state }, DAY_CACHE);
  } catch (error) {
    return toErrorResponse(error, locale);
  }
}

/**
 * POST /ecom/endereco/cidade-por-codigo {pais_id, codigo}: the city of a municipality code
 * (IBGE for Brazil, what the postal-code lookup returns; SIFEN district code of 1 to 3 digits for
 * Paraguay) as `{ id, nome, codigo, estado }`.
 */
export async function postCityByCode(service: ReferenceService, request: Request, locale: Locale): Promise<Response> {
  const parsed = await parseJsonBody(request, CityByCodeSchema, locale);
  if (!parsed.ok) return parsed.response;
  try {
    const city = await service.findCityByCode(parsed.data.pais_id, parsed.data.codigo);
    if (!city) throw referenceError('not_found', 'cityNotFound', { code: 'city_not_found', field: 'codigo' });
    return json({
      id: city.cidade_id,
      cidade_id: city.cidade_id,
      nome: city.nome_cidade,
      codigo: city.cidade_codigo,
      estado_id: city.estado.estado_id,
      estado: { id: city.estado.estado_id, ...city.estado },
    });
  } catch (error) {
    return toErrorResponse(error, locale);
  }
}
