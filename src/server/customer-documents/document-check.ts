// The customer-documents domain's rules file (decision 0720): checking an identity document by
// its content, pure of storage and HTTP: the type from its bytes, images re-encoded, PDFs refused
// with active content (pdf.js, then the byte-level scan of the object syntax below it).
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type CleanDocument =
  | { ok: true; bytes: Buffer; contentType: string; extension: string }
  | { ok: false; reason: 'type' | 'pdf_active' | 'pdf_unreadable' | 'too_complex' };

/**
 * What one uploaded document may cost to check (decision 0930): images up to 40 million pixels
 * (a 40-megapixel photo; the header is read before any pixel is decoded), PDFs up to 32 MiB of
 * decoded stream bytes over every stream and filter, and 2 s of decoding, then 5 s for pdf.js.
 * Past any of them the file is refused as too complex, never decoded further.
 */
export const DOCUMENT_BUDGET = {
  maxImagePixels: 40_000_000,
  maxPdfDecodedBytes: 32 * 1024 * 1024,
  maxPdfDecodeMs: 2000,
  maxPdfjsMs: 5000,
} as const;

// One document is decoded at a time per process: a burst of hostile uploads
// waits its turn instead of multiplying the memory each may use.
const MAX_CONCURRENT_CHECKS = 1;
let checksRunning = 0;
const waitingChecks: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (checksRunning >= MAX_CONCURRENT_CHECKS) await new Promise<void>((resolve) => waitingChecks.push(resolve));
  checksRunning++;
  try {
    return await work();
  } finally {
    checksRunning--;
    waitingChecks.shift()?.();
  }
}

/**
 * Decides the type by content (PNG, JPEG, GIF, PDF only). Images are decoded and re-encoded
 * (metadata and anything appended dropped; GIF becomes PNG); PDFs are parsed with pdf.js and
 * refused with scripts, actions, attachments or XFA, or when they cannot be parsed. Whatever
 * does not pass is refused, not repaired.
 */
