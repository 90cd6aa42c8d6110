/** Text drawn by pdfkit's standard fonts sits in hex strings inside TJ arrays. */
export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/<([0-9a-fA-F]+)>/g)].map((match) => Buffer.from(match[1]!, 'hex').toString('latin1')).join('');
}
