// What pages and other domains use of the order documents (decision 0720): the receipt and ticket
// PDFs (attached to order e-mails), the barcode/QR drawing of a pickup code, and the order desk's
// packing slips and pick lists.
export { renderCodeSvg, renderPackingSlipsPdf, renderPickListPdf, renderReceiptPdf, renderTicketPdf, type PackingSlip } from './service.ts';
