import { describe, expect, it } from 'vitest';
import type { AccountUser } from '#lib/contract/accounts.ts';
import { createTestCustomer, sameOrigin, signIn } from '../support/accounts.ts';
import { apiJson, getTestDb, type ErrorAnswer } from '../support/api.ts';

/**
 * Issue 16.6 through the shopper's own profile form (POST /ecom/cliente/update-profile): the
 * document and phone rules of src/lib (@brazilian-utils, libphonenumber-js) decide what is
 * accepted and how it is stored, the alphanumeric CNPJ issued since July 2026 included.
 */
type ProfileAnswer = { message: string; user: AccountUser };

async function updateProfile(token: string, fields: Record<string, string>, host: 'br' | 'es' = 'br') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return apiJson<ProfileAnswer & ErrorAnswer>('/ecom/cliente/update-profile', {
    method: 'POST',
    host,
    token,
    body: form,
    headers: sameOrigin(host),
  });
}

async function getStored(id: number) {
  const { rows } = await getTestDb().query<{ phone: string; document_type: string; document: string }>(
    'SELECT phone, document_type, document FROM customers WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('profile: documents and phones by the rules of their field', () => {
  it('a Brazilian buyer saves an alphanumeric CNPJ, typed in lower case without the mask, stored masked in capitals', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 1 });
    const token = await signIn(customer);
    const { status, body } = await updateProfile(token, {
      telefone: '(45) 99999-8888',
      documento_tipo: 'CPF',
      documento: '12abc34501de35',
    });
    expect(status).toBe(200);
    // The CPF field takes a CNPJ too; the number says which it is (issue 35.8: the type as a word).
    expect(body.user).toMatchObject({ documento_tipo: 'CNPJ', documento: '12.ABC.345/01DE-35', telefone: '+55 (45) 99999-8888' });
    expect(await getStored(customer.id)).toEqual({ phone: '+55 (45) 99999-8888', document_type: 'CNPJ', document: '12.ABC.345/01DE-35' });

    const numeric = await updateProfile(token, { telefone: '+55 45 3521-1234', documento_tipo: 'CPF', documento: '11.222.333/0001-81' });
    expect(numeric.status).toBe(200);
    expect(numeric.body.user).toMatchObject({ documento: '11.222.333/0001-81', telefone: '+55 (45) 3521-1234' });
  });

  it("a wrong check digit of an alphanumeric CNPJ is refused in the buyer's language, and the saved document stays", async () => {
    const brazilian = await createTestCustomer({ foreignBuyer: 1 });
    const before = await getStored(brazilian.id);
    const br = await updateProfile(await signIn(brazilian), {
      telefone: '(45) 99999-8888',
      documento_tipo: 'CPF',
      documento: '12.ABC.345/01DE-36',
    });
    expect(br.status).toBe(422);
    expect(br.body.errors?.documento).toEqual(['CPF ou CNPJ inválido']);
    expect(await getStored(brazilian.id)).toEqual(before);

    // A signed-in buyer reads the language of their account: es-PY for a Paraguayan one.
    const paraguayan = await createTestCustomer({ foreignBuyer: 0 });
    const es = await updateProfile(
      await signIn(paraguayan, 'es'),
      { telefone: '0981 123456', documento_tipo: 'CPF', documento: '12ABC34501DE3A' },
      'es',
    );
    expect(es.status).toBe(422);
    expect(es.body.errors?.documento).toEqual(['CPF o CNPJ inválido']);
  });

  it('a Paraguayan buyer saves a Ciudad del Este landline and an Argentine mobile, each in its international form', async () => {
    const customer = await createTestCustomer({ foreignBuyer: 0 });
    const token = await signIn(customer, 'es');
    const landline = await updateProfile(token, { telefone: '(061) 500-200', documento_tipo: 'RUC', documento: '80012345' }, 'es');
    expect(landline.status).toBe(200);
    expect(landline.body.user).toMatchObject({ telefone: '+595 61 500 200', documento_tipo: 'RUC', documento: '8001234-5' });
    const argentine = await updateProfile(token, { telefone: '+54 9 11 2345-6789', documento_tipo: 'RUC', documento: '8001234-5' }, 'es');
    expect(argentine.status).toBe(200);
    expect((await getStored(customer.id))?.phone).toBe('+54 9 11 2345 6789');
  });
});
