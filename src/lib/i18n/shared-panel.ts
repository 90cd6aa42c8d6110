/**
 * Texts several catalogues of the staff panel show (panel*.ts, order-desk.ts, erp-api.ts), written
 * once. The panel is rendered on the server: no island loads this module.
 */
export const status = { pt: 'Situação', es: 'Estado' };
export const active = { pt: 'Ativa', es: 'Activa' };
export const orders = { pt: 'Pedidos', es: 'Pedidos' };
export const from = { pt: 'De', es: 'Desde' };
export const to = { pt: 'Até', es: 'Hasta' };
export const filter = { pt: 'Filtrar', es: 'Filtrar' };
export const exportCsv = { pt: 'Exportar CSV', es: 'Exportar CSV' };
export const actions = { pt: 'Ações', es: 'Acciones' };
export const reason = { pt: 'Motivo', es: 'Motivo' };
export const codeOrName = { pt: 'Código ou nome', es: 'Código o nombre' };
export const noResults = { pt: 'Nenhum produto encontrado.', es: 'No se encontró ningún producto.' };
export const when = { pt: 'Quando', es: 'Cuándo' };
export const who = { pt: 'Quem', es: 'Quién' };
export const shipping = { pt: 'Frete', es: 'Envíos' };
export const add = { pt: 'Adicionar', es: 'Agregar' };
export const importCatalogue = { pt: 'Importar catálogo', es: 'Importar catálogo' };
export const before = { pt: 'Antes', es: 'Antes' };
export const after = { pt: 'Depois', es: 'Después' };
export const pictures = { pt: 'Fotos de produtos', es: 'Fotos de productos' };
export const banners = { pt: 'Banners', es: 'Banners' };
export const sellers = { pt: 'Vendedores', es: 'Vendedores' };
export const removeQuestion = { pt: 'Remover de vez? Não dá para desfazer.', es: '¿Quitar definitivamente? No se puede deshacer.' };
export const removeYes = { pt: 'Sim, remover', es: 'Sí, quitar' };
export const storefront = { pt: 'Loja', es: 'Tienda' };
