// Every SQL statement of the accounts domain (decision 0720): customers, sessions and e-mail
// tokens. The service holds the rules; addresses, documents and the profile form are their own
// sub-domains (addresses/, customer-documents/, profile/).
import { toEmailKey } from '#lib/email-address.ts';
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
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE lower(email) = $1', [toEmailKey(email)]);
      return rows[0] ?? null;
    },

    async findById(id: number): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
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
          toEmailKey(customer.email),
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
    async insert(
      customerId: number,
      purpose: string,
      hashes: { token: Buffer; code: Buffer | null },
      createdAt: Date,
      expiresAt: Date,
    ): Promise<void> {
      await db.query(
        'INSERT INTO account_tokens (customer_id, purpose, token_hash, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [customerId, purpose, hashes.token, hashes.code, createdAt, expiresAt],
      );
    },

    /** Marks an unused, unexpired token of this customer used (with its code, if it has one); its customer id, or null. */
    async consume(
      hashes: { token: Buffer; code: Buffer | null },
      purpose: string,
      customerUuid: string,
      now: Date,
    ): Promise<number | null> {
      const { rows } = await db.query<{ customer_id: number }>(
        `UPDATE account_tokens t SET used_at = $4
           FROM customers c
          WHERE t.token_hash = $1 AND t.purpose = $2 AND c.id = t.customer_id AND c.uuid = $3::uuid
            AND t.used_at IS NULL AND t.expires_at > $4 AND (t.code_hash IS NULL OR t.code_hash = $5)
         RETURNING t.customer_id`,
        [hashes.token, purpose, customerUuid, now, hashes.code],
      );
      return rows[0] ? Number(rows[0].customer_id) : null;
    },
  };
}
