/**
 * Texts several catalogues show alike (checkout, shipping, orders, money, favourites), written
 * once. Each text is its own export; catalogues take them as `key: shared.payNow.pt`. Texts the
 * cart shows too stay in the cart's catalogue and the others take them from it
 * (`cartMessages['pt-BR'].total`): the cart's catalogue is in the page script every shop page
 * loads (decision 0004), and a shared module there would carry every shared text into it.
 */
export const paymentLinkNotFound = { pt: 'Link de pagamento não encontrado', es: 'Enlace de pago no encontrado' };
export const orderNumber = { pt: 'Pedido nº {number}', es: 'Pedido n.º {number}' };
export const paymentMethod = { pt: 'Forma de pagamento', es: 'Forma de pago' };
export const pickupCode = { pt: 'Código de retirada', es: 'Código de retiro' };
export const orderNotFound = { pt: 'Pedido não encontrado.', es: 'Pedido no encontrado.' };
export const payNow = { pt: 'Pagar agora', es: 'Pagar ahora' };
export const printTicket = { pt: 'Imprimir ticket', es: 'Imprimir ticket' };
export const unitPrice = { pt: 'Valor unitário', es: 'Precio unitario' };
export const shipping = { pt: 'Frete', es: 'Envío' };
export const totalWithShipping = { pt: 'Total com frete', es: 'Total con envío' };
export const ivaIncluded = { pt: 'I.V.A. incluído', es: 'I.V.A. incluido' };
export const free = { pt: 'Grátis', es: 'Gratis' };
export const brazilPickupOnly = { pt: 'Compras do Brasil: somente retirada na loja física.', es: 'Compras desde Brasil: solo retiro en la tienda física.' };
export const noPickupPoints = { pt: 'Não há pontos de retirada nesta cidade.', es: 'No hay puntos de retiro en esta ciudad.' };
export const shippingError = { pt: 'Erro ao calcular o frete. Tente novamente.', es: 'Error al calcular el envío. Inténtalo de nuevo.' };
export const pickupPointsError = { pt: 'Erro ao carregar os pontos de retirada.', es: 'Error al cargar los puntos de retiro.' };
export const pickupPointError = { pt: 'Erro ao calcular o frete para o ponto de retirada.', es: 'Error al calcular el envío para el punto de retiro.' };
export const shippingCartMissing = { pt: 'Carrinho não disponível para cálculo de frete', es: 'Carrito no disponible para el cálculo de envío' };
export const storePickup = { pt: 'Retirada na loja', es: 'Retiro en la tienda' };
export const city = { pt: 'Cidade', es: 'Ciudad' };
export const state = { pt: 'Estado', es: 'Departamento' };
