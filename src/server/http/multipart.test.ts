import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.ts';

const limits = { fileFields: ['frente'], maxFileBytes: 1024, maxFields: 10 };

/** The form encoded first, as a client sends it: the parser reads bytes that are all there. */
async function post(form: FormData) {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Request('http://br.localhost/upload', {
    method: 'POST',
    body,
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}

describe('multipart parts have a budget (issue 29, point 5)', () => {
  it('a form within the limits is read whole', async () => {
    const form = new FormData();
    form.set('nome', 'Ana');
    form.set('frente', new Blob([Buffer.from('abc')]), 'a.png');
    const result = await parseMultipart(await post(form), limits);
    expect(result).toMatchObject({ ok: true, fields: { nome: 'Ana' }, files: { frente: { bytes: Buffer.from('abc') } } });
  });

  it.each([
    [
      'more fields than allowed (dropped silently by busboy otherwise)',
      (form: FormData) => {
        for (let i = 0; i < 5000; i++) form.append(`f${i}`, 'x');
      },
    ],
    ['a field value past 4 kB (cut silently by busboy otherwise)', (form: FormData) => form.set('nome', 'x'.repeat(64 * 1024))],
    ['a field name of 1 kB', (form: FormData) => form.set('n'.repeat(1024), 'x')],
    [
      'a second file',
      (form: FormData) => {
        form.append('frente', new Blob([Buffer.from('a')]), 'a.png');
        form.append('frente', new Blob([Buffer.from('b')]), 'b.png');
      },
    ],
  ])('%s: refused', async (_name, fill) => {
    const form = new FormData();
    fill(form);
    expect(await parseMultipart(await post(form), limits)).toEqual({ ok: false, reason: 'bad_request' });
  });

  it('a file past its size: too large', async () => {
    const form = new FormData();
    form.set('frente', new Blob([Buffer.alloc(4096)]), 'a.png');
    expect(await parseMultipart(await post(form), limits)).toEqual({ ok: false, reason: 'too_large' });
  });
});
