// The customer-documents domain's rules file (decision 0720): checking an identity document by
// its content, pure of storage and HTTP: the type from its bytes, images re-encoded, PDFs refused
// with active content (pdf.js, then the byte-level scan of the object syntax below it).
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

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

// --- PDFs: what pdf.js sees ----------------------------------------------------------------------

/**
 * Whether an uploaded PDF may be kept: parsed by Mozilla's pdf.js (legacy build, the one meant
 * for Node), which reads compressed object streams and cross-reference streams as a viewer does,
 * and refused when a viewer would find document or page JavaScript, field or annotation actions,
 * an open action, attachments, rich media or XFA. The byte-level check (inspectPdfStructure,
 * below) adds what pdf.js does not report (Launch and other non-script actions, /AA anywhere). A
 * file pdf.js cannot open (broken, encrypted) is refused: what cannot be inspected is not kept.
 */
export type PdfVerdict = { ok: true } | { ok: false; reason: 'active' | 'unreadable' };

const MAX_PAGES_INSPECTED = 50; // an identity document is a page or two
const SAFE_LINK = /^(https?:|mailto:)/i;

type PdfModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfModule> | undefined;

interface AnnotationFacts {
  annotationType?: number;
  actions?: Record<string, unknown> | null;
  unsafeUrl?: string;
  url?: string;
  attachment?: unknown;
  action?: string;
}

// pdf.js AnnotationType: FILEATTACHMENT 17, SOUND 18, MOVIE 19, SCREEN 21, THREED 25, RICHMEDIA 27.
const ACTIVE_ANNOTATIONS = new Set([17, 18, 19, 21, 25, 27]);

function isActiveAnnotation(annotation: AnnotationFacts): boolean {
  if (annotation.annotationType !== undefined && ACTIVE_ANNOTATIONS.has(annotation.annotationType)) return true;
  if (annotation.actions && Object.keys(annotation.actions).length > 0) return true;
  if (annotation.attachment) return true;
  // A link whose target is not a web or mail address is a Launch/GoToR of a file or program.
  return annotation.unsafeUrl !== undefined && !SAFE_LINK.test(annotation.unsafeUrl);
}

// pdf.js answers some of these as a Map, others as a plain object.
function hasEntries(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return value instanceof Map ? value.size > 0 : Object.keys(value as object).length > 0;
}

export async function inspectPdf(bytes: Buffer): Promise<PdfVerdict> {
  const structure = inspectPdfStructure(bytes);
  if (structure !== 'clean') return { ok: false, reason: structure };
  return inspectWithPdfjs(bytes);
}

/** The pdf.js half alone (exported for its tests). */
export async function inspectWithPdfjs(bytes: Buffer): Promise<PdfVerdict> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument, VerbosityLevel } = await pdfjs;
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    enableXfa: true, // so an XFA form shows up as one, and is refused
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
  });
  try {
    const doc = await task.promise;
    const { info } = await doc.getMetadata();
    if (doc.isPureXfa || (info as { IsXFAPresent?: boolean } | null)?.IsXFAPresent) return { ok: false, reason: 'active' };
    if (await doc.hasJSActions()) return { ok: false, reason: 'active' };
    if (hasEntries(await doc.getJSActions()) || hasEntries(await doc.getAttachments()) || (await doc.getOpenAction())?.has('action')) {
      return { ok: false, reason: 'active' };
    }
    const fields = await doc.getFieldObjects();
    const fieldLists = fields instanceof Map ? [...fields.values()] : Object.values(fields ?? {});
    if (fieldLists.some((list) => (list as AnnotationFacts[]).some((field) => hasEntries(field.actions)))) {
      return { ok: false, reason: 'active' };
    }
    if (doc.numPages > MAX_PAGES_INSPECTED) return { ok: false, reason: 'unreadable' };
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      if (hasEntries(await page.getJSActions())) return { ok: false, reason: 'active' };
      const annotations = (await page.getAnnotations()) as AnnotationFacts[];
      if (annotations.some(isActiveAnnotation)) return { ok: false, reason: 'active' };
    }
    return { ok: true };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

