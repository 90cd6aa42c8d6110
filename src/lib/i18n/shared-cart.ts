/**
 * The shared texts (see shared.ts) that the cart's catalogue uses. They live apart because the
 * cart's catalogue is part of the page script every shop page loads (decision 0004): only these
 * go into it, the checkout's and orders' shared texts stay in their own chunks.
 */
export const cart = { pt: 'Carrinho', es: 'Carrito' };
export const emptyCart = { pt: 'Seu carrinho está vazio.', es: 'Tu carrito está vacío.' };
export const checkout = { pt: 'Finalizar compra', es: 'Finalizar compra' };
export const total = { pt: 'Total', es: 'Total' };
export const subtotal = { pt: 'Subtotal', es: 'Subtotal' };
export const itemCode = { pt: 'Código: {code}', es: 'Código: {code}' };
export const quantity = { pt: 'Quantidade', es: 'Cantidad' };
export const decrease = { pt: 'Diminuir quantidade', es: 'Disminuir cantidad' };
export const increase = { pt: 'Aumentar quantidade', es: 'Aumentar cantidad' };
export const remove = { pt: 'Remover', es: 'Quitar' };
export const stockMaxAvailable = { pt: 'Quantidade máxima disponível: {n}', es: 'Cantidad máxima disponible: {n}' };
export const productUnavailable = { pt: 'Produto indisponível', es: 'Producto no disponible' };
export const invalidPrice = { pt: 'Preço inválido', es: 'Precio inválido' };
export const cartNotFound = { pt: 'Carrinho não encontrado.', es: 'Carrito no encontrado.' };
export const productNotFound = { pt: 'Produto não encontrado.', es: 'Producto no encontrado.' };
