import { describe, expect, it } from 'vitest';
import { toErrorResult } from '#server/http/error-result.ts';
import { createProfileService } from '#server/profile/service.ts';
import type { FileStore } from '#server/storage/index.ts';
import { getTestDb } from '../support/api.ts';
import { createTestCustomer, makePng } from '../support/accounts.ts';

/**
 * Issue 29, point 8: an upload that cannot be stored says so and loses nothing. The profile
 * service runs on the real database with a file store whose disk is full (injected at the
 * storage port, as PostgreSQL answers 53100 disk_full).
 */
const diskFull = async () => {
  throw Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
};
const fullStore: FileStore = { put: diskFull, replace: diskFull, get: async () => null };

describe('an identity document that cannot be stored', () => {
  it('is refused 503 with a message in the shopper language, and the profile stays as it was', async () => {
    const customer = await createTestCustomer();
    const db = getTestDb();
    const before = (await db.query('SELECT phone, document FROM customers WHERE id = $1', [customer.id])).rows[0];
    const service = createProfileService({ db, files: fullStore });
    const change = { telefone: '45 99876-5432', documento_tipo: 'CPF', documento: '11144477735' };
    const files = { frente: { bytes: await makePng(), contentType: 'image/png' } };
    const error = await service.updateProfile({ id: customer.id, foreignBuyer: 1 }, change, files).catch((caught: unknown) => caught);
    for (const [locale, message] of [
      [
        'pt-BR',
        'Não foi possível guardar o arquivo agora; nada foi alterado e o formulário continua preenchido. Tente enviar de novo em alguns minutos.',
      ],
      [
        'es-PY',
        'No se pudo guardar el archivo ahora; no se cambió nada y el formulario sigue completo. Intenta enviarlo de nuevo en unos minutos.',
      ],
    ] as const) {
      const answer = toErrorResult(error, locale);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ message });
    }
    expect((await db.query('SELECT phone, document FROM customers WHERE id = $1', [customer.id])).rows[0]).toEqual(before);
    expect((await db.query('SELECT 1 FROM customer_documents WHERE customer_id = $1', [customer.id])).rows).toEqual([]);
  });
});
