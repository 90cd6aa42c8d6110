import type { AccountUser } from '#lib/contract/accounts.ts';
import type { CustomerRow } from './repository.ts';

export type { CustomerRow };

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
