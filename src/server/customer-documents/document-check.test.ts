import { describe, expect, it } from 'vitest';
import { MINIMAL_PDF } from '#tests/support/accounts.ts';
import { HOSTILE_PDFS, PLAIN_COMPRESSED_PDF, writePdf } from '#tests/support/pdf-bytes.ts';
import { gifPixelBomb, pdfBombs, pdfWithStreams, pngPixelBomb } from '#tests/support/bombs.ts';
import { cleanIdentityDocument, inspectPdf, inspectPdfStructure, inspectWithPdfjs } from './document-check.ts';

async function makePdfkitPdf(): Promise<Buffer> {
  const PDFDocument = (await import('pdfkit')).default;
  const doc = new PDFDocument({ compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.fontSize(14).text('Documento de identidade', 40, 40).text('site da loja', 40, 80, { link: 'https://fronteira.example/' });
  doc.rect(40, 120, 200, 80).fill('#2255aa');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('inspectPdf (pdf.js) refuses active content wherever it sits', () => {
  it.each(Object.entries(HOSTILE_PDFS))('%s: refused', async (_name, bytes) => {
    expect(await inspectPdf(bytes)).toEqual({ ok: false, reason: 'active' });
  });

  it.each(Object.entries(HOSTILE_PDFS))('%s: the byte scan alone, decoding the object stream, refuses it', (_name, bytes) => {
    expect(inspectPdfStructure(bytes)).toBe('active');
  });

  // pdf.js reports scripts, attachments, XFA and links to programs; a non-script /AA it does not
  // expose is left to the byte scan.
  it.each(Object.entries(HOSTILE_PDFS).filter(([name]) => name !== 'page additional action'))(
    '%s: pdf.js alone refuses it',
    async (_name, bytes) => {
      expect(await inspectWithPdfjs(bytes)).toEqual({ ok: false, reason: 'active' });
    },
  );

  it('the JavaScript is nowhere in the raw bytes: only a parser that inflates the object stream sees it', () => {
    const bytes = HOSTILE_PDFS['document JavaScript name tree, catalogue compressed too'] as Buffer;
    expect(bytes.includes('JavaScript')).toBe(false);
    expect(bytes.includes('app.alert')).toBe(false);
  });

  it('an attachment made by pdfkit is refused', async () => {
    const PDFDocument = (await import('pdfkit')).default;
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.text('anexo');
    doc.file(Buffer.from('MZ fake program'), { name: 'setup.exe' });
    doc.end();
    await ended;
    expect(await inspectPdf(Buffer.concat(chunks))).toEqual({ ok: false, reason: 'active' });
  });

  it('plain PDFs pass: one from pdfkit (compressed content, a web link), a compressed object stream, the minimal one', async () => {
    expect(await inspectPdf(await makePdfkitPdf())).toEqual({ ok: true });
    expect(await inspectPdf(PLAIN_COMPRESSED_PDF)).toEqual({ ok: true });
    expect(await inspectPdf(MINIMAL_PDF)).toEqual({ ok: true });
  });

  it('what cannot be parsed or decoded is refused', async () => {
    expect(await inspectPdf(Buffer.from('%PDF-1.7\nnothing here\n%%EOF\n'))).toEqual({ ok: false, reason: 'unreadable' });
    const plain = PLAIN_COMPRESSED_PDF.toString('latin1');
    // An object stream under a filter we do not decode cannot be looked into.
    const lzw = Buffer.from(plain.replace('/Filter/FlateDecode', '/Filter/LZWDecode'), 'latin1');
    expect(await inspectPdf(lzw)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await inspectPdf(writePdf(['<</Type/Catalog/Pages 9 0 R>>']))).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('every decoder has a budget (issue 29, point 5)', () => {
  const bombs = pdfBombs();

  it.each(Object.keys(bombs))('PDF bomb, %s: refused as too complex, small as it is', async (name) => {
    const bytes = bombs[name] as Buffer;
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(await cleanIdentityDocument(bytes)).toEqual({ ok: false, reason: 'too_complex' });
  });

  it('a stream hidden behind a string or a comment that looks like an object header is still decoded', () => {
    const [bomb] = Object.values(pdfBombs());
    const text = (bomb as Buffer).toString('latin1');
    const disguised = text.replace('<</Filter', '<</Title(3 0 obj <<>>)%4 0 obj\n/Filter');
    expect(inspectPdfStructure(Buffer.from(disguised, 'latin1'))).toBe('too_complex');
  });

  it('a stream read as data through an image codec is refused; an image through one is fine', () => {
    const data = Buffer.from('not really a jpeg');
    expect(inspectPdfStructure(pdfWithStreams([{ dictionary: '/Filter/DCTDecode', data }]))).toBe('unreadable');
    expect(inspectPdfStructure(pdfWithStreams([{ dictionary: '/Type/XObject/Subtype/Image/Filter/DCTDecode', data }]))).toBe('clean');
  });

  it.each([
    ['PNG of 10,000 x 10,000 pixels', pngPixelBomb(10_000, 10_000)],
    ['PNG of 100,000 x 1 pixels... times 1,000', pngPixelBomb(100_000, 1_000)],
    ['GIF of 65,535 x 65,535 pixels', gifPixelBomb()],
  ])('image pixel bomb, %s: refused as too complex before a pixel is decoded', async (_name, bytes) => {
    expect(await cleanIdentityDocument(bytes)).toEqual({ ok: false, reason: 'too_complex' });
  });

  it('an image within the budget is still re-encoded', async () => {
    const clean = await cleanIdentityDocument(pngPixelBomb(2000, 1000));
    expect(clean).toMatchObject({ ok: true, contentType: 'image/png' });
  });
});
