// Every SQL statement of the delivery addresses (decision 0720): a customer's addresses, each
// statement scoped by customer_id. The service holds the rules (main address, reference places).
import type { AccountAddress } from '#lib/contract/accounts.ts';
import type { Queryable } from '../db/client.ts';

/** The stored columns under the contract's names (AccountAddress): the one mapping of an address. */
const ADDRESS_FIELDS = `id, name AS nome, postal_code AS cep, street AS logradouro, number AS numero, district AS bairro,
  city_name AS cidade, state_name AS estado, country_name AS pais, complement AS complemento, directions AS como_chegar,
  active AS ativo, main AS principal, city_id AS cidade_id, state_id AS estado_id, country_id AS pais_id`;

/** Values in the order name, postal code, street, number, district, city, state, country, complement, directions, city id, state id, country id. */
export type AddressColumns = unknown[];

/** Delivery-address rows; every statement is scoped by customer_id (another's address is not found). */
export function createAddressRepository(db: Queryable) {
  return {
    async clearMain(customerId: number): Promise<void> {
      await db.query('UPDATE customer_addresses SET main = false WHERE customer_id = $1 AND main', [customerId]);
    },

    async hasActive(customerId: number, id: number): Promise<boolean> {
      const { rows } = await db.query('SELECT id FROM customer_addresses WHERE id = $1 AND customer_id = $2 AND active', [id, customerId]);
      return rows.length > 0;
    },

    async markMain(id: number): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `UPDATE customer_addresses SET main = true WHERE id = $1 RETURNING ${ADDRESS_FIELDS}`,
        [id],
      );
      return rows[0] ?? null;
    },

    async list(customerId: number): Promise<AccountAddress[]> {
      const { rows } = await db.query<AccountAddress>(
        `SELECT ${ADDRESS_FIELDS} FROM customer_addresses WHERE customer_id = $1 AND active ORDER BY main DESC, id`,
        [customerId],
      );
      return rows;
    },

    async find(customerId: number, id: number): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `SELECT ${ADDRESS_FIELDS} FROM customer_addresses WHERE id = $1 AND customer_id = $2 AND active`,
        [id, customerId],
      );
      return rows[0] ?? null;
    },

    async countActive(customerId: number): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM customer_addresses WHERE customer_id = $1 AND active',
        [customerId],
      );
      return rows[0]?.count ?? 0;
    },

    async insert(customerId: number, columns: AddressColumns, main: boolean): Promise<AccountAddress> {
      const { rows } = await db.query<AccountAddress>(
        `INSERT INTO customer_addresses (customer_id, name, postal_code, street, number, district, city_name, state_name,
            country_name, complement, directions, city_id, state_id, country_id, main)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${ADDRESS_FIELDS}`,
        [customerId, ...columns, main],
      );
      return rows[0] as AccountAddress;
    },

    async replace(customerId: number, id: number, columns: AddressColumns): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `UPDATE customer_addresses SET name = $3, postal_code = $4, street = $5, number = $6, district = $7,
                city_name = $8, state_name = $9, country_name = $10, complement = $11, directions = $12,
                city_id = $13, state_id = $14, country_id = $15
          WHERE id = $1 AND customer_id = $2 AND active RETURNING ${ADDRESS_FIELDS}`,
        [id, customerId, ...columns],
      );
      return rows[0] ?? null;
    },

    /** Renames and/or deactivates (a deactivated address is no longer main). */
    async patch(customerId: number, id: number, name: string | null, active: boolean | null): Promise<AccountAddress | null> {
      const { rows } = await db.query<AccountAddress>(
        `UPDATE customer_addresses SET name = coalesce($3, name), active = coalesce($4, active),
                main = CASE WHEN $4 = false THEN false ELSE main END
          WHERE id = $1 AND customer_id = $2 AND active RETURNING ${ADDRESS_FIELDS}`,
        [id, customerId, name, active],
      );
      return rows[0] ?? null;
    },

    /** Makes the oldest active address main when none is. */
    async ensureMain(customerId: number): Promise<void> {
      await db.query(
        `UPDATE customer_addresses SET main = true WHERE id = (
           SELECT id FROM customer_addresses WHERE customer_id = $1 AND active ORDER BY id LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM customer_addresses WHERE customer_id = $1 AND active AND main)`,
        [customerId],
      );
    },
  };
}
