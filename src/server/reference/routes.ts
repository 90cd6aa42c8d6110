// The address look-ups of accounts spec section 3, framework-free: the endpoint files under
// src/pages/ecom/endereco are one-line adapters to these.
import { toId } from '#lib/contract/input.ts';
import { CityByCodeSchema, StatesQuerySchema } from '#lib/contract/reference.ts';
import { withDomainErrors } from '../http/error-result.ts';
import { jsonResult, readJsonBody, readQuery } from '../http/responses.ts';
import { referenceError } from './errors.ts';
import { getReferenceService } from './index.ts';

const DAY_CACHE = { 'cache-control': 'public, max-age=86400' };

/** GET /ecom/endereco/estados?pais_id=: states (1-27 Brazil, 28-45 Paraguay) as `{ data }`. */
export const getStates = withDomainErrors(async ({ url, locals }) => {
  const query = readQuery(url.searchParams, StatesQuerySchema, locals.locale);
  if (!query.ok) return query.result;
  return jsonResult(200, { data: await getReferenceService().listStates(query.data.pais_id) }, DAY_CACHE);
});

/** GET /ecom/endereco/estados/{estado_id}/cidades: the state's cities as `{ data }`. */
export const getStateCities = withDomainErrors(async ({ id }) => {
  const service = getReferenceService();
  const stateId = toId(id);
  const state = stateId === null ? null : await service.getState(stateId);
  if (!state) throw referenceError('not_found', 'resourceNotFound', { code: 'state_not_found' });
  return jsonResult(200, { data: await service.listCities(state.estado_id), estado: state }, DAY_CACHE);
});

/**
 * POST /ecom/endereco/cidade-por-codigo {pais_id, codigo}: the city of a municipality code
 * (IBGE for Brazil, what the postal-code lookup returns; SIFEN district code of 1 to 3 digits for
 * Paraguay) as `{ id, nome, codigo, estado }`.
 */
export const postCityByCode = withDomainErrors(async ({ body, locals }) => {
  const parsed = await readJsonBody(body, CityByCodeSchema, locals.locale);
  if (!parsed.ok) return parsed.result;
  const city = await getReferenceService().findCityByCode(parsed.data.pais_id, parsed.data.codigo);
  if (!city) throw referenceError('not_found', 'cityNotFound', { code: 'city_not_found', field: 'codigo' });
  return jsonResult(200, {
    id: city.cidade_id,
    cidade_id: city.cidade_id,
    nome: city.nome_cidade,
    codigo: city.cidade_codigo,
    estado_id: city.estado.estado_id,
    estado: { id: city.estado.estado_id, ...city.estado },
  });
});
