import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { inspectPdf } from './pdf-inspection.ts';

export type CleanDocument =
  { ok: true; bytes: Buffer; contentType: string; extension: string } | { ok: false; reason: 'type' | 'pdf_active' | 'pdf_unreadable' };

/**
 * Decides the type by content (PNG, JPEG, GIF, PDF only). Images are decoded and re-encoded
 * (metadata and anything appended dropped; GIF becomes PNG); PDFs are parsed with pdf.js and
 * refused with scripts, actions, attachments or XFA, or when they cannot be parsed. Whatever
 * does not pass is refused, not repaired.
 */
export async function cleanIdentityDocument(bytes: Buffer): Promise<CleanDocument> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return { ok: false, reason: 'type' };
  try {
    if (detected.mime === 'image/jpeg') {
      const out = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().jpeg({ quality: 85 }).toBuffer();
      return { ok: true, bytes: out, contentType: 'image/jpeg', extension: 'jpg' };
    }
    if (detected.mime === 'image/png' || detected.mime === 'image/gif') {
      const out = await sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().png().toBuffer();
      return { ok: true, bytes: out, contentType: 'image/png', extension: 'png' };
    }
  } catch {
    return { ok: false, reason: 'type' };
  }
  if (detected.mime === 'application/pdf') {
    const verdict = await inspectPdf(bytes);
    if (!verdict.ok) return { ok: false, reason: verdict.reason === 'active' ? 'pdf_active' : 'pdf_unreadable' };
    return { ok: true, bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  return { ok: false, reason: 'type' };
}
