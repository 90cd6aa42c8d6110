import { describe, expect, it } from 'vitest';
import { apiJson, getTestDb } from '../support/api.ts';
import { brazilianRegistration, sameOrigin } from '../support/accounts.ts';
import { HOSTILE_PDFS, PLAIN_COMPRESSED_PDF } from '../support/pdf-bytes.ts';

const ACTIVE = {
  br: 'Este PDF contém conteúdo ativo (scripts, ações automáticas, anexos ou formulários XFA) e não pode ser aceito. Envie um PDF simples, sem anexos, ou uma foto do documento.',
  es: 'Este PDF contiene contenido activo (scripts, acciones automáticas, adjuntos o formularios XFA) y no puede aceptarse. Envía un PDF simple, sin adjuntos, o una foto del documento.',
};

const pdfBlob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
const register = (form: FormData, host: 'br' | 'es') =>
  apiJson<{ message: string; errors: Record<string, string[]> }>('/ecom/cliente/cadastrar', {
    method: 'POST',
    host,
    body: form,
    headers: sameOrigin(host),
  });

async function countCustomers(email: string): Promise<number> {
  const { rows } = await getTestDb().query<{ n: string }>('SELECT count(*) AS n FROM customers WHERE email = $1', [email]);
  return Number(rows[0]?.n);
}

describe('identity documents as PDF (parsed by pdf.js in the built shop)', () => {
  it('a PDF with JavaScript inside a compressed object stream is refused with a clear message, in each language', async () => {
    const hostile = HOSTILE_PDFS['document JavaScript name tree, catalogue compressed too'] as Buffer;
    for (const host of ['br', 'es'] as const) {
      const form = await brazilianRegistration({ verso: pdfBlob(hostile) });
      const { status, body } = await register(form, host);
      expect(status).toBe(422);
      expect(body.errors).toEqual({ verso: [ACTIVE[host]] });
      expect(await countCustomers(String(form.get('email')))).toBe(0);
    }
  });

  it('every other kind of active content is refused too (open action, Launch, /AA, attachment, XFA)', async () => {
    for (const [name, bytes] of Object.entries(HOSTILE_PDFS)) {
      const { status, body } = await register(await brazilianRegistration({ frente: pdfBlob(bytes) }), 'br');
      expect({ name, status, errors: body.errors }).toEqual({ name, status: 422, errors: { frente: [ACTIVE.br] } });
    }
  });

  it('a broken PDF is refused as unreadable; a plain PDF with a compressed object stream is kept', async () => {
    const broken = await register(await brazilianRegistration({ verso: pdfBlob(Buffer.from('%PDF-1.7\nnot really\n%%EOF\n')) }), 'es');
    expect(broken.status).toBe(422);
    expect(broken.body.errors.verso?.[0]).toMatch(/^No se pudo leer este PDF/);

    const form = await brazilianRegistration({ verso: pdfBlob(PLAIN_COMPRESSED_PDF) });
    const { status } = await register(form, 'br');
    expect(status).toBe(201);
    const { rows } = await getTestDb().query<{ content_type: string }>(
      `SELECT d.content_type FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.email = $1 AND d.side = 'verso'`,
      [String(form.get('email'))],
    );
    expect(rows).toEqual([{ content_type: 'application/pdf' }]);
  });
});
