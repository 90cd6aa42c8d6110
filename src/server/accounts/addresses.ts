import type { AccountAddress, AddressForm } from '../../lib/contract/accounts.ts';
import type { Queryable } from '../db/client.ts';
import { createReferenceService } from '../reference/index.ts';

/** The stored columns under the contract's names (AccountAddress): the one mapping of an address. */
const ADDRESS_FIELDS = `id, name AS nome, postal_code AS cep, street AS logradouro, number AS numero, district AS bairro,
  city_name AS cidade, state_name AS estado, country_name AS pais, complement AS complemento, directions AS como_chegar,
  active AS ativo, main AS principal, city_id AS cidade_id, state_id AS estado_id, country_id AS pais_id`;

const toId = (value: string) => (value === '' ? null : Number(value));
const isTrue = (value: string) => value === 'true' || value === '1';

/** The stored columns of an address form, in the order of the INSERT and UPDATE below. */
function toColumns(input: AddressForm) {
  const countryId = input.pais_id === '2' ? 2 : 1;
  return [
    input.nome.trim(), input.cep.replace(/\D/g, ''), input.logradouro.trim(), input.numero.trim(),
    input.bairro.trim(), input.cidade.trim(), input.estado.trim(),
    input.pais.trim() || (countryId === 2 ? 'Paraguai' : 'Brasil'), input.complemento.trim(),
    input.como_chegar.trim(), toId(input.cidade_id), toId(input.estado_id), countryId,
  ];
}

/** Delivery addresses of one customer: every query is scoped by customer_id (others get 404). */
export function createAddressService({ db }: { db: Queryable }) {
  const reference = createReferenceService({ db });

  async function clearMain(customerId: number) {
    await db.query('UPDATE customer_addresses SET main = false WHERE customer_id = $1 AND main', [customerId]);
  }

  async function setMainAddress(customerId: number, id: number): Promise<AccountAddress | null> {
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM customer_addresses WHERE id = $1 AND customer_id = $2 AND active',
      [id, customerId],
    );
    if (!rows[0]) return null;
    await clearMain(customerId);
    const updated = await db.query<AccountAddress>(`UPDATE customer_addresses SET main = true WHERE id = $1 RETURNING ${ADDRESS_FIELDS}`, [id]);
    return updated.rows[0] ?? null;
  }

  return {
    /**
     * The form with its city and state names taken from the reference data when a city id is
     * sent (shipping prices by that id); null when the city does not exist, or lies in another
     * state or country than the form says.
     */
    async resolvePlace(input: AddressForm): Promise<AddressForm | null> {
      if (input.cidade_id === '') return input;
      const city = await reference.getCity(Number(input.cidade_id));
      const countryId = input.pais_id === '2' ? 2 : 1;
      if (!city || city.estado.pais_id !== countryId || (input.estado_id !== '' && Number(input.estado_id) !== city.estado_id)) return null;
      const state = countryId === 1 ? city.estado.uf : city.estado.estado_nome;
      return { ...input, cidade: city.nome_cidade, estado: state, estado_id: String(city.estado_id) };
    },

    async listAddresses(customerId: number): Promise<AccountAddress[]> {
      const { rows } = await db.query<AccountAddress>(
        `SELECT ${ADDRESS_FIELDS} FROM customer_addresses WHERE customer_id = $1 AND active ORDER BY main DESC, id`,
        [customerId],
      );
      return rows;
    },

    async getAddress(customerId: number, id: number): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `SELECT ${ADDRESS_FIELDS} FROM customer_addresses WHERE id = $1 AND customer_id = $2 AND active`,
        [id, customerId],
      );
      return rows[0] ?? null;
    },

    /** Adds an address; the first one, or one sent with principal, becomes the main address. */
    async createAddress(customerId: number, input: AddressForm): Promise<AccountAddress> {
      const { rows: existing } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM customer_addresses WHERE customer_id = $1 AND active',
        [customerId],
      );
      const main = isTrue(input.principal) || (existing[0]?.count ?? 0) === 0;
      if (main) await clearMain(customerId);
      const { rows } = await db.query<AccountAddress>(
        `INSERT INTO customer_addresses (customer_id, name, postal_code, street, number, district, city_name, state_name,
            country_name, complement, directions, city_id, state_id, country_id, main)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${ADDRESS_FIELDS}`,
        [customerId, ...toColumns(input), main],
      );
      return rows[0] as AccountAddress;
    },

    /** Replaces every field of one of the customer's active addresses; null when it is not theirs. */
    async editAddress(customerId: number, id: number, input: AddressForm): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `UPDATE customer_addresses SET name = $3, postal_code = $4, street = $5, number = $6, district = $7,
                city_name = $8, state_name = $9, country_name = $10, complement = $11, directions = $12,
                city_id = $13, state_id = $14, country_id = $15
          WHERE id = $1 AND customer_id = $2 AND active RETURNING ${ADDRESS_FIELDS}`,
        [id, customerId, ...toColumns(input)],
      );
      if (!rows[0]) return null;
      return isTrue(input.principal) ? setMainAddress(customerId, id) : rows[0];
    },

    /** Renames or soft-deletes (ativo false) an address; null when it is not this customer's. */
    async updateAddress(customerId: number, id: number, patch: { nome?: string; ativo?: boolean }): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `UPDATE customer_addresses SET name = coalesce($3, name), active = coalesce($4, active),
                main = CASE WHEN $4 = false THEN false ELSE main END
          WHERE id = $1 AND customer_id = $2 AND active RETURNING ${ADDRESS_FIELDS}`,
        [id, customerId, patch.nome?.trim() || null, patch.ativo ?? null],
      );
      const row = rows[0];
      if (!row) return null;
      if (!row.ativo && row.principal === false) {
        // Keep one main address when the main one is deleted.
        await db.query(
          `UPDATE customer_addresses SET main = true WHERE id = (
             SELECT id FROM customer_addresses WHERE customer_id = $1 AND active ORDER BY id LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM customer_addresses WHERE customer_id = $1 AND active AND main)`,
          [customerId],
        );
      }
      return row;
    },

    setMainAddress,
  };
}
