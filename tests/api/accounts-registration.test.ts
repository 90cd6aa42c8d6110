import { describe, expect, it } from 'vitest';
import { api, apiJson, getTestDb, type FieldErrorAnswer, getRunStack } from '../support/api.ts';
import {
  brazilianRegistration,
  createTestCustomer,
  makePng,
  MINIMAL_PDF,
  sameOrigin,
  signIn,
  uniqueEmail,
  type AccountMe,
  type AddressList,
  type RegisteredAnswer,
} from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';

/** Registers with a form; `T` is the answer read: RegisteredAnswer (201) unless the test expects a refusal. */
const register = async <T = RegisteredAnswer>(form: FormData, host: 'br' | 'es' = 'br') =>
  apiJson<T>('/ecom/cliente/cadastrar', { method: 'POST', host, body: form, headers: sameOrigin(host) });

describe('POST /ecom/cliente/cadastrar', () => {
  it('registers a Brazilian buyer, signs in, stores address and encrypted documents, sends the confirmation', async () => {
    const form = await brazilianRegistration();
    const email = String(form.get('email'));
    const { status, body } = await register(form);
    expect(status).toBe(201);
    expect(body.user).toMatchObject({ email, estrangeiro: 1, documento_tipo: 'CPF', documento: '529.982.247-25' });
    const me = await apiJson<AccountMe>('/ecom/me', { method: 'POST', token: body.token, headers: sameOrigin() });
    expect(me.body.enderecos).toEqual([expect.objectContaining({ cep: '85851000', cidade: 'Foz do Iguaçu', principal: true, pais_id: 1 })]);

    const { rows } = await getTestDb().query(
      'SELECT d.storage_name, d.content_type FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.email = $1 ORDER BY side',
      [email],
    );
    expect(rows.map((r) => r.content_type)).toEqual(['image/png', 'application/pdf']);
    // Stored encrypted in the database, where every shop process reads it (issue 22.9).
    const stored: Buffer = (await getTestDb().query('SELECT bytes FROM stored_files WHERE name = $1', [rows[1].storage_name])).rows[0]
      .bytes;
    expect(stored.includes(MINIMAL_PDF)).toBe(false);
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);

    const mail = await waitForMail(getRunStack().dataDir, email, (m) => /confirme/i.test(m.subject));
    expect(mail.links[0]).toMatch(
      new RegExp(`^http://br\\.localhost:${getRunStack().port}/app/confirmation-email/[0-9a-f-]{36}/[A-Za-z0-9_-]+$`),
    );
  });

  it('names every field of a blank Brazilian submit, files included', async () => {
    const form = new FormData();
    form.append('estrangeiro', '1');
    const { status, body } = await register<FieldErrorAnswer>(form);
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual([
      'cep',
      'cidade',
      'documento',
      'email',
      'email_confirmation',
      'estado',
      'frente',
      'identidade',
      'identidade_complemento',
      'logradouro',
      'nome',
      'password',
      'password_confirmation',
      'sobrenome',
      'telefone',
      'verso',
    ]);
    expect(body.errors.nome![0]).toBe('Este campo é Obrigatório');
  });

  it('applies the document, e-mail and password rules in the host language', async () => {
    const form = await brazilianRegistration({
      documento: '123.456.789-00',
      email_confirmation: 'other@example.test',
      password: 'password',
      password_confirmation: 'x',
    });
    const br = await register<FieldErrorAnswer>(form);
    expect(br.body.errors).toMatchObject({
      documento: ['CPF inválido'],
      email_confirmation: ['Os e-mails devem ser iguais'],
      password: ['A senha não pode ser a palavra "password"'],
      password_confirmation: ['As senhas devem ser iguais'],
    });
    const py = new FormData();
    for (const [k, v] of Object.entries({ estrangeiro: '0', documento: '80000519-9', password: 'abcdefgh1!' })) py.append(k, v);
    const es = await register<FieldErrorAnswer>(py, 'es');
    expect(es.body.errors.documento).toEqual(['RUC inválido']);
    expect(es.body.errors.password).toEqual(['La contraseña debe tener una letra mayúscula']);
    expect(es.body.errors.estado_id).toEqual(['Este campo es obligatorio']);
    expect(es.body.errors.cep).toBeUndefined();
  });

  it('registers a Paraguayan buyer without RUC with department and district', async () => {
    const email = uniqueEmail('py');
    const form = await brazilianRegistration({
      estrangeiro: '0',
      email,
      email_confirmation: email,
      telefone: '+595 981 123 456',
      documento: '',
      documento_tipo: 'RUC',
      identidade_complemento: '',
      cep: '',
      cidade: 'Ciudad del Este',
      estado: 'Alto Parana',
      estado_id: '30',
      cidade_id: '6033',
      pais: 'Paraguai',
      pais_id: '2',
      razao_social: 'Ferretería Lago',
      como_chegar: 'Frente al lago',
    });
    const { status, body } = await register(form, 'es');
    expect(status).toBe(201);
    expect(body.message).toBe('¡Registro realizado con éxito!');
    expect(body.user).toMatchObject({ estrangeiro: 0, documento_tipo: 'RUC', documento: '' });
    // The stored address names its place from the reference data.
    const addresses = await apiJson<AddressList>('/ecom/cliente/address', { token: body.token });
    expect(addresses.body.data[0]).toMatchObject({
      cidade_id: 6033,
      estado_id: 30,
      cidade: 'Ciudad del Este',
      estado: 'Alto Paraná',
      principal: true,
    });
  });

  it('refuses a district outside the chosen department, creating nothing', async () => {
    const email = uniqueEmail('py');
    const form = await brazilianRegistration({
      estrangeiro: '0',
      email,
      email_confirmation: email,
      telefone: '+595 981 123 456',
      documento: '',
      documento_tipo: 'RUC',
      identidade_complemento: '',
      cep: '',
      cidade: 'Asunción',
      estado: 'Alto Parana',
      estado_id: '30',
      cidade_id: '6200',
      pais: 'Paraguai',
      pais_id: '2',
    });
    const { status, body } = await register<FieldErrorAnswer>(form, 'es');
    expect(status).toBe(422);
    expect(body.errors.cidade_id).toEqual(['Elige una ciudad del departamento indicado.']);
    const check = await apiJson('/ecom/cliente/cadastrar/check-email', { method: 'POST', json: { email } });
    expect(check.status).toBe(200);
  });

  it('refuses an e-mail already in use, and check-email says so while typing', async () => {
    const form = await brazilianRegistration();
    const email = String(form.get('email'));
    expect((await register(form)).status).toBe(201);
    const again = await register<FieldErrorAnswer>(await brazilianRegistration({ email, email_confirmation: email }));
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['O e-mail informado já está em uso.']);
    const taken = await apiJson<FieldErrorAnswer>('/ecom/cliente/cadastrar/check-email', {
      method: 'POST',
      json: { email: email.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email![0]).toBe('O e-mail informado já está em uso.');
    const free = await apiJson('/ecom/cliente/cadastrar/check-email', { method: 'POST', json: { email: uniqueEmail() } });
    expect(free.status).toBe(200);
  });
});

