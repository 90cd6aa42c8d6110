/**
 * The shared texts (see shared.ts) the shipping calculator shows too: a module of their own,
 * because an island loads a shared module whole and the calculator needs exactly these.
 */
export const shipping = { pt: 'Frete', es: 'Envío' };
export const totalWithShipping = { pt: 'Total com frete', es: 'Total con envío' };
export const free = { pt: 'Grátis', es: 'Gratis' };
export const brazilPickupOnly = {
  pt: 'Compras do Brasil: somente retirada na loja física.',
  es: 'Compras desde Brasil: solo retiro en la tienda física.',
};
export const noPickupPoints = { pt: 'Não há pontos de retirada nesta cidade.', es: 'No hay puntos de retiro en esta ciudad.' };
export const shippingError = { pt: 'Erro ao calcular o frete. Tente novamente.', es: 'Error al calcular el envío. Inténtalo de nuevo.' };
export const pickupPointsError = { pt: 'Erro ao carregar os pontos de retirada.', es: 'Error al cargar los puntos de retiro.' };
export const pickupPointError = {
  pt: 'Erro ao calcular o frete para o ponto de retirada.',
  es: 'Error al calcular el envío para el punto de retiro.',
};
export const shippingCartMissing = {
  pt: 'Carrinho não disponível para cálculo de frete',
  es: 'Carrito no disponible para el cálculo de envío',
};
export const storePickup = { pt: 'Retirada na loja', es: 'Retiro en la tienda' };
export const state = { pt: 'Estado', es: 'Departamento' };
