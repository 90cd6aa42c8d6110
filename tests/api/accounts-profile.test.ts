import { describe, expect, it } from 'vitest';
import type { AccountUser } from '#lib/contract/accounts.ts';
import { apiJson, getTestDb, type FieldErrorAnswer } from '../support/api.ts';
import { createTestCustomer, makePng, sameOrigin, signIn, type AccountMe } from '../support/accounts.ts';

function profileForm(fields: Record<string, string>, frente?: { bytes: Buffer; type: string; name: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (frente) form.append('frente', new Blob([new Uint8Array(frente.bytes)], { type: frente.type }), frente.name);
  return form;
}

/** POST /ecom/cliente/update-profile's answer when saved: the message and the user as saved. */
interface ProfileSavedAnswer {
  message: string;
  user: AccountUser;
}

/** Sends the profile form; `T` is the answer read: saved unless the test expects a refusal. */
const updateProfile = <T = ProfileSavedAnswer>(form: FormData, token?: string) =>
  apiJson<T>('/ecom/cliente/update-profile', { method: 'POST', token, body: form, headers: sameOrigin() });

const currentFiles = async (customerId: number) =>
  (
    await getTestDb().query<{ side: string; content_type: string }>(
      'SELECT side, content_type FROM customer_documents WHERE customer_id = $1 AND replaced_at IS NULL ORDER BY side',
      [customerId],
    )
  ).rows;

describe('POST /ecom/cliente/update-profile', () => {
  it('saves phone, document in its format and a new front file; /ecom/me shows them', async () => {
    const customer = await createTestCustomer();
    const token = await signIn(customer);
    const png = { bytes: await makePng(), type: 'image/png', name: 'frente.png' };
    const { status, body } = await updateProfile(
      profileForm({ telefone: '45 99876-5432', documento_tipo: 'CPF', documento: '11144477735' }, png),
      token,
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Dados salvos.');
    expect(body.user).toMatchObject({ documento: '111.444.777-35', documento_tipo: 'CPF' });
    expect(body.user.telefone).toMatch(/99876.?5432/);
    expect(await currentFiles(customer.id)).toEqual([{ side: 'frente', content_type: 'image/png' }]);
    const me = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token, headers: sameOrigin() });
    expect(me.body).toMatchObject({ documento: '111.444.777-35', telefone: body.user.telefone, enderecos: [] });
  });

  it('refuses a wrong CPF and a file that is no document with field messages, saving nothing; 401 without a session', async () => {
    const customer = await createTestCustomer();
    const token = await signIn(customer);
    const text = { bytes: Buffer.from('not an image'), type: 'image/png', name: 'frente.png' };
    const { status, body } = await updateProfile<FieldErrorAnswer>(
      profileForm({ telefone: '45 99876-5432', documento_tipo: 'CPF', documento: '11144477700' }, text),
      token,
    );
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['documento', 'frente']);
    const me = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token, headers: sameOrigin() });
    expect(me.body.documento).toBe('529.982.247-25');
    expect(await currentFiles(customer.id)).toEqual([]);
    expect((await updateProfile(profileForm({ telefone: '1', documento_tipo: 'CPF', documento: '1' }))).status).toBe(401);
  });

  it('reads the phone by the registration rule, in the customer country: an incomplete one is a field message, nothing saved', async () => {
    const brazilian = await createTestCustomer();
    const token = await signIn(brazilian);
    const refused = await updateProfile<FieldErrorAnswer>(
      profileForm({ telefone: '45 9987', documento_tipo: 'CPF', documento: '11144477735' }),
      token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ telefone: ['Telefone incompleto'] });
    const me = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token, headers: sameOrigin() });
    expect(me.body).toMatchObject({ telefone: '+55 (45) 99999-0000', documento: '529.982.247-25' });

    const paraguayan = await createTestCustomer({ foreignBuyer: 0 });
    const esToken = await signIn(paraguayan, 'es');
    const send = (telefone: string) =>
      apiJson<FieldErrorAnswer & ProfileSavedAnswer>('/ecom/cliente/update-profile', {
        method: 'POST',
        host: 'es',
        token: esToken,
        body: profileForm({ telefone, documento_tipo: 'CEDULA', documento: '1234567' }),
        headers: sameOrigin('es'),
      });
    const short = await send('0981 123');
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ telefone: ['Teléfono incompleto'] });
    // a Paraguayan landline (issue 16 point 6) is complete, stored in its international form
    const landline = await send('061 500 200');
    expect(landline.status).toBe(200);
    expect(landline.body.user.telefone).toBe('+595 61 500 200');
  });
});
