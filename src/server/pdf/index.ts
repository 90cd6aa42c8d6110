// What pages and other domains use of the order documents (decision 0720): the receipt and ticket
// PDFs (attached to order e-mails) and the barcode/QR drawing of a pickup code (the desk's packing
// slips are answered by this domain's routes.ts).
export { renderCodeSvg, renderReceiptPdf, renderTicketPdf } from './service.ts';