describe('identity-document uploads', () => {
  it('refuses a file over 5 MB with 413', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: 'image/png' });
    const { status } = await register(await brazilianRegistration({ frente: big }));
    expect(status).toBe(413);
  });

  it('refuses a mislabelled file (HTML named .png with an image type)', async () => {
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const { status, body } = await register<FieldErrorAnswer>(await brazilianRegistration({ frente: html }));
    expect(status).toBe(422);
    expect(body.errors.frente![0]).toMatch(/PNG, JPEG, GIF ou PDF/);
  });

  it('refuses polyglots: a PDF carrying JavaScript and a GIF header wrapping a script', async () => {
    const pdfJs = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n%%EOF\n',
      'latin1',
    );
    const escaped = Buffer.from('%PDF-1.4\n1 0 obj<</S/J#61vaScript>>endobj\n%%EOF\n', 'latin1');
    const gifScript = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1);//', 'latin1');
    for (const bad of [pdfJs, escaped, gifScript]) {
      const { status, body } = await register<FieldErrorAnswer>(
        await brazilianRegistration({ verso: new Blob([new Uint8Array(bad)], { type: 'application/pdf' }) }),
      );
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['verso']);
    }
  });

  it('re-encodes images: what is stored decrypts to an image without the appended payload', async () => {
    const png = await makePng('#aa3366');
    const payload = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const form = await brazilianRegistration({ frente: new Blob([new Uint8Array(payload)], { type: 'image/png' }) });
    const { body } = await register(form);
    const { rows } = await getTestDb().query(
      `SELECT d.uuid FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.email = $1 AND side = 'frente'`,
      [String(form.get('email'))],
    );
    const response = await api(`/ecom/cliente/documentos/${rows[0].uuid}`, { token: body.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.subarray(1, 4).toString()).toBe('PNG');
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
    // Another customer gets 404 on this customer's document, an anonymous visitor 401.
    const otherToken = await signIn(await createTestCustomer());
    expect((await api(`/ecom/cliente/documentos/${rows[0].uuid}`, { token: otherToken })).status).toBe(404);
    expect((await api(`/ecom/cliente/documentos/${rows[0].uuid}`)).status).toBe(401);
    const files = (await getTestDb().query<{ name: string }>('SELECT name FROM stored_files')).rows.map((row) => row.name);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((name) => /^[0-9a-f-]{36}\.bin$/.test(name))).toBe(true);
  });

  it('a multipart post from another site is refused', async () => {
    const response = await api('/ecom/cliente/cadastrar', {
      method: 'POST',
      body: await brazilianRegistration(),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
