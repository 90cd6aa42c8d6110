import type { AccountUser } from '../../lib/contract/accounts.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid } from '../../lib/contract/input.ts';

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

export interface NewCustomer {
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

/** The user record of the contract (login, /ecom/me): never the hash, never the identity files. */
export function toAccountUser(row: CustomerRow): AccountUser {
  return {
    id: row.uuid,
    nome: row.first_name,
    sobrenome: row.last_name,
    email: row.email,
    email_verified_at: row.email_verified_at?.toISOString() ?? null,
    documento: row.document,
    documento_tipo: row.document_type,
    estrangeiro: row.foreign_buyer,
    telefone: row.phone,
    data_ultimo_login: row.last_login_at?.toISOString() ?? null,
  };
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
          customer.email.trim(), customer.passwordHash, customer.firstName, customer.lastName, customer.phone,
          customer.foreignBuyer, customer.documentType, customer.document, customer.identity,
          customer.identityComplement, customer.companyName, customer.countryId,
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

