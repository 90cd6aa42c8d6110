// Every SQL statement of the accounts domain (decision 0720): customers, sessions, e-mail
// tokens, delivery addresses and identity-document rows. Services hold the rules.
import type { AccountAddress } from '#lib/contract/accounts.ts';
import { isUuid } from '#lib/contract/input.ts';
import type { Queryable } from '../db/client.ts';

export interface CustomerRow {
  id: number;
  uuid: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  foreign_buyer: 0 | 1;
  document_type: string;
  document: string;
  identity: string;
  identity_complement: string;
  company_name: string;
  country_id: number;
  email_verified_at: Date | null;
  last_login_at: Date | null;
}

interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  foreignBuyer: 0 | 1;
  documentType: string;
  document: string;
  identity: string;
  identityComplement: string;
  companyName: string;
  countryId: number;
}

export function createCustomerRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE lower(email) = lower($1)', [email.trim()]);
      return rows[0] ?? null;
    },

    async findById(id: number): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
      return rows[0] ?? null;
    },

    async findByUuid(uuid: string): Promise<CustomerRow | null> {
      if (!isUuid(uuid)) return null;
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE uuid = $1', [uuid]);
      return rows[0] ?? null;
    },

    /** Inserts a customer; null when the e-mail is already taken. */
    async insert(customer: NewCustomer): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>(
        `INSERT INTO customers (email, password_hash, first_name, last_name, phone, foreign_buyer, document_type,
                                document, identity, identity_complement, company_name, country_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT DO NOTHING RETURNING *`,
        [
          customer.email.trim(),
          customer.passwordHash,
          customer.firstName,
          customer.lastName,
          customer.phone,
          customer.foreignBuyer,
          customer.documentType,
          customer.document,
          customer.identity,
          customer.identityComplement,
          customer.companyName,
          customer.countryId,
        ],
      );
      return rows[0] ?? null;
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
    },

    async setLastLogin(id: number, at: Date): Promise<void> {
      await db.query('UPDATE customers SET last_login_at = $2 WHERE id = $1', [id, at]);
    },

    async markEmailVerified(id: number, at: Date): Promise<void> {
      await db.query('UPDATE customers SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1', [id, at]);
    },

    async updateProfile(id: number, fields: { phone: string; documentType: string; document: string }): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>(
        'UPDATE customers SET phone = $2, document_type = $3, document = $4 WHERE id = $1 RETURNING *',
        [id, fields.phone, fields.documentType, fields.document],
      );
      return rows[0] ?? null;
    },
  };
}

interface SessionRow {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  foreign_buyer: 0 | 1;
  email_verified_at: Date | null;
  expires_at: Date;
}

/** Session rows, found by the SHA-256 of their token (the token itself is never stored). */
export function createSessionRepository(db: Queryable) {
  return {
    async insert(tokenHash: Buffer, customerId: number, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO sessions (token_hash, customer_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        tokenHash,
        customerId,
        createdAt,
        expiresAt,
      ]);
    },

    async findCustomer(tokenHash: Buffer, now: Date): Promise<SessionRow | null> {
      const { rows } = await db.query<SessionRow>(
        `SELECT c.id, c.uuid, c.email, c.first_name, c.last_name, c.foreign_buyer, c.email_verified_at, s.expires_at
           FROM sessions s JOIN customers c ON c.id = s.customer_id
          WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0] ?? null;
    },

    async end(tokenHash: Buffer, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL', [tokenHash, now]);
    },

    async endAllBut(customerId: number, keepHash: Buffer | null, now: Date): Promise<void> {
      await db.query(
        'UPDATE sessions SET ended_at = $3 WHERE customer_id = $1 AND ended_at IS NULL AND ($2::bytea IS NULL OR token_hash <> $2)',
        [customerId, keepHash, now],
      );
    },
  };
}

/** Single-use e-mail token rows (reset, confirmation), by hash. */
export function createTokenRepository(db: Queryable) {
  return {
    async insert(customerId: number, purpose: string, tokenHash: Buffer, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO account_tokens (customer_id, purpose, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        customerId,
        purpose,
        tokenHash,
        createdAt,
        expiresAt,
      ]);
    },

    /** Marks an unused, unexpired token of this customer used; its customer id, or null. */
    async consume(tokenHash: Buffer, purpose: string, customerUuid: string, now: Date): Promise<number | null> {
      const { rows } = await db.query<{ customer_id: number }>(
        `UPDATE account_tokens t SET used_at = $4
           FROM customers c
          WHERE t.token_hash = $1 AND t.purpose = $2 AND c.id = t.customer_id AND c.uuid = $3::uuid
            AND t.used_at IS NULL AND t.expires_at > $4
         RETURNING t.customer_id`,
        [tokenHash, purpose, customerUuid, now],
      );
      return rows[0] ? Number(rows[0].customer_id) : null;
    },
  };
}

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

export type DocumentSide = 'frente' | 'verso';

export interface StoredDocument {
  uuid: string;
  side: DocumentSide;
  content_type: string;
  size_bytes: number;
  created_at: Date;
}

/** Identity-document rows (the files themselves are in the encrypted store). */
export function createDocumentRepository(db: Queryable) {
  return {
    /** Retires the current file of a side and records the new one; its uuid. */
    async replace(customerId: number, side: DocumentSide, storageName: string, contentType: string, sizeBytes: number): Promise<string> {
      await db.query('UPDATE customer_documents SET replaced_at = now() WHERE customer_id = $1 AND side = $2 AND replaced_at IS NULL', [
        customerId,
        side,
      ]);
      const { rows } = await db.query<{ uuid: string }>(
        'INSERT INTO customer_documents (customer_id, side, storage_name, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5) RETURNING uuid',
        [customerId, side, storageName, contentType, sizeBytes],
      );
      return rows[0]?.uuid ?? '';
    },

    async listCurrent(customerId: number): Promise<StoredDocument[]> {
      const { rows } = await db.query<StoredDocument>(
        'SELECT uuid, side, content_type, size_bytes, created_at FROM customer_documents WHERE customer_id = $1 AND replaced_at IS NULL ORDER BY side',
        [customerId],
      );
      return rows;
    },

    async find(customerId: number, uuid: string): Promise<{ storage_name: string; content_type: string; side: DocumentSide } | null> {
      if (!isUuid(uuid)) return null;
      const { rows } = await db.query<{ storage_name: string; content_type: string; side: DocumentSide }>(
        'SELECT storage_name, content_type, side FROM customer_documents WHERE uuid = $1::uuid AND customer_id = $2',
        [uuid, customerId],
      );
      return rows[0] ?? null;
    },
  };
}
