import { inspectPdfStructure } from './pdf-structure.ts';

/**
 * Whether an uploaded PDF may be kept: parsed by Mozilla's pdf.js (legacy build, the one meant
 * for Node), which reads compressed object streams and cross-reference streams as a viewer does,
 * and refused when a viewer would find document or page JavaScript, field or annotation actions,
 * an open action, attachments, rich media or XFA. The byte-level check (pdf-structure.ts) adds
 * what pdf.js does not report (Launch and other non-script actions, /AA anywhere). A file pdf.js
 * cannot open (broken, encrypted) is refused: what cannot be inspected is not kept.
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
