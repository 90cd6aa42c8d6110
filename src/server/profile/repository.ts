// Every SQL statement of the profile (decision 0720): the profile form (phone, document) written.
// The customer's record is read by accounts (getCustomerById); sign-in, passwords and e-mail
// confirmation are accounts' too.
import type { CustomerRow } from '../accounts/index.ts';
import type { Queryable } from '../db/client.ts';

export function createProfileRepository(db: Queryable) {
  return {
    async update(id: number, fields: { phone: string; documentType: string; document: string }): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>(
        'UPDATE customers SET phone = $2, document_type = $3, document = $4 WHERE id = $1 RETURNING *',
        [id, fields.phone, fields.documentType, fields.document],
      );
      return rows[0] ?? null;
    },
  };
}
