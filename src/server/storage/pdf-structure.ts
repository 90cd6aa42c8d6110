import { inflateSync } from 'node:zlib';

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
