import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type CleanDocument = { ok: true; bytes: Buffer; contentType: string; extension: string } | { ok: false };

// PDF names may be written with #xx escapes (/J#61vaScript): decode before looking.
function decodePdfNames(text: string): string {
  return text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|OpenAction|AA|SubmitForm|ImportData)\b/;

/**
 * Decides the type by content (PNG, JPEG, GIF, PDF only). Images are decoded and re-encoded
 * (metadata and anything appended dropped; GIF becomes PNG); PDFs with scripts, actions or
 * embedded files are refused. Whatever does not pass is refused, not repaired.
 */
export async function cleanIdentityDocument(bytes: Buffer): Promise<CleanDocument> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return { ok: false };
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
    return { ok: false };
  }
  if (detected.mime === 'application/pdf') {
    const text = decodePdfNames(bytes.toString('latin1'));
    if (ACTIVE_PDF.test(text) || !text.includes('%%EOF')) return { ok: false };
    return { ok: true, bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  return { ok: false };
}
