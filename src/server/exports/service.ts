import PDFDocument from 'pdfkit';

/** A line of a price list: what the TXT and PDF exports print for one in-stock product. */
export interface PriceListItem {
  code: string;
  name: string;
  /** Formatted price, or null when the product hides its price. */
  price: string | null;
}

const byName = (a: PriceListItem, b: PriceListItem) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code);

/** Storefront section 9: code padded to 12, name to 90, price in asterisks, 'N/A' without price. */
export function toPriceListTxt(items: readonly PriceListItem[], title: string): string {
  const lines = [...items]
    .sort(byName)
    .map((item) => `${item.code.padEnd(12)}${item.name.slice(0, 90).padEnd(90)}${item.price ? `*${item.price}*` : 'N/A'}`);
  return `${title}\r\n\r\n${lines.join('\r\n')}\r\n`;
}

interface PdfTexts {
  title: string;
  subtitle: string;
  code: string;
  name: string;
  price: string;
}

/** A real PDF price list (DECISIONS.md): A4, repeated header row, sorted like the TXT list. */
export function toPriceListPdf(items: readonly PriceListItem[], texts: PdfTexts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: texts.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columns = { code: left, name: left + 90, price: left + width - 95 };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#0f5a2a');
    const y = doc.y;
    doc.text(texts.code, columns.code, y, { width: 85 });
    doc.text(texts.name, columns.name, y, { width: columns.price - columns.name - 10 });
    doc.text(texts.price, columns.price, y, { width: 95, align: 'right' });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor('#0f5a2a')
      .stroke();
    doc.moveDown(0.5).font('Helvetica').fillColor('#000000');
  };
  doc.font('Helvetica-Bold').fontSize(16).text(texts.title, left);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(texts.subtitle).moveDown();
  header();
  for (const item of [...items].sort(byName)) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 24) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fontSize(9).text(item.code, columns.code, y, { width: 85, lineBreak: false });
    doc.text(item.price ?? 'N/A', columns.price, y, { width: 95, align: 'right', lineBreak: false });
    doc.text(item.name, columns.name, y, { width: columns.price - columns.name - 10 });
    doc.moveDown(0.25);
  }
  doc.end();
  return done;
}
