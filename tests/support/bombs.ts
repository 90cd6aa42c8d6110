import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Decompression bombs, generated (issue 29, point 5): each a few kilobytes that would decode to
 * hundreds of megabytes or gigapixels. The shop must refuse each within its budget
 * (src/server/customer-documents/document-check.ts, DOCUMENT_BUDGET).
 */

const MIB = 1024 * 1024;

/** A PDF whose objects are the catalogue, its pages and `streams` (object 3 onwards), as plain objects. */
export function pdfWithStreams(streams: { dictionary: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [
    Buffer.from(
      '%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\n',
      'latin1',
    ),
  ];
  streams.forEach(({ dictionary, data }, index) => {
    parts.push(
      Buffer.from(`${index + 3} 0 obj\n<<${dictionary}/Length ${data.length}>>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  });
  parts.push(Buffer.from('trailer\n<</Root 1 0 R>>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A zlib stream of `mebibytes` MiB of zeros, written fast: one mebibyte deflated with a full
 * flush (a block that refers to nothing before it) repeated, then the final block and the
 * Adler-32 of that many zeros (a = 1, b = length mod 65521; RFC 1950).
 */
function deflatedZeros(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mebibytes * MIB) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mebibytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
}

/** `times` rounds of Flate over `size` zero bytes: the stream of a /Filter array of that many FlateDecode. */
function deflateRounds(size: number, times: number): Buffer {
  let data = deflatedZeros(size / MIB);
  for (let round = 1; round < times; round++) data = deflateSync(data, { level: 9 });
  return data;
}

/** RunLengthDecode at its best ratio: every two bytes say "128 zeros" (64 to 1). */
function runLengthZeros(size: number): Buffer {
  const pairs = Math.ceil(size / 128);
  const out = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) out[i * 2] = 129; // 257 - 129 = 128 copies of the next byte (0)
  out[pairs * 2] = 128; // end of data
  return out;
}

/** A PNG header that declares width x height (grey, 1 bit) with a tiny IDAT of zero rows: a pixel bomb. */
export function pngPixelBomb(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc(Math.min(height, 4096) * (Math.ceil(width / 8) + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen and image say 65535 x 65535 (4.3 gigapixels). */
export function gifPixelBomb(): Buffer {
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]); // w, h, GCT of 2 colours
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, image]);
}

let bombs: Record<string, Buffer> | undefined;

/** Every PDF bomb kind, by name: each decodes to far more than the budget (32 MiB). */
export function pdfBombs(): Record<string, Buffer> {
  bombs ??= writePdfBombs();
  return bombs;
}

function writePdfBombs(): Record<string, Buffer> {
  return {
    'chained filters: FlateDecode three times, 256 MiB of zeros': pdfWithStreams([
      { dictionary: '/Filter[/FlateDecode/FlateDecode/FlateDecode]', data: deflateRounds(256 * MIB, 3) },
    ]),
    'nested encodings: ASCIIHex of Flate of Flate': pdfWithStreams([
      { dictionary: '/Filter[/AHx/Fl/Fl]', data: Buffer.from(`${deflateRounds(256 * MIB, 2).toString('hex')}>`, 'latin1') },
    ]),
    'object stream: 256 MiB of objects, Flate twice': pdfWithStreams([
      { dictionary: '/Type/ObjStm/N 1/First 4/Filter[/FlateDecode/FlateDecode]', data: deflateRounds(256 * MIB, 2) },
    ]),
    'many streams, each under the budget, together over it': pdfWithStreams(
      Array.from({ length: 64 }, () => ({ dictionary: '/Filter/FlateDecode', data: deflateRounds(MIB, 1) })),
    ),
    'RunLengthDecode after Flate: 64 to 1 on 4 MiB of runs': pdfWithStreams([
      { dictionary: '/Filter[/FlateDecode/RunLengthDecode]', data: deflateSync(runLengthZeros(256 * MIB)) },
    ]),
    'ASCII85 zeros: z is four bytes': pdfWithStreams([
      { dictionary: '/Filter[/FlateDecode/ASCII85Decode]', data: deflateSync(Buffer.from(`${'z'.repeat(16 * MIB)}~>`, 'latin1')) },
    ]),
  };
}

/** A CSV of one line longer than any catalogue row may be (`length` characters, no line break). */
export function longCsvLine(length: number): Buffer {
  return Buffer.from(`codigo;nome\n${'a'.repeat(length)}`, 'latin1');
}
