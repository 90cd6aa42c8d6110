/**
 * Texts the checkout's and the orders' catalogues show alike, written once; catalogues take
 * them as `key: shared.payNow.pt`. An island loads a shared module whole, so shared texts are
 * grouped by who shows them: those the shipping calculator shows too are in shared-shipping.ts;
 * those the cart shows too stay in the cart's catalogue and the others reference it
 * (`cartMessages['pt-BR'].total`), since that catalogue is in the page script every shop page
 * loads already (decision 0004).
 */
export const paymentLinkNotFound = { pt: 'Link de pagamento não encontrado', es: 'Enlace de pago no encontrado' };
export const orderNumber = { pt: 'Pedido nº {number}', es: 'Pedido n.º {number}' };
export const paymentMethod = { pt: 'Forma de pagamento', es: 'Forma de pago' };
export const pickupCode = { pt: 'Código de retirada', es: 'Código de retiro' };
export const orderNotFound = { pt: 'Pedido não encontrado.', es: 'Pedido no encontrado.' };
export const payNow = { pt: 'Pagar agora', es: 'Pagar ahora' };
export const printTicket = { pt: 'Imprimir ticket', es: 'Imprimir ticket' };
export const unitPrice = { pt: 'Valor unitário', es: 'Precio unitario' };
export const ivaIncluded = { pt: 'I.V.A. incluído', es: 'I.V.A. incluido' };
export const buyer = { pt: 'Comprador', es: 'Comprador' };
export const tracking = { pt: 'Rastreamento', es: 'Seguimiento' };