// --- PDFs: the byte-level scan -------------------------------------------------------------------

/**
 * The byte-level half of the PDF check: PDF names that start actions, scripts, attachments or
 * XFA, looked for in the file's own object syntax and inside object streams (decoded: a name
 * compressed there is invisible to a plain search). Content, image and font streams are left out:
 * they hold drawing data, where these names mean nothing and random bytes would look like them.
 */
const ACTIVE_NAME =
  /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|OpenAction|AA|SubmitForm|ImportData|GoToE|Movie|Sound)(?![A-Za-z0-9])/;
const STREAM_START = /\bobj\b((?:(?!\bobj\b)[\s\S]){0,4000}?)\bstream(?:\r\n|\n|\r)/g;

// PDF names may be written with #xx escapes (/J#61vaScript): decode before looking.
function decodeNames(text: string): string {
  return text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeAsciiHex(bytes: Buffer): Buffer {
  const hex = bytes
    .toString('latin1')
    .replace(/>[\s\S]*$/, '')
    .replace(/[^0-9a-f]/gi, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function decodeAscii85(bytes: Buffer): Buffer {
  const text = bytes
    .toString('latin1')
    .replace(/^<~/, '')
    .replace(/~>[\s\S]*$/, '')
    .replace(/\s/g, '');
  const out: number[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] === 'z') {
      out.push(0, 0, 0, 0);
      i += 1;
      continue;
    }
    const group = text.slice(i, i + 5);
    i += 5;
    const padded = group.padEnd(5, 'u');
    let value = 0;
    for (const char of padded) value = value * 85 + (char.charCodeAt(0) - 33);
    const four = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    out.push(...four.slice(0, group.length - 1));
  }
  return Buffer.from(out);
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  FlateDecode: (bytes) => inflateSync(bytes, { finishFlush: 2 /* Z_SYNC_FLUSH: a truncated stream still yields its start */ }),
  Fl: (bytes) => inflateSync(bytes, { finishFlush: 2 }),
  ASCIIHexDecode: decodeAsciiHex,
  AHx: decodeAsciiHex,
  ASCII85Decode: decodeAscii85,
  A85: decodeAscii85,
};

/** The decoded bytes of a stream, or null when one of its filters is not one we decode. */
function decodeStream(dictionary: string, body: Buffer): Buffer | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? '';
  const names = [...filter.matchAll(/\/([A-Za-z0-9]+)/g)].map((match) => match[1] as string);
  // Predictors rearrange bytes: an object stream with one cannot be read as text here.
  if (names.length && /\/DecodeParms/.test(dictionary) && /\/Predictor\s*(1[0-5]|2)\b/.test(dictionary)) return null;
  let data = body;
  for (const name of names) {
    const decode = DECODERS[name];
    if (!decode) return null;
    try {
      data = decode(data);
    } catch {
      return null;
    }
  }
  return data;
}

export type StructureVerdict = 'clean' | 'active' | 'unreadable';

/** Looks at the object syntax and every object stream of a PDF (see the module comment). */
export function inspectPdfStructure(bytes: Buffer): StructureVerdict {
  const text = bytes.toString('latin1');
  let outside = '';
  let from = 0;
  for (const match of text.matchAll(STREAM_START)) {
    const dictionary = decodeNames(match[1] ?? '');
    const start = (match.index ?? 0) + match[0].length;
    if (start < from) continue;
    const end = text.indexOf('endstream', start);
    if (end < 0) return 'unreadable';
    outside += text.slice(from, start);
    from = end;
    // Any stream read as an object stream (pdf.js goes by /N and /First, not /Type) is decoded.
    if (/\/Type\s*\/ObjStm\b/.test(dictionary) || (/\/First\b/.test(dictionary) && /\/N\b/.test(dictionary))) {
      const decoded = decodeStream(dictionary, bytes.subarray(start, end));
      if (!decoded) return 'unreadable';
      if (ACTIVE_NAME.test(decodeNames(decoded.toString('latin1')))) return 'active';
    }
  }
  outside += text.slice(from);
  return ACTIVE_NAME.test(decodeNames(outside)) ? 'active' : 'clean';
}