export async function cleanIdentityDocument(bytes: Buffer): Promise<CleanDocument> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return { ok: false, reason: 'type' };
  if (detected.mime === 'image/jpeg' || detected.mime === 'image/png' || detected.mime === 'image/gif') {
    return oneAtATime(() => cleanImage(bytes, detected.mime === 'image/jpeg'));
  }
  if (detected.mime === 'application/pdf') {
    const verdict = await oneAtATime(() => inspectPdf(bytes));
    if (!verdict.ok) return { ok: false, reason: PDF_REFUSALS[verdict.reason] };
    return { ok: true, bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  return { ok: false, reason: 'type' };
}

const PDF_REFUSALS = { active: 'pdf_active', unreadable: 'pdf_unreadable', too_complex: 'too_complex' } as const;

/** An image re-encoded, after its header says its pixels fit the budget (a pixel bomb is never decoded). */
async function cleanImage(bytes: Buffer, jpeg: boolean): Promise<CleanDocument> {
  try {
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width * height > DOCUMENT_BUDGET.maxImagePixels) return { ok: false, reason: 'too_complex' };
    const image = sharp(bytes, { limitInputPixels: DOCUMENT_BUDGET.maxImagePixels }).rotate();
    if (jpeg) return { ok: true, bytes: await image.jpeg({ quality: 85 }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg' };
    return { ok: true, bytes: await image.png().toBuffer(), contentType: 'image/png', extension: 'png' };
  } catch {
    return { ok: false, reason: 'type' };
  }
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
export type PdfVerdict = { ok: true } | { ok: false; reason: 'active' | 'unreadable' | 'too_complex' };

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

/**
 * The byte scan first: it decodes every stream within the budget, so pdf.js, which decodes the
 * same streams, only ever sees a file whose decoded size is known to fit; pdf.js then has its own
 * time limit.
 */
export async function inspectPdf(bytes: Buffer): Promise<PdfVerdict> {
  const structure = inspectPdfStructure(bytes);
  if (structure !== 'clean') return { ok: false, reason: structure };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PdfVerdict>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'too_complex' }), DOCUMENT_BUDGET.maxPdfjsMs);
  });
  try {
    return await Promise.race([inspectWithPdfjs(bytes, timeout), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pdf.js half alone (exported for its tests); `cancelled` settling stops the parse. */
export async function inspectWithPdfjs(bytes: Buffer, cancelled?: Promise<unknown>): Promise<PdfVerdict> {
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
  void cancelled?.then(() => task.destroy().catch(() => undefined));
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
 * compressed there is invisible to a plain search). Content, image and font streams are decoded
 * only to count their size against the budget, not searched: they hold drawing data, where these
 * names mean nothing and random bytes would look like them.
 */
const ACTIVE_NAME =
  /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|OpenAction|AA|SubmitForm|ImportData|GoToE|Movie|Sound)(?![A-Za-z0-9])/;

// PDF names may be written with #xx escapes (/J#61vaScript): decode before looking.
function decodeNames(text: string): string {
  return text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The decoding budget of one file: bytes decoded so far over every stream, and a deadline. */
class DecodeBudget {
  private spent = 0;
  private readonly deadline = Date.now() + DOCUMENT_BUDGET.maxPdfDecodeMs;

  /** What a decoder may still write. */
  get remaining(): number {
    return DOCUMENT_BUDGET.maxPdfDecodedBytes - this.spent;
  }

  spend(bytes: number): void {
    this.spent += bytes;
    if (this.spent > DOCUMENT_BUDGET.maxPdfDecodedBytes || Date.now() > this.deadline) throw new BudgetExceeded();
  }
}

class BudgetExceeded extends Error {}

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
  // 'z' is four zero bytes: the only way ASCII85 grows, bounded here before anything is written.
  if (text.length * 4 > DOCUMENT_BUDGET.maxPdfDecodedBytes) throw new BudgetExceeded();
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

/** RunLengthDecode (PDF 32000-1 7.4.5): a length byte, then literal bytes or one repeated byte. */
function decodeRunLength(bytes: Buffer, budget: DecodeBudget): Buffer {
  const out = Buffer.alloc(Math.min(budget.remaining + 1, bytes.length * 64));
  let size = 0;
  for (let i = 0; i < bytes.length;) {
    const length = bytes[i++] as number;
    if (length === 128) break;
    const count = length < 128 ? length + 1 : 257 - length;
    if (size + count > budget.remaining) throw new BudgetExceeded();
    if (length < 128) bytes.copy(out, size, i, i + count);
    else out.fill(bytes[i] ?? 0, size, size + count);
    i += length < 128 ? count : 1;
    size += count;
  }
  return out.subarray(0, size);
}

function inflate(bytes: Buffer, budget: DecodeBudget): Buffer {
  try {
    // Z_SYNC_FLUSH: a truncated stream still yields its start; past the budget zlib stops writing.
    return inflateSync(bytes, { finishFlush: 2, maxOutputLength: Math.max(1, budget.remaining + 1) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BudgetExceeded();
    throw error;
  }
}

const DECODERS: Record<string, (bytes: Buffer, budget: DecodeBudget) => Buffer> = {
  FlateDecode: inflate,
  Fl: inflate,
  ASCIIHexDecode: decodeAsciiHex,
  AHx: decodeAsciiHex,
  ASCII85Decode: decodeAscii85,
  A85: decodeAscii85,
  RunLengthDecode: decodeRunLength,
  RL: decodeRunLength,
};

// Image codecs: pdf.js decodes them only to draw, which the check never does. They may only be
// the last filter of an image (a stream read as data through them could be a pixel bomb).
const IMAGE_CODECS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

/**
 * The decoded bytes of a stream through every filter of its chain, each stage counted against the
 * file's budget (throws BudgetExceeded past it); null when a filter is not one we decode.
 */
function decodeStream(dictionary: string, body: Buffer, budget: DecodeBudget): Buffer | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? '';
  const names = [...filter.matchAll(/\/([A-Za-z0-9]+)/g)].map((match) => match[1] as string);
  let data = body;
  for (const [index, name] of names.entries()) {
    if (IMAGE_CODECS.has(name)) return index === names.length - 1 && /\/Subtype\s*\/Image\b/.test(dictionary) ? data : null;
    const decode = DECODERS[name];
    if (!decode) return null;
    try {
      data = decode(data, budget);
    } catch (error) {
      if (error instanceof BudgetExceeded) throw error;
      return null;
    }
    budget.spend(data.length);
  }
  return data;
}

export type StructureVerdict = 'clean' | 'active' | 'unreadable' | 'too_complex';

const STREAM_KEYWORD = /(?<![A-Za-z0-9])stream(?:\r\n|\n|\r)/g;
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g;

/**
 * PDF syntax with literal strings emptied and comments dropped, so that text written inside a
 * string or a comment ("(1 0 obj /Filter ...)") cannot pass for a dictionary's keys.
 */
function withoutStringsAndComments(syntax: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < syntax.length; i++) {
    const char = syntax[i];
    if (depth > 0) {
      if (char === '\\') i++;
      else if (char === '(') depth++;
      else if (char === ')' && --depth === 0) out += ')';
    } else if (char === '(') {
      depth = 1;
      out += '(';
    } else if (char === '%') {
      while (i + 1 < syntax.length && syntax[i + 1] !== '\n' && syntax[i + 1] !== '\r') i++;
    } else out += char;
  }
  return out;
}

/** The dictionary of the stream whose keyword is at `keyword`: after the last object header since `from`. */
function findStreamDictionary(text: string, from: number, keyword: number): string | null {
  const syntax = withoutStringsAndComments(text.slice(from, keyword));
  const header = [...syntax.matchAll(OBJECT_HEADER)].at(-1);
  return header ? decodeNames(syntax.slice((header.index ?? 0) + header[0].length)) : null;
}

/** Where a stream's data ends: its /Length (direct, or an indirect one written in plain) when it goes further than `endstream`. */
function findStreamEnd(text: string, dictionary: string, start: number): number {
  const endKeyword = text.indexOf('endstream', start);
  const length = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dictionary);
  let declared = length && !length[2] ? Number(length[1]) : Number.NaN;
  if (length?.[2]) {
    const target = new RegExp(`(?<![0-9])${length[1]}\\s+${length[2]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
    declared = target ? Number(target[1]) : Number.NaN;
  }
  const byLength = Number.isSafeInteger(declared) ? Math.min(text.length, start + declared) : -1;
  return Math.max(endKeyword, byLength);
}

/**
 * Looks at the object syntax and every stream of a PDF (see the module comment): each stream is
 * decoded through its filters within the file's budget (a bomb of nested or chained filters, or
 * of many streams, stops at the budget), object streams are also read for active names.
 */
export function inspectPdfStructure(bytes: Buffer): StructureVerdict {
  const text = bytes.toString('latin1');
  const budget = new DecodeBudget();
  let outside = '';
  let from = 0;
  try {
    for (STREAM_KEYWORD.lastIndex = 0; ;) {
      const match = STREAM_KEYWORD.exec(text);
      if (!match) break;
      const keyword = match.index;
      const start = keyword + match[0].length;
      const dictionary = findStreamDictionary(text, from, keyword);
      if (dictionary === null) return 'unreadable';
      const end = findStreamEnd(text, dictionary, start);
      if (end < 0) return 'unreadable';
      outside += text.slice(from, start);
      from = end;
      STREAM_KEYWORD.lastIndex = end; // what a stream holds is data, never a stream keyword
      const decoded = decodeStream(dictionary, bytes.subarray(start, end), budget);
      // Any stream read as an object stream (pdf.js goes by /N and /First, not /Type) is scanned.
      const objectStream = /\/Type\s*\/ObjStm\b/.test(dictionary) || (/\/First\b/.test(dictionary) && /\/N\b/.test(dictionary));
      if (!decoded) return 'unreadable';
      // Predictors rearrange bytes: an object stream with one cannot be read as text here.
      if (objectStream && /\/Predictor\s*(1[0-5]|2)\b/.test(dictionary)) return 'unreadable';
      if (objectStream && ACTIVE_NAME.test(decodeNames(decoded.toString('latin1')))) return 'active';
    }
  } catch (error) {
    if (error instanceof BudgetExceeded) return 'too_complex';
    throw error;
  }
  outside += text.slice(from);
  return ACTIVE_NAME.test(decodeNames(outside)) ? 'active' : 'clean';
}
