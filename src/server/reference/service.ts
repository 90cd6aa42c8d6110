import { createCache } from '../cache/index.ts';
import type { Queryable } from '../db/client.ts';
import { findCityRowByCode, getCityRow, listActiveCityRows, listStateRows, type CityRow, type StateRow } from './repository.ts';

export interface StateView {
  estado_id: number;
  estado_nome: string;
  /** UF (Brazil) or department code (Paraguay). */
  uf: string;
  pais_id: 1 | 2;
}

export interface CityView {
  cidade_id: number;
  cidade_codigo: string;
  nome_cidade: string;
  estado_id: number;
}

export interface CityWithState extends CityView {
  estado: StateView;
}

const toState = (row: StateRow): StateView => ({ estado_id: row.id, estado_nome: row.name, uf: row.code, pais_id: row.country_id });
const toCity = (row: CityRow): CityView => ({ cidade_id: row.id, cidade_codigo: row.code, nome_cidade: row.name, estado_id: row.state_id });
/** Shoppers pick a city from a select: alphabetical, accents ignored (ids follow the sources' order). */
const cityNameCollator = new Intl.Collator('es', { sensitivity: 'base' });
const byCityName = (a: CityView, b: CityView) => cityNameCollator.compare(a.nome_cidade, b.nome_cidade);

/** Brazil's 27 states and Paraguay's 18 departments, with room to spare. */
const MAX_STATES = 100;

/**
 * States and cities (accounts spec section 3), read from the states/cities tables. The data
 * never changes while the shop runs (migrations write it), so each list is read once per service.
 */
export function createReferenceService({ db }: { db: Queryable }) {
  const states = createCache<'all', Promise<StateView[]>>({ name: 'reference-states', maxEntries: 1, listens: false });
  const citiesByState = createCache<number, Promise<CityView[]>>({ name: 'reference-cities', maxEntries: MAX_STATES, listens: false });

  async function listStates(countryId?: number): Promise<StateView[]> {
    const all = await states.getOrSet('all', () => listStateRows(db).then((rows) => rows.map(toState)));
    return countryId === undefined ? all : all.filter((state) => state.pais_id === countryId);
  }

  async function getState(stateId: number): Promise<StateView | null> {
    return (await listStates()).find((state) => state.estado_id === stateId) ?? null;
  }

  function listCities(stateId: number): Promise<CityView[]> {
    return citiesByState.getOrSet(stateId, () => listActiveCityRows(db, stateId).then((rows) => rows.map(toCity).sort(byCityName)));
  }

  async function withState(row: CityRow | undefined): Promise<CityWithState | null> {
    if (!row) return null;
    const state = await getState(row.state_id);
    return state ? { ...toCity(row), estado: state } : null;
  }

  return {
    listStates,
    getState,
    listCities,
    async getCity(cityId: number): Promise<CityWithState | null> {
      return withState(await getCityRow(db, cityId));
    },
    /** A municipality code (IBGE 7 digits for Brazil, SIFEN district code for Paraguay) to its city. */
    async findCityByCode(countryId: number, code: string): Promise<CityWithState | null> {
      return withState(await findCityRowByCode(db, countryId, code));
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
