import { deflateSync } from 'node:zlib';

/**
 * Writes a PDF 1.5 from object bodies (object n is `objects[n - 1]`, object 1 the catalog), as
 * a real writer does: objects listed in `compressed` go into one FlateDecode object stream,
 * located through a cross-reference stream. Tests build hostile PDFs with it.
 */
export function writePdf(objects: string[], compressed: number[] = []): Buffer {
  const streamNumber = objects.length + 1;
  const xrefNumber = objects.length + 2;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const entries = new Map<number, [number, number, number]>();
  const push = (number: number, bytes: Buffer) => {
    entries.set(number, [1, offset, 0]);
    chunks.push(bytes);
    offset += bytes.length;
  };
  objects.forEach((body, index) => {
    const number = index + 1;
    if (!compressed.includes(number)) push(number, Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  if (compressed.length) {
    let header = '';
    let content = '';
    compressed.forEach((number, index) => {
      header += `${number} ${content.length} `;
      content += `${objects[number - 1]}\n`;
      entries.set(number, [2, streamNumber, index]);
    });
    const data = deflateSync(Buffer.from(header + content, 'latin1'));
    push(
      streamNumber,
      Buffer.concat([
        Buffer.from(
          `${streamNumber} 0 obj\n<</Type/ObjStm/N ${compressed.length}/First ${header.length}/Filter/FlateDecode/Length ${data.length}>>\nstream\n`,
          'latin1',
        ),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    );
  }
  const xrefOffset = offset;
  entries.set(xrefNumber, [1, xrefOffset, 0]);
  const table = Buffer.alloc((xrefNumber + 1) * 7);
  table.writeUInt8(0, 0);
  table.writeUInt32BE(0, 1);
  table.writeUInt16BE(65535, 5);
  for (let number = 1; number <= xrefNumber; number++) {
    const [type, field2, field3] = entries.get(number) ?? [0, 0, 0];
    table.writeUInt8(type, number * 7);
    table.writeUInt32BE(field2, number * 7 + 1);
    table.writeUInt16BE(field3, number * 7 + 5);
  }
  chunks.push(
    Buffer.from(
      `${xrefNumber} 0 obj\n<</Type/XRef/Size ${xrefNumber + 1}/W[1 4 2]/Root 1 0 R/Length ${table.length}>>\nstream\n`,
      'latin1',
    ),
    table,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(chunks);
}

const PAGES = '<</Type/Pages/Kids[3 0 R]/Count 1>>';
const page = (extra = '') => `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]${extra}>>`;

/** A one-page PDF whose objects sit in a compressed object stream, with nothing active. */
export const PLAIN_COMPRESSED_PDF = writePdf(['<</Type/Catalog/Pages 2 0 R>>', PAGES, page()], [2, 3]);

/** Hostile PDFs, each hiding its active part inside the compressed object stream. */
export const HOSTILE_PDFS: Record<string, Buffer> = {
  'JavaScript open action': writePdf(
    ['<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>', PAGES, page(), '<</S/JavaScript/JS(app.alert(1))>>'],
    [4],
  ),
  'document JavaScript name tree, catalogue compressed too': writePdf(
    [
      '<</Type/Catalog/Pages 2 0 R/Names 4 0 R>>',
      PAGES,
      page(),
      '<</JavaScript 5 0 R>>',
      '<</Names[(a) 6 0 R]>>',
      '<</S/JavaScript/JS(app.alert(2))>>',
    ],
    [1, 2, 3, 4, 5, 6],
  ),
  'name written with #xx escapes': writePdf(
    ['<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>', PAGES, page(), '<</S/J#61vaScript/J#53(app.alert(3))>>'],
    [1, 4],
  ),
  'Launch action on a link': writePdf(
    [
      '<</Type/Catalog/Pages 2 0 R>>',
      PAGES,
      page('/Annots[4 0 R]'),
      '<</Type/Annot/Subtype/Link/Rect[0 0 90 90]/A<</S/Launch/F(cmd.exe)>>>>',
    ],
    [3, 4],
  ),
  'page additional action': writePdf(
    ['<</Type/Catalog/Pages 2 0 R>>', PAGES, page('/AA 4 0 R'), '<</O<</S/URI/URI(https://evil.example/)>>>>'],
    [3, 4],
  ),
  'embedded file': writePdf(
    [
      '<</Type/Catalog/Pages 2 0 R/Names<</EmbeddedFiles 4 0 R>>>>',
      PAGES,
      page(),
      '<</Names[(a.exe) 5 0 R]>>',
      '<</Type/Filespec/F(a.exe)/EF<</F 6 0 R>>>>',
      '<</Type/EmbeddedFile/Length 0>>',
    ],
    [1, 4, 5],
  ),
  'XFA form': writePdf(
    ['<</Type/Catalog/Pages 2 0 R/AcroForm 4 0 R>>', PAGES, page(), '<</Fields[]/XFA[(template) 5 0 R]>>', '(<xdp/>)'],
    [1, 4, 5],
  ),
};
