/**
 * Texts several server-rendered catalogues show (catalogue pages, info pages, orders, the staff
 * panel) and no island catalogue shows, written once: no island loads this module.
 */
export const name = { pt: 'Nome', es: 'Nombre' };
export const productNotFound = { pt: 'Produto não encontrado', es: 'Producto no encontrado' };
export const products = { pt: 'Produtos', es: 'Productos' };
export const any = { pt: 'Todos', es: 'Todos' };
export const filters = { pt: 'Filtros', es: 'Filtros' };
export const pageOf = { pt: 'Página {page} de {pages}', es: 'Página {page} de {pages}' };
export const previous = { pt: 'Anterior', es: 'Anterior' };
export const next = { pt: 'Próxima', es: 'Siguiente' };
export const code = { pt: 'Código', es: 'Código' };
export const price = { pt: 'Preço', es: 'Precio' };
export const stock = { pt: 'Estoque', es: 'Stock' };
export const seeAllProducts = { pt: 'Ver todos os produtos', es: 'Ver todos los productos' };
export const currency = { pt: 'Moeda', es: 'Moneda' };
export const status = { pt: 'Status', es: 'Estado' };
export const delivery = { pt: 'Entrega', es: 'Entrega' };
export const paid = { pt: 'Pago', es: 'Pagado' };
export const date = { pt: 'Data', es: 'Fecha' };
export const items = { pt: 'Itens', es: 'Ítems' };
