import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF shows, page by page: its text (items joined by spaces) and how many pictures each page paints. */
export async function readPdfPages(bytes: Uint8Array): Promise<{ text: string; pictures: number }[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, disableFontFace: true });
  const doc = await task.promise;
  const pages = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    const operators = await page.getOperatorList();
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      pictures: operators.fnArray.filter((op) => op === OPS.paintImageXObject).length,
    });
  }
  await task.destroy();
  return pages;
}
