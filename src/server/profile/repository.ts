// Every SQL statement of the profile (decision 0720): the customer's own record, read and its
// form (phone, document) written. Sign-in, passwords and e-mail confirmation are accounts'.
import type { CustomerRow } from '../accounts/index.ts';
import type { Queryable } from '../db/client.ts';

export function createProfileRepository(db: Queryable) {
  return {
    async find(id: number): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
      return rows[0] ?? null;
    },

    async update(id: number, fields: { phone: string; documentType: string; document: string }): Promise<CustomerRow | null> {
      const { rows } = await db.query<CustomerRow>(
        'UPDATE customers SET phone = $2, document_type = $3, document = $4 WHERE id = $1 RETURNING *',
        [id, fields.phone, fields.documentType, fields.document],
      );
      return rows[0] ?? null;
    },
  };
}
