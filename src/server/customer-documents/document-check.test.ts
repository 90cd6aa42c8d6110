import { describe, expect, it } from 'vitest';
import { MINIMAL_PDF } from '#tests/support/accounts.ts';
import { HOSTILE_PDFS, PLAIN_COMPRESSED_PDF, writePdf } from '#tests/support/pdf-bytes.ts';
import { inspectPdf, inspectPdfStructure, inspectWithPdfjs } from './document-check.ts';

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
