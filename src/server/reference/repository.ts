import type { Queryable } from '../db/client.ts';

export interface StateRow {
  id: number;
  country_id: 1 | 2;
  name: string;
  code: string;
}
export interface CityRow {
  id: number;
  state_id: number;
  code: string;
  name: string;
}

/** The states/cities tables (accounts spec section 3): the only SQL of the reference domain. */
export async function listStateRows(db: Queryable): Promise<StateRow[]> {
  return (await db.query<StateRow>('SELECT id, country_id, name, code FROM states ORDER BY id')).rows;
}

/** Inactive rows are districts the official list no longer has: kept for old addresses only. */
export async function listActiveCityRows(db: Queryable, stateId: number): Promise<CityRow[]> {
  return (await db.query<CityRow>('SELECT id, state_id, code, name FROM cities WHERE state_id = $1 AND active ORDER BY id', [stateId]))
    .rows;
}

export async function getCityRow(db: Queryable, cityId: number): Promise<CityRow | undefined> {
  return (await db.query<CityRow>('SELECT id, state_id, code, name FROM cities WHERE id = $1', [cityId])).rows[0];
}

export async function findCityRowByCode(db: Queryable, countryId: number, code: string): Promise<CityRow | undefined> {
  const { rows } = await db.query<CityRow>(
    `SELECT c.id, c.state_id, c.code, c.name FROM cities c JOIN states s ON s.id = c.state_id
      WHERE s.country_id = $1 AND c.code = $2 AND c.active`,
    [countryId, code],
  );
  return rows[0];
}
